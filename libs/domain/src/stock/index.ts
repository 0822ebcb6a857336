export * from './car-slug';
export * from './feed-car';
export * from './listing';
export * from './feed-limits';
export * from './feed-normalise';
export * from './media-address';
