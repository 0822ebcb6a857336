import { WorkerEnvSchema } from './env';

const BASE = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('WORKER_BIND_HOST', () => {
  it('is loopback by default: the worker port (health, unauthenticated /metrics) is for this host only', () => {
    expect(WorkerEnvSchema.parse(BASE).WORKER_BIND_HOST).toBe('127.0.0.1');
  });

  it.each(['0.0.0.0', '::', '10.0.0.5', 'worker.internal'])(
    'takes %s where a scraper on another host needs it',
    (host) => {
      expect(WorkerEnvSchema.parse({ ...BASE, WORKER_BIND_HOST: host }).WORKER_BIND_HOST).toBe(host);
    },
  );

  it('refuses something that is no address', () => {
    expect(WorkerEnvSchema.safeParse({ ...BASE, WORKER_BIND_HOST: 'not a host' }).success).toBe(false);
  });
});
