import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import {
  SearchRequestSchema,
  similarPriceBand,
  type SearchHit,
  type SearchRequest,
  type SearchRequestInput,
  type SearchResult,
  type SearchScope,
} from '@platform/domain';
import type { SearchEngine } from '@platform/search';
import { ENV, REDIS, SEARCH_ENGINE, type BaseEnv } from '@platform/server-kit';
import { stableStringify } from '@platform/stock';
import { SearchCache } from './search-cache';

/** Results kept per API process for stock search; spec 000 §9 leaves the size to us. */
const STOCK_CACHE = { max: 500, ttlMs: 60_000 };
/** Model directory and special-offers caches: 10 entries each (spec 000 §9). */
const DIRECTORY_CACHE = { max: 10, ttlMs: 60_000 };

/** Similar vehicles: 10 per query, at most 6 shown (spec 000 §9). */
export const SIMILAR_PER_QUERY = 10;
export const SIMILAR_MAX = 6;

export interface SimilarTo {
  id: number;
  make: string;
  model: string;
  price: number | null;
}

/** Site search on top of the configured engine, with result caches invalidated by index version. */
@Injectable()
export class SiteSearch {
  private readonly stock: SearchCache<SearchResult>;
  private readonly modelDirectory: SearchCache<SearchResult>;
  private readonly specialOffers: SearchCache<SearchResult>;

  constructor(
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    @Inject(REDIS) redis: Redis,
    @Inject(ENV) env: BaseEnv,
  ) {
    this.stock = new SearchCache(redis, env.REDIS_PREFIX, STOCK_CACHE);
    this.modelDirectory = new SearchCache(redis, env.REDIS_PREFIX, DIRECTORY_CACHE);
    this.specialOffers = new SearchCache(redis, env.REDIS_PREFIX, DIRECTORY_CACHE);
  }

  search(scope: SearchScope, request: SearchRequest): Promise<{ value: SearchResult; hit: boolean }> {
    return this.stock.get(scope.siteId, stableStringify(request), () => this.engine.query(scope, request));
  }

  modelSearch(scope: SearchScope, request: SearchRequest): Promise<{ value: SearchResult; hit: boolean }> {
    return this.modelDirectory.get(scope.siteId, stableStringify(request), () => this.engine.query(scope, request));
  }

  specialOfferSearch(scope: SearchScope, request: SearchRequest): Promise<{ value: SearchResult; hit: boolean }> {
    return this.specialOffers.get(scope.siteId, `${scope.dealershipIds.join(',')}|${stableStringify(request)}`, () =>
      this.engine.query(scope, request),
    );
  }

  /** Hits only, for carousels and lists: no facets are counted. */
  async hits(
    scope: SearchScope,
    request: Omit<SearchRequestInput, 'facets' | 'page'>,
    limit: number,
  ): Promise<SearchHit[]> {
    const parsed = SearchRequestSchema.parse({ ...request, page: 1, hitsPerPage: limit, facets: [] });
    return (await this.search(scope, parsed)).value.hits;
  }

  /**
   * Similar vehicles (spec 000 §7, §9): in-stock cars in the price band (+-10,000 under 50,000, else
   * +-25,000), the same model first; never the car itself; de-duplicated; 6 at most. The band applies
   * to both queries, so a $48,990 RAV4 is not shown a $4,990 one; a car with no price has no band,
   * and gets the same model at any price.
   */
  async similar(scope: SearchScope, car: SimilarTo): Promise<SearchHit[]> {
    const inStock = { status: ['in_stock'] };
    const band = similarPriceBand(car.price);
    const ranges = band ? { price: `${band.min}:${band.max}` } : {};
    const [sameModel, samePrice] = await Promise.all([
      this.hits(scope, { filters: { ...inStock, make: [car.make], model: [car.model] }, ranges }, SIMILAR_PER_QUERY),
      band ? this.hits(scope, { filters: inStock, ranges }, SIMILAR_PER_QUERY) : Promise.resolve([]),
    ]);
    const seen = new Set<number>([car.id]);
    const similar: SearchHit[] = [];
    for (const hit of [...sameModel, ...samePrice]) {
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      similar.push(hit);
      if (similar.length === SIMILAR_MAX) break;
    }
    return similar;
  }
}
