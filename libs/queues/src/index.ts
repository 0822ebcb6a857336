export * from './queues';
export * from './producer';
export * from './worker-group';
export * from './dependency-backoff';
export * from './repeat-every';
export * from './with-timeout';
// Thrown by a processor that moved its own job to later (job.moveToDelayed), so no attempt is spent.
export { DelayedError } from 'bullmq';
