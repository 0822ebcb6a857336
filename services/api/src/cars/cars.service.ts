import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  autogauge,
  carName,
  financeDisclaimer,
  isMediaAddress,
  isPlatformMediaPath,
  photoUrl,
  shortDisclaimer,
  siteOrigin,
  variantForWidth,
  testDriveSlots,
  type Autogauge,
  type AutograbData,
  type SearchHit,
  type StoredCar,
  type TestDriveDay,
} from '@platform/domain';
import { QueueProducer } from '@platform/queues';
import { LRUCache } from 'lru-cache';
import { allowedAddresses, ENV, notFound, ProblemException } from '@platform/server-kit';
import { storedPhotosOf } from '@platform/stock';
import { PhotoServer } from '../media/photo-server';
import type { ApiEnv } from '../env';
import { comparablePrices } from '../market/comparable-prices';
import { SiteSearch } from '../search/site-search.service';
import { SiteDirectory } from '../sites/site-directory';
import { dealershipView, locationView } from '../sites/site-view';
import { carView, derivedCarFields } from './car-view';
import { printableCar } from './printable';
import { SiteCars, type SiteCar } from './site-cars';
import { createImageLoader, renderCarPdf } from './print';
import { DEMO_ASSETS_DIR } from '@platform/seed';

/** Fields the vehicle page refreshes from view.json when its cached copy is older than the car. */
const FRESH_FIELDS = [
  'status',
  'sold',
  'price',
  'before_price',
  'subscription_price',
  'reserved',
  'tag',
  'photos_count',
  'images',
  'primary_image_url',
  'primary_photo',
  'updated_at',
] as const;

/** Memory the cache of made PDFs may use (a PDF with photos is 100 KB to 2 MB). */
const PDF_CACHE_BYTES = 64 * 1024 * 1024;

@Injectable()
export class CarsService {
  private readonly logger = new Logger(CarsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly sites: SiteDirectory,
    private readonly cars: SiteCars,
    private readonly search: SiteSearch,
    private readonly producer: QueueProducer,
    private readonly photoServer: PhotoServer,
  ) {
    this.photoSources = allowedAddresses(env.OUTBOUND_ALLOWED_ADDRESSES);
    this.pdfs = new LRUCache<string, Buffer>({
      maxSize: PDF_CACHE_BYTES,
      sizeCalculation: (pdf) => pdf.length,
      ttl: Math.max(1, env.PRINT_CACHE_SECONDS) * 1000,
    });
  }

  private readonly photoSources: ReturnType<typeof allowedAddresses>;
  /** Made PDFs by car and its last change, so reprinting a car costs no photo fetches. */
  private readonly pdfs: LRUCache<string, Buffer>;

  /** The vehicle page's data: the car, its dealership and location, its configuration and the derived fields. */
  async detail(siteSlug: string, slug: string, now = new Date()) {
    const site = await this.sites.bySlug(siteSlug);
    const { car, dealership, location } = await this.cars.bySlug(site.id, slug);
    const config = await this.sites.forDealership(dealership.id);
    const photos = await storedPhotosOf(this.db, [car]);
    const view = carView(car, dealership, location, photos(dealership.id));
    return {
      car: view,
      dealership: dealershipView(dealership),
      location: location ? locationView(location, dealership) : null,
      config,
      derived: derivedCarFields(view, config, car.listed_until, now),
    };
  }

  async similar(siteSlug: string, slug: string): Promise<SearchHit[]> {
    const site = await this.sites.bySlug(siteSlug);
    const { car } = await this.cars.bySlug(site.id, slug);
    return this.search.similar(site.scope, { id: car.id, make: car.make, model: car.model, price: car.price });
  }

  /** Bookable test-drive starts at the car's location for the next 14 days, in the location's zone. */
  async testDriveSlots(
    siteSlug: string,
    slug: string,
    now = new Date(),
  ): Promise<{ time_zone: string; location_id: number; days: TestDriveDay[] }> {
    const site = await this.sites.bySlug(siteSlug);
    const { location } = await this.cars.bySlug(site.id, slug);
    if (!location)
      throw notFound(
        'No location',
        `The car '${slug}' has no location to book a test drive at. Please use the enquiry form instead.`,
      );
    const days = testDriveSlots({
      hours: (location.hours ?? [])
        .filter((h) => h.department === 'sales')
        .map((h) => ({ ...h, status: h.status as 'Open' | 'Closed' })),
      specialHours: (location.special_hours ?? []).map((s) => ({
        ...s,
        status: s.status as 'Open' | 'Closed',
        department: s.department as 'all' | 'sales' | 'service' | 'parts',
      })),
      timeZone: location.time_zone,
      now,
    });
    return { time_zone: location.time_zone, location_id: location.id, days };
  }

  /** A car of the site addressed by id (links of spec 000 carry car_id), or a 404 problem. */
  private async siteCarById(siteSlug: string, carId: number) {
    const site = await this.sites.bySlug(siteSlug);
    const [row] = (await this.db.query(
      `SELECT c.id, c.slug, c.dealership_id, c.data->'finance_lenders' AS finance_lenders
       FROM cars c JOIN dealerships d ON d.id = c.dealership_id
       WHERE c.id = $1 AND d.site_id = $2 AND c.withdrawn_at IS NULL AND c.show_on_dealer_website`,
      [carId, site.id],
    )) as { id: number; slug: string; dealership_id: number; finance_lenders: Record<string, never> | null }[];
    if (!row) throw notFound('Car not found', `No car has the id ${carId} on this site.`);
    return row;
  }

  /**
   * The frames of a spin code on this site: what the local spin viewer (web/public/spin-viewer.js,
   * the stand-in for an external 360 viewer) shows. Only cars the site shows, and only media addresses.
   */
  async spin(siteSlug: string, code: string): Promise<{ spin_code: string; name: string; frames: string[] }> {
    const site = await this.sites.bySlug(siteSlug);
    const [row] = (await this.db.query(
      `SELECT c.dealership_id, c.year, c.make, c.model, c.badge, c.data
       FROM cars c JOIN dealerships d ON d.id = c.dealership_id
       WHERE d.site_id = $1 AND c.data->>'spin_code' = $2 AND c.withdrawn_at IS NULL AND c.show_on_dealer_website
       ORDER BY c.id LIMIT 1`,
      [site.id, code],
    )) as Pick<StoredCar, 'dealership_id' | 'year' | 'make' | 'model' | 'badge' | 'data'>[];
    const lookup = row ? (await storedPhotosOf(this.db, [row]))(row.dealership_id) : null;
    // Each frame's stored photo, or the platform's own file; a dealer frame not stored yet is left out.
    const frames = Array.isArray(row?.data['spin_images'])
      ? (row.data['spin_images'] as unknown[]).flatMap((frame) => {
          if (typeof frame !== 'string' || !isMediaAddress(frame)) return [];
          const stored = lookup?.(frame);
          if (stored) return [photoUrl(stored.hash, variantForWidth(stored, 800))];
          return isPlatformMediaPath(frame) ? [frame] : [];
        })
      : [];
    if (!row || frames.length === 0)
      throw notFound('Spin not found', `This site shows no 360 spin with the code '${code}'.`);
    return { spin_code: code, name: carName(row), frames };
  }

  /** The slug of a car addressed by id, so a page linked with car_id can show the car. */
  async carLink(siteSlug: string, carId: number): Promise<{ car_id: number; slug: string }> {
    const row = await this.siteCarById(siteSlug, carId);
    return { car_id: row.id, slug: row.slug };
  }

  async financeDisclaimer(
    siteSlug: string,
    carId: number,
  ): Promise<{ car_id: number; provider: string; disclaimer: string; short: string }> {
    const row = await this.siteCarById(siteSlug, carId);
    const { provider } = (await this.sites.forDealership(row.dealership_id)).finance;
    const disclaimer = financeDisclaimer({ finance_lenders: row.finance_lenders }, provider);
    if (!disclaimer)
      throw notFound(
        'No finance disclaimer',
        `The car ${carId} has no disclaimer from the finance provider '${provider}'.`,
      );
    return { car_id: row.id, provider, disclaimer, short: shortDisclaimer(disclaimer) };
  }

  /**
   * Counts a view through the car-views queue (no write on the request path) and tells the page
   * which fields changed since its copy (by updated_at or photos_count). A queue outage loses a view
   * count, never the page.
   */
  async view(slug: string, query: { photos_count?: number; updated_at?: string; website_id?: number }) {
    const { car, dealership } = await this.cars.byGlobalSlug(slug);
    if (query.website_id !== undefined && query.website_id !== dealership.site_id) {
      throw notFound('Car not found', `No car has the slug '${slug}' on website ${query.website_id}.`);
    }
    const counted = await this.producer
      .add('carViews', {
        carId: car.id,
        siteId: dealership.site_id,
        dealershipId: dealership.id,
        at: new Date().toISOString(),
      })
      .then(() => true)
      .catch((error: Error) => {
        this.logger.warn({ carId: car.id, err: error.message }, 'view not counted: queue unavailable');
        return false;
      });
    const photos = await storedPhotosOf(this.db, [car]);
    const view = carView(car, dealership, null, photos(dealership.id)) as Record<string, unknown>;
    const stale =
      (query.updated_at !== undefined && new Date(query.updated_at).getTime() < car.updated_at.getTime()) ||
      (query.photos_count !== undefined && query.photos_count !== (view['photos_count'] ?? null));
    const car_fields = stale ? Object.fromEntries(FRESH_FIELDS.map((field) => [field, view[field] ?? null])) : {};
    return { views: car.views + (counted ? 1 : 0), car_fields };
  }

  /** Accepts a phone reveal for the phone-reveals queue; the body must name the car's own dealership and site. */
  async phoneReveal(
    slug: string,
    body: { car_id?: number | undefined; dealership_id: number; website_id: number },
  ): Promise<void> {
    const { car, dealership } = await this.cars.byGlobalSlug(slug);
    const errors = [
      body.car_id !== undefined && body.car_id !== car.id
        ? { path: 'car_id', message: `Use ${car.id}, the id of '${slug}'` }
        : null,
      body.dealership_id !== dealership.id
        ? { path: 'dealership_id', message: `Use ${dealership.id}, the dealership of '${slug}'` }
        : null,
      body.website_id !== dealership.site_id
        ? { path: 'website_id', message: `Use ${dealership.site_id}, the website of '${slug}'` }
        : null,
    ].filter((e) => e !== null);
    if (errors.length) {
      throw new ProblemException({
        status: 400,
        title: 'Invalid request',
        detail: `The phone reveal does not match the car '${slug}'.`,
        errors,
      });
    }
    try {
      await this.producer.add('phoneReveals', {
        carId: car.id,
        siteId: dealership.site_id,
        dealershipId: dealership.id,
        at: new Date().toISOString(),
      });
    } catch (error) {
      this.logger.warn({ carId: car.id, err: (error as Error).message }, 'phone reveal not queued');
      throw new ProblemException({
        status: 503,
        title: 'Service unavailable',
        detail: 'The reveal could not be recorded right now. The number is still shown; please try again later.',
      });
    }
  }

  /**
   * The price gauge from comparable cars across every tenant's stock (same make and model, year
   * +-1, km band; live or sold in the last 90 days) plus the car's autograb market prices.
   */
  async autogauge(slug: string): Promise<Autogauge> {
    const { car } = await this.cars.byGlobalSlug(slug);
    const prices = await comparablePrices(this.db, {
      make: car.make,
      model: car.model,
      year: car.year,
      km: car.km,
      excludeCarId: car.id,
    });
    const gauge = autogauge({
      listingPrice: car.price,
      comparablePrices: prices,
      autograb: (car.data['autograb_data'] as AutograbData | undefined) ?? null,
    });
    if (!gauge) {
      throw notFound(
        'No market data',
        `There is no basis for a price gauge for '${slug}': it has no price, or no comparable cars or market data.`,
      );
    }
    return gauge;
  }

  async printPdf(slug: string, now = new Date()): Promise<Buffer> {
    const found: SiteCar = await this.cars.byGlobalSlug(slug);
    const config = await this.sites.forDealership(found.dealership.id);
    const [site] = (await this.db.query(
      `SELECT s.name, s.slug, (SELECT h.host FROM site_hosts h WHERE h.site_id = s.id ORDER BY h."primary" DESC, h.host LIMIT 1) AS host FROM sites s WHERE s.id = $1`,
      [found.dealership.site_id],
    )) as { name: string; slug: string; host: string | null }[];
    const origin = site ? siteOrigin(site, this.env.WEB_PORT) : '';
    const photos = await storedPhotosOf(this.db, [found.car]);
    const view = carView(found.car, found.dealership, found.location, photos(found.dealership.id));
    const printable = printableCar(view, found, {
      config,
      siteName: site?.name ?? '',
      pageUrl: `${origin}/cars/${slug}`,
      now,
    });
    const key = `${slug}|${view.updated_at ?? ''}|${now.toISOString().slice(0, 10)}`;
    const cached = this.env.PRINT_CACHE_SECONDS > 0 ? this.pdfs.get(key) : undefined;
    if (cached) return cached;
    const pdf = await renderCarPdf(
      printable,
      createImageLoader({
        mediaDir: this.env.MEDIA_DIR ?? DEMO_ASSETS_DIR,
        allowedAddresses: this.photoSources,
        storedPhoto: (hash, variant) => this.photoServer.jpeg(hash, variant),
      }),
    );
    if (this.env.PRINT_CACHE_SECONDS > 0) this.pdfs.set(key, pdf);
    return pdf;
  }
}
