import { z } from 'zod';
import { BaseEnvSchema } from '@platform/server-kit';

export const WorkerEnvSchema = BaseEnvSchema.extend({
  /** Port of the worker's health endpoints (/health/live, /health/ready). */
  WORKER_PORT: z.coerce.number().int().min(1).max(65535).default(3002),
});
export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;
