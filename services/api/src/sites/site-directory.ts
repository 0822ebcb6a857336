import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { SiteConfigError, type SiteConfig } from '@platform/domain';
import { notFound, ProblemException } from '@platform/server-kit';
import { dealershipConfig, siteSettings, type SiteSettings } from '@platform/stock';

/**
 * What site endpoints need about a tenant, resolved once and cached briefly. Its config is the
 * site level (template <- site); a car's own adds its dealership and brand layers.
 */
export type SiteContext = SiteSettings;

// Configuration and dealerships change rarely and by hand; ten seconds of staleness keeps a hot
// search path to zero extra queries without making an ops change wait noticeably.
const TTL_MS = 10_000;

/** Resolves sites by slug and dealership configurations, with a short in-process cache. */
@Injectable()
export class SiteDirectory {
  private readonly sites = new LRUCache<string, SiteContext>({ max: 1000, ttl: TTL_MS });
  private readonly dealerships = new LRUCache<number, SiteConfig>({ max: 5000, ttl: TTL_MS });

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async bySlug(slug: string): Promise<SiteContext> {
    const cached = this.sites.get(slug);
    if (cached) return cached;
    const context = await guardConfig(() => siteSettings(this.db.manager, { slug }));
    if (!context) throw notFound('Site not found', `No site has the slug '${slug}'.`);
    this.sites.set(slug, context);
    return context;
  }

  /** The merged configuration a car of this dealership is shown with (… <- dealership <- brand). */
  async forDealership(dealershipId: number): Promise<SiteConfig> {
    const cached = this.dealerships.get(dealershipId);
    if (cached) return cached;
    const config = await guardConfig(() => dealershipConfig(this.db.manager, dealershipId));
    this.dealerships.set(dealershipId, config);
    return config;
  }
}

/** A configuration that fails its schema is never used: it becomes a 500 naming the layer and path. */
export function guardConfig<T>(work: () => T): T {
  const fail = (error: unknown): never => {
    if (error instanceof SiteConfigError) {
      throw new ProblemException({
        status: 500,
        title: 'Site configuration invalid',
        detail: error.message,
        errors: error.issues.map((i) => ({ path: `${error.layer}.${i.path}`, message: i.message })),
      });
    }
    throw error;
  };
  try {
    const result = work();
    return (result instanceof Promise ? result.catch(fail) : result) as T;
  } catch (error) {
    return fail(error);
  }
}
