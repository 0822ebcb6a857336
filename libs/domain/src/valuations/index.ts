export * from './trade-in-estimate';
