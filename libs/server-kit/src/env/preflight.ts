import { Client } from 'pg';
import Redis from 'ioredis';

export class DependencyUnavailableError extends Error {
  override name = 'DependencyUnavailableError';
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * Fails fast, with one line naming the variable and how to start the service, when PostgreSQL
 * or Redis cannot be reached: better than a stack trace after a long retry loop.
 */
export async function checkDependencies(
  env: { DATABASE_URL: string; REDIS_URL: string },
  timeoutMs = 3000,
): Promise<void> {
  const pg = new Client({ connectionString: env.DATABASE_URL, connectionTimeoutMillis: timeoutMs });
  try {
    await pg.connect();
    await pg.query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DependencyUnavailableError(
      `PostgreSQL is not reachable at DATABASE_URL=${redact(env.DATABASE_URL)} (${reason}). Start it with \`docker compose up -d postgres redis\` or point DATABASE_URL at a running server.`,
    );
  } finally {
    await pg.end().catch(() => undefined);
  }

  const redis = new Redis(env.REDIS_URL, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DependencyUnavailableError(
      `Redis is not reachable at REDIS_URL=${redact(env.REDIS_URL)} (${reason}). Start it with \`docker compose up -d postgres redis\` or point REDIS_URL at a running server.`,
    );
  } finally {
    redis.disconnect();
  }
}
