import Redis from 'ioredis';
import { bumpSearchVersion } from '@platform/search';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '@platform/testing';
import { SearchCache } from './search-cache';

describe('SearchCache (real Redis)', () => {
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });

  afterAll(() => {
    redis.disconnect();
  });

  it('serves a result until the site version moves, per site', async () => {
    const prefix = uniqueRedisPrefix();
    const cache = new SearchCache<{ n: number }>(redis, prefix, { max: 10, ttlMs: 60_000 });
    let computed = 0;
    const compute = async () => ({ n: ++computed });
    expect(await cache.get(1, 'q', compute)).toEqual({ value: { n: 1 }, hit: false });
    expect(await cache.get(1, 'q', compute)).toEqual({ value: { n: 1 }, hit: true });
    expect(await cache.get(2, 'q', compute)).toEqual({ value: { n: 2 }, hit: false });
    await bumpSearchVersion(redis, prefix, 1);
    expect(await cache.get(1, 'q', compute)).toEqual({ value: { n: 3 }, hit: false });
    expect(await cache.get(2, 'q', compute)).toEqual({ value: { n: 2 }, hit: true });
  });

  it('evicts the least recently used entry when full', async () => {
    const cache = new SearchCache<{ key: string }>(redis, uniqueRedisPrefix(), { max: 2, ttlMs: 60_000 });
    const compute = (key: string) => async () => ({ key });
    await cache.get(1, 'a', compute('a'));
    await cache.get(1, 'b', compute('b'));
    await cache.get(1, 'a', compute('a'));
    await cache.get(1, 'c', compute('c'));
    expect(cache.size).toBe(2);
    expect((await cache.get(1, 'a', compute('a'))).hit).toBe(true);
    expect((await cache.get(1, 'b', compute('b'))).hit).toBe(false);
  });

  it('computes without caching when Redis cannot be read, so search keeps answering', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    try {
      const cache = new SearchCache<{ n: number }>(down, 'x', { max: 10, ttlMs: 60_000 });
      let computed = 0;
      const compute = async () => ({ n: ++computed });
      expect(await cache.get(1, 'q', compute)).toEqual({ value: { n: 1 }, hit: false });
      expect(await cache.get(1, 'q', compute)).toEqual({ value: { n: 2 }, hit: false });
      expect(cache.size).toBe(0);
    } finally {
      down.disconnect();
    }
  });
});
