import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ProblemException } from '@platform/server-kit';
import { SiteCars, type SiteCar } from '../cars/site-cars';
import type { McpSite } from './mcp-site';
import { ToolRefusal } from './tool-result';

/**
 * Finds a car of this site by what its pages show: the slug in its page address, else its stock
 * number. Only cars the site shows (not withdrawn, shown on the dealer's website, of this site's
 * dealerships) are found: another site's car, a database id or anything else is the same
 * 'unknown car', so the endpoint says nothing about what other sites hold.
 */
@Injectable()
export class McpCarLookup {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cars: SiteCars,
  ) {}

  async find(site: McpSite, reference: string, field = 'car'): Promise<SiteCar> {
    const wanted = reference.trim();
    const slug = /^[a-z0-9-]{1,200}$/.test(wanted) ? wanted : null;
    const bySlug = slug ? await this.bySlug(site, slug) : null;
    if (bySlug) return bySlug;
    const [stocked] = (await this.db.query(
      `SELECT c.slug FROM cars c JOIN dealerships d ON d.id = c.dealership_id
       WHERE d.site_id = $1 AND d.retired_at IS NULL AND lower(c.stocknum) = lower($2)
         AND c.withdrawn_at IS NULL AND c.show_on_dealer_website
       ORDER BY c.updated_at DESC LIMIT 1`,
      [site.site.id, wanted],
    )) as { slug: string }[];
    const byStock = stocked ? await this.bySlug(site, stocked.slug) : null;
    if (byStock) return byStock;
    throw new ToolRefusal(
      field,
      `Unknown car: ${site.dealer.name} has no car '${wanted.slice(0, 60)}'. Use a reference or stock number that search_cars answered.`,
    );
  }

  private async bySlug(site: McpSite, slug: string): Promise<SiteCar | null> {
    try {
      const found = await this.cars.bySlug(site.site.id, slug);
      return site.dealerships.has(found.dealership.id) ? found : null;
    } catch (error) {
      if (error instanceof ProblemException && error.getStatus() === 404) return null;
      throw error;
    }
  }
}
