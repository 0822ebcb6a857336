import { z } from 'zod';
import { presentEnv } from '@platform/db';

/** Environment shared by api and worker. Defaults point at a developer's local services. */
/** The address a server binds its port to: an IPv4 or IPv6 address, or a host name that resolves to one. */
export const BindHostSchema = z.union([z.ipv4(), z.ipv6(), z.hostname()], {
  error: "Use an IP address ('127.0.0.1', '::') or a host name",
});

export const BaseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z
    .url({ message: 'DATABASE_URL must be a postgres:// URL' })
    .default('postgres://postgres@127.0.0.1:5432/dealer_platform'),
  REDIS_URL: z.url({ message: 'REDIS_URL must be a redis:// URL' }).default('redis://127.0.0.1:6379'),
  /** Key prefix for every Redis key and queue, so several installs or test runs share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]+$/)
    .default('platform'),
  /** When set, search uses OpenSearch; otherwise the PostgreSQL projection. */
  OPENSEARCH_URL: z.url().optional(),
  /**
   * Without OpenSearch, search documents held in memory across sites (each site's live version,
   * kept fresh against PostgreSQL); a site past it is answered by PostgreSQL. 0 turns it off.
   */
  SEARCH_MEMORY_MAX_DOCUMENTS: z.coerce.number().int().min(0).max(10_000_000).default(250_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a SIGTERM waits for in-flight requests and jobs before exiting anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /** A feed run 'running' with no progress for this long is stuck: the sweep resumes it (3 times), then fails it. */
  FEED_RUN_STUCK_AFTER_MS: z.coerce.number().int().min(60_000, 'must be at least 60000 (one minute)').default(60_000),
  /**
   * How long a process trusts the site-configuration version it last read, in ms. 0 checks on every
   * read (one primary-key query), so a change is seen at once; a busy deployment may trade up to a
   * minute of staleness for that query.
   */
  SITE_CONFIG_CHECK_MS: z.coerce.number().int().min(0).max(60_000, 'must be at most 60000 (one minute)').default(0),
});
export type BaseEnv = z.infer<typeof BaseEnvSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parses the environment with the given schema; the error names each variable and the fix. A
 * variable set to an empty value counts as unset (the dotenv convention), so `OPENSEARCH_URL=`
 * means PostgreSQL search rather than an invalid URL.
 */
export function loadEnv<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(presentEnv(source));
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid environment: ${lines.join('; ')}`);
}
