import { z } from 'zod';
import { BaseEnvSchema } from '@platform/server-kit';

export const ApiEnvSchema = BaseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /** Folder served at /media (logos, demo photos); a CDN replaces it in production. */
  MEDIA_DIR: z.string().optional(),
});
export type ApiEnv = z.infer<typeof ApiEnvSchema>;
