export * from './roll-up';
export * from './search-appearances';
export * from './car-insights';
export * from './insights-workers';
