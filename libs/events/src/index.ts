export * from './car-events';
export * from './event-workers';
