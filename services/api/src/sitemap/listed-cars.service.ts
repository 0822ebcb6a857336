import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { passesVisibilityFilters } from '@platform/domain';
import { documentsAfter } from '@platform/stock';
import type { SiteContext } from '../sites/site-directory';

/** A car page a search engine may index, and when it last changed. */
export interface ListedCar {
  slug: string;
  lastmod: string;
}

const PAGE = 5_000;
// Crawlers read a sitemap hours apart; five minutes keeps a crawl of many sites from rebuilding one
// site's list per request, and a car is never listed past its window for longer than that.
const TTL_MS = 5 * 60_000;

/** Every car page a site shows right now, by the same rules as its search (sold cars inside their window included). */
@Injectable()
export class ListedCars {
  private readonly cache = new LRUCache<number, ListedCar[]>({ max: 200, ttl: TTL_MS });

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async of(site: SiteContext, now = new Date()): Promise<ListedCar[]> {
    const cached = this.cache.get(site.id);
    if (cached) return cached;
    const cars: ListedCar[] = [];
    for (let afterId = 0; ;) {
      const documents = await documentsAfter(this.db.manager, site.id, afterId, PAGE, now);
      for (const document of documents) {
        if (passesVisibilityFilters(document, site.scope.visibilityFilters)) {
          cars.push({ slug: document.hit.slug, lastmod: new Date(document.source_version).toISOString() });
        }
      }
      if (documents.length < PAGE) break;
      afterId = documents[documents.length - 1]!.id;
    }
    this.cache.set(site.id, cars);
    return cars;
  }
}
