export * from './car-slug';
export * from './feed-car';
export * from './listing';
