export * from './trade-in-estimate';
export * from './condition-adjustments';
