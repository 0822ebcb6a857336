import type Redis from 'ioredis';

/**
 * A per-site counter in Redis that the indexer bumps whenever the site's index changes; search
 * result caches compare it to drop stale entries, so a pushed feed shows within seconds.
 */
export const searchVersionKey = (prefix: string, siteId: number): string => `${prefix}:search-version:${siteId}`;

/** The site's current index version ('0' before its first change). */
export async function readSearchVersion(redis: Redis, prefix: string, siteId: number): Promise<string> {
  return (await redis.get(searchVersionKey(prefix, siteId))) ?? '0';
}

export async function bumpSearchVersion(redis: Redis, prefix: string, siteId: number): Promise<void> {
  await redis.incr(searchVersionKey(prefix, siteId));
}

/** Index names derive from the Redis prefix, so installs and test runs sharing a cluster never mix. */
export const searchIndexPrefix = (redisPrefix: string): string =>
  `${redisPrefix.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}-cars`;
