import Redis from 'ioredis';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '@platform/testing';
import { StoreHealth } from './store-health';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('StoreHealth: the media store’s health shared by every worker (real Redis)', () => {
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('goes down on a failed write, lets one worker at a time try again once due, backing off, and is healthy after a write', async () => {
    const prefix = uniqueRedisPrefix();
    const retry = { firstMs: 200, maxMs: 500, probeLeaseMs: 5_000 };
    // Two workers' views of one store.
    const a = new StoreHealth(redis, prefix, retry);
    const b = new StoreHealth(redis, prefix, retry);
    expect(await a.state()).toEqual({ healthy: true });
    expect(await a.failed('ENOSPC')).toBe(true);
    // A second worker's failure keeps the first back-off.
    expect(await b.failed('ENOSPC')).toBe(false);
    const down = await b.state();
    expect(down).toMatchObject({ healthy: false, failure: 'ENOSPC', probes: 0 });
    // Not due yet: nobody tries.
    expect(await a.admitProbe()).toBe(false);
    await sleep(250);
    // Due: one worker tries, the other waits for it.
    expect(await a.admitProbe()).toBe(true);
    expect(await b.admitProbe()).toBe(false);
    await a.probeFailed('EIO');
    const longer = await b.state();
    expect(longer).toMatchObject({ healthy: false, failure: 'EIO', probes: 1 });
    if (longer.healthy) throw new Error('unreachable');
    // Twice the first wait, within the cap.
    expect(longer.retryAt - Date.now()).toBeGreaterThan(300);
    expect(longer.retryAt - Date.now()).toBeLessThanOrEqual(400);
    await a.probeFailed('EIO');
    const capped = await a.state();
    if (capped.healthy) throw new Error('unreachable');
    expect(capped.retryAt - Date.now()).toBeLessThanOrEqual(500);
    expect(await b.recovered()).toBe(true);
    expect(await a.state()).toEqual({ healthy: true });
    expect(await a.recovered()).toBe(false);
  });
});
