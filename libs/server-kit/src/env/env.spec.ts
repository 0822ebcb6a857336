import { BaseEnvSchema, EnvError, loadEnv } from './env';
import { checkDependencies, DependencyUnavailableError } from './preflight';

describe('environment', () => {
  it('defaults to the local services', () => {
    const env = loadEnv(BaseEnvSchema, {});
    expect(env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/dealer_platform');
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(env.SHUTDOWN_TIMEOUT_MS).toBe(10000);
  });

  it('treats a variable set to an empty value as unset, as a .env file line `OPENSEARCH_URL=` means', () => {
    const env = loadEnv(BaseEnvSchema, { OPENSEARCH_URL: '', REDIS_PREFIX: '', DATABASE_URL: ' ' });
    expect(env.OPENSEARCH_URL).toBeUndefined();
    expect(env.REDIS_PREFIX).toBe('platform');
    expect(env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/dealer_platform');
  });

  it('names the variable and the problem when a value is invalid', () => {
    expect(() => loadEnv(BaseEnvSchema, { DATABASE_URL: 'not a url' })).toThrow(EnvError);
    expect(() => loadEnv(BaseEnvSchema, { DATABASE_URL: 'not a url' })).toThrow(
      'DATABASE_URL: DATABASE_URL must be a postgres:// URL',
    );
  });
});

describe('preflight', () => {
  it('fails within seconds with one line naming DATABASE_URL and how to start PostgreSQL', async () => {
    // Port 1 on loopback refuses at once: nothing listens there.
    const started = Date.now();
    const error = await checkDependencies(
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x', REDIS_URL: 'redis://127.0.0.1:6379' },
      2000,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect((error as Error).message).toMatch(
      /^PostgreSQL is not reachable at DATABASE_URL=postgres:\/\/postgres@127\.0\.0\.1:1\/x .*docker compose up -d postgres redis/,
    );
    expect((error as Error).message).not.toContain('\n');
    expect(Date.now() - started).toBeLessThan(10000);
  });

  it('names REDIS_URL when Redis is unreachable, and never prints a password', async () => {
    const error = await checkDependencies(
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://:secret@127.0.0.1:1' },
      2000,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect((error as Error).message).toMatch(/^Redis is not reachable at REDIS_URL=redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
    expect((error as Error).message).not.toContain('secret');
  });

  it('passes when both services answer', async () => {
    await expect(
      checkDependencies({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
        REDIS_URL: 'redis://127.0.0.1:6379',
      }),
    ).resolves.toBeUndefined();
  });
});
