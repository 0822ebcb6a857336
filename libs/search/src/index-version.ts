import type Redis from 'ioredis';

/**
 * A per-site counter in Redis that the indexer bumps whenever the site's index changes; search
 * result caches compare it to drop stale entries, so a pushed feed shows within seconds.
 */
export const searchVersionKey = (prefix: string, siteId: number): string => `${prefix}:search-version:${siteId}`;

export async function bumpSearchVersion(redis: Redis, prefix: string, siteId: number): Promise<void> {
  await redis.incr(searchVersionKey(prefix, siteId));
}
