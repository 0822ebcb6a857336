export * from './queues';
export * from './producer';
export * from './worker-group';
export * from './with-timeout';
