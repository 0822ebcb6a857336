export * from './queues';
export * from './producer';
export * from './worker-group';
