export * from './car-events';
export * from './event-workers';
export * from './insights';
