import { z } from 'zod';
import { BaseEnvSchema } from '@platform/server-kit';

export const ApiEnvSchema = BaseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /** Folder served at /media (logos, demo photos); a CDN replaces it in production. */
  MEDIA_DIR: z.string().optional(),
  /** Bearer token of the ops API and the queue dashboard. Required in production. */
  OPS_TOKEN: z.string().min(24, 'OPS_TOKEN must be at least 24 characters (generate one with `openssl rand -hex 32`)').optional(),
  /** Largest feed body accepted, in bytes (50 MB). */
  FEED_MAX_BYTES: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  /** Phone reveals one client may report per minute before getting 429. */
  PHONE_REVEAL_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Port the web answers on for *.localhost development hosts (printed page links). */
  WEB_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Finance quote service; when unset the built-in provider computes quotes from the site's rates. */
  QUOTE_SERVICE_URL: z.url().optional(),
  QUOTE_SERVICE_TOKEN: z.string().min(1).optional(),
}).refine((env) => env.NODE_ENV !== 'production' || env.OPS_TOKEN !== undefined, {
  path: ['OPS_TOKEN'],
  message: 'OPS_TOKEN is required in production: the ops API and queue dashboard must not run unprotected',
});
export type ApiEnv = z.infer<typeof ApiEnvSchema>;
