import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  carName,
  isInStock,
  photoSrc,
  priceDisplay,
  samePhone,
  type CarStatus,
  type PriceDisplay,
} from '@platform/domain';
import { storedPhotosOf } from '@platform/stock';
import { ProblemException } from '@platform/server-kit';
import type { SignedInShopper } from '../sign-in/session-reader';
import { SiteDirectory } from '../sites/site-directory';
import { liveConsentViews, type ConsentView } from '../alerts/alert-consents';
import { WatchableCars } from './watchable-cars';

export interface WatchlistItem {
  car_id: number;
  slug: string;
  title: string;
  /** The current price as the car page shows it. */
  price: PriceDisplay;
  status: string;
  in_stock: boolean;
  image: string | null;
  saved_at: string;
  /** Whether the car's news (price drop, reserved, sold) alerts the shopper: followed, not paused. */
  alerts: boolean;
  /** The channels its alerts come by: each one a live consent, listed in `consents`. */
  alert_channels: string[];
  consents: ConsentView[];
}

const notYourNumber = () =>
  new ProblemException({
    status: 403,
    title: 'Wrong phone number',
    detail: 'This phone number is not the one you signed in with. Please sign in again.',
  });

const carNotFound = (carId: number) =>
  new ProblemException({
    status: 404,
    title: 'Car not found',
    detail: `This car (${carId}) is not available on this site.`,
  });

/** The saved list draws a small picture: a card-width variant is plenty. */
const LIST_IMAGE_WIDTH = 320;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** A signed-in shopper's saved cars, on the site the session belongs to. */
@Injectable()
export class WatchlistService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sites: SiteDirectory,
    private readonly cars: WatchableCars,
  ) {}

  /**
   * Saves a car the site shows, without alerts (following it, with the channels ticked, is asking
   * for them); saving it again changes nothing.
   */
  async save(shopper: SignedInShopper, body: { phone_number: string; car_id: number }): Promise<{ success: true }> {
    if (!samePhone(body.phone_number, shopper.phone)) throw notYourNumber();
    const site = await this.sites.bySlug(shopper.siteSlug);
    if (!(await this.cars.isShown(site, body.car_id))) throw carNotFound(body.car_id);
    await this.db.query(`INSERT INTO watchlist_items (shopper_id, car_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      shopper.shopperId,
      body.car_id,
    ]);
    return { success: true };
  }

  /** Removes a car of the site; removing one that was not saved changes nothing. */
  async remove(shopper: SignedInShopper, body: { phone_number: string; car_id: number }): Promise<{ success: true }> {
    if (!samePhone(body.phone_number, shopper.phone)) throw notYourNumber();
    if (!(await this.cars.belongsTo(shopper.siteId, body.car_id))) throw carNotFound(body.car_id);
    await this.db.query(`DELETE FROM watchlist_items WHERE shopper_id = $1 AND car_id = $2`, [
      shopper.shopperId,
      body.car_id,
    ]);
    return { success: true };
  }

  /**
   * Saved cars, newest first, with today's price and status. Sold cars stay (the shopper sees they
   * sold); withdrawn or hidden ones are left out, as their pages are.
   */
  async list(shopper: SignedInShopper): Promise<{ items: WatchlistItem[] }> {
    const rows = (await this.db.query(
      `SELECT c.id, c.slug, c.dealership_id, c.year, c.make, c.model, c.badge, c.status, c.price, c.before_price, c.subscription_price, c.data, w.created_at AS saved_at, NOT w.alerts_paused AS alerts, w.alert_channels
       FROM watchlist_items w
       JOIN cars c ON c.id = w.car_id
       JOIN dealerships d ON d.id = c.dealership_id
       WHERE w.shopper_id = $1 AND d.site_id = $2 AND c.withdrawn_at IS NULL AND c.show_on_dealer_website
       ORDER BY w.created_at DESC, c.id DESC`,
      [shopper.shopperId, shopper.siteId],
    )) as {
      id: number;
      slug: string;
      dealership_id: number;
      year: number;
      make: string;
      model: string;
      badge: string | null;
      status: string;
      price: number | null;
      before_price: number | null;
      subscription_price: number | null;
      data: Record<string, unknown>;
      saved_at: Date;
      alerts: boolean;
      alert_channels: string[];
    }[];
    const consents = await liveConsentViews(this.db, shopper.shopperId);
    const items: WatchlistItem[] = [];
    const photos = await storedPhotosOf(this.db, rows);
    for (const row of rows) {
      const lookup = photos(row.dealership_id);
      // The dealership's layers may change the no-price wording or switch subscriptions on.
      const config = await this.sites.forDealership(row.dealership_id);
      const offer = row.data['offer_price'];
      const images = Array.isArray(row.data['images']) ? (row.data['images'] as { url?: unknown }[]) : [];
      const primary = text(row.data['primary_image_url']) ?? text(images[0]?.url);
      items.push({
        car_id: row.id,
        slug: row.slug,
        title: carName(row),
        price: priceDisplay(
          {
            price: row.price,
            before_price: row.before_price,
            subscription_price: row.subscription_price,
            offer_price: typeof offer === 'number' ? offer : null,
            preorder: row.data['preorder'] === true,
          },
          { noPriceText: config.wording.no_price_text, subscriptionEnabled: config.features.subscription_enabled },
        ),
        status: row.status,
        in_stock: isInStock({ status: row.status as CarStatus }),
        // The stored photo or the platform's own file: a dealer's address is never handed to the page.
        image: photoSrc(primary, lookup(primary), LIST_IMAGE_WIDTH),
        saved_at: row.saved_at.toISOString(),
        alerts: row.alerts,
        alert_channels: row.alerts ? row.alert_channels : [],
        consents: row.alerts ? (consents.get(`car:${row.id}`) ?? []) : [],
      });
    }
    return { items };
  }
}
