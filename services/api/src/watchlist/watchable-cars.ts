import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { passesVisibilityFilters } from '@platform/domain';
import { documentsForCars } from '@platform/stock';
import type { SiteContext } from '../sites/site-directory';

/** Which cars a shopper may save to, or remove from, a site's watchlist. */
@Injectable()
export class WatchableCars {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Whether the site shows the car right now, by the same rules as its search: the base visibility
   * filter (in stock, coming soon, or sold within its listing window; shown on the dealer website;
   * not withdrawn) and the site's own visibility filters, applied to the car's search document.
   */
  async isShown(site: SiteContext, carId: number, now = new Date()): Promise<boolean> {
    const { documents } = await documentsForCars(this.db.manager, site.id, [carId], now);
    const [document] = documents;
    return document !== undefined && passesVisibilityFilters(document, site.scope.visibilityFilters);
  }

  /**
   * Whether the car is one of the site's, in any state. Removal needs no more: a shopper must be
   * able to drop a car that has since sold or been hidden.
   */
  async belongsTo(siteId: number, carId: number): Promise<boolean> {
    const rows = (await this.db.query(
      `SELECT 1 FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE c.id = $1 AND d.site_id = $2`,
      [carId, siteId],
    )) as unknown[];
    return rows.length > 0;
  }
}
