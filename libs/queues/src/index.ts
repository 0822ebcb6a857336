export * from './queues';
export * from './producer';
