import type Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import { readSearchVersion } from '@platform/search';

export interface SearchCacheOptions {
  /** Entries kept; the least recently used is evicted first. */
  max: number;
  /** A backstop: entries expire even if a version bump is missed. */
  ttlMs: number;
}

/**
 * An in-process LRU of search results keyed by the site's index version. The indexer bumps the
 * version in Redis whenever the site's index changes, so a stale entry is simply never asked for
 * again: a pushed feed shows on the next search. When Redis cannot be read, results are computed
 * and not cached, so search keeps working and never serves something unverifiable.
 */
export class SearchCache<T extends object> {
  private readonly entries: LRUCache<string, T>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: SearchCacheOptions,
  ) {
    this.entries = new LRUCache<string, T>({ max: options.max, ttl: options.ttlMs });
  }

  async get(siteId: number, key: string, compute: () => Promise<T>): Promise<{ value: T; hit: boolean }> {
    const version = await this.version(siteId);
    if (version === null) return { value: await compute(), hit: false };
    const cacheKey = `${siteId}:${version}:${key}`;
    const cached = this.entries.get(cacheKey);
    if (cached) return { value: cached, hit: true };
    const value = await compute();
    this.entries.set(cacheKey, value);
    return { value, hit: false };
  }

  get size(): number {
    return this.entries.size;
  }

  private async version(siteId: number): Promise<string | null> {
    try {
      return await readSearchVersion(this.redis, this.prefix, siteId);
    } catch {
      return null;
    }
  }
}
