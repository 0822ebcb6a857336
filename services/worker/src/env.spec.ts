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

describe('the media store settings', () => {
  it('store photos on the local disk by default, four at a time, and make one photo’s variants at a time', () => {
    expect(WorkerEnvSchema.parse(BASE)).toMatchObject({
      MEDIA_STORE: 'local',
      MEDIA_STORE_DIR: 'data/media',
      MEDIA_CONCURRENCY: 4,
      MEDIA_VARIANT_CONCURRENCY: 1,
      MEDIA_HOST_CONCURRENCY: 2,
      MEDIA_RECHECK_HOURS: 12,
      MEDIA_BREAKER_FAILURES: 5,
      MEDIA_BREAKER_COOLDOWN_SECONDS: 60,
      MEDIA_MAX_DEFER_HOURS: 6,
      MEDIA_RETENTION_DAYS: 30,
    });
  });

  it('refuse photo politeness settings out of range, naming the variable', () => {
    for (const [name, value] of [
      ['MEDIA_HOST_CONCURRENCY', '0'],
      ['MEDIA_VARIANT_CONCURRENCY', '0'],
      ['MEDIA_RECHECK_HOURS', '-1'],
      ['MEDIA_BREAKER_FAILURES', 'many'],
      ['MEDIA_RETENTION_DAYS', '0'],
    ] as const) {
      const result = WorkerEnvSchema.safeParse({ ...BASE, [name]: value });
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(name);
    }
  });

  it('refuse an S3 store without a bucket, naming the variable', () => {
    const result = WorkerEnvSchema.safeParse({ ...BASE, MEDIA_STORE: 's3' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('MEDIA_S3_BUCKET');
  });

  it('refuse an allowed-address list that is not addresses', () => {
    expect(WorkerEnvSchema.safeParse({ ...BASE, OUTBOUND_ALLOWED_ADDRESSES: 'example.com' }).success).toBe(false);
    expect(WorkerEnvSchema.parse({ ...BASE, OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.2' }).OUTBOUND_ALLOWED_ADDRESSES).toBe(
      '127.0.0.2',
    );
  });

  it('take an address with a port (the demo photo host), and name an entry that is not one', () => {
    for (const list of ['127.0.0.1:3090', '[::1]:3090', '127.0.0.2,127.0.0.1:3090,10.1.0.0/16'])
      expect(WorkerEnvSchema.parse({ ...BASE, OUTBOUND_ALLOWED_ADDRESSES: list }).OUTBOUND_ALLOWED_ADDRESSES).toBe(
        list,
      );
    const result = WorkerEnvSchema.safeParse({ ...BASE, OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.2,127.0.0.1:0' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['OUTBOUND_ALLOWED_ADDRESSES', '"127.0.0.1:0": the port must be 1 to 65535'],
    ]);
  });
});

describe('WEB_PORT', () => {
  it('is the web’s port, 3000 unless set, as the api has it: links to *.localhost sites name it', () => {
    expect(WorkerEnvSchema.parse(BASE).WEB_PORT).toBe(3000);
    expect(WorkerEnvSchema.parse({ ...BASE, WEB_PORT: '3100' }).WEB_PORT).toBe(3100);
    expect(WorkerEnvSchema.safeParse({ ...BASE, WEB_PORT: '70000' }).success).toBe(false);
  });
});

describe('SITE_RETENTION_DAYS', () => {
  it('keeps a retired site 30 days unless set, and takes any whole number of days from 1', () => {
    expect(WorkerEnvSchema.parse(BASE).SITE_RETENTION_DAYS).toBe(30);
    expect(WorkerEnvSchema.parse({ ...BASE, SITE_RETENTION_DAYS: '1' }).SITE_RETENTION_DAYS).toBe(1);
    expect(WorkerEnvSchema.parse({ ...BASE, SITE_RETENTION_DAYS: '365' }).SITE_RETENTION_DAYS).toBe(365);
  });

  it('refuses a retention that would purge at once or is no number of days, naming the variable', () => {
    for (const value of ['0', '-1', '1.5', 'forever']) {
      const result = WorkerEnvSchema.safeParse({ ...BASE, SITE_RETENTION_DAYS: value });
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['SITE_RETENTION_DAYS']);
    }
  });
});
