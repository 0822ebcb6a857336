export * from './opening-hours';
