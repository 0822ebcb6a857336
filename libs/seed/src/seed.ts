import { performance } from 'node:perf_hooks';
import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import {
  AlertCarChangeEntity,
  CarChangeEntity,
  SearchDocumentEntity,
  SearchIndexVersionEntity,
  CarEntity,
  DealershipEntity,
  DealershipWebsiteEntity,
  LocationEntity,
  LocationHoursEntity,
  LocationReviewEntity,
  LocationSpecialHoursEntity,
  LocalPaymentEntity,
  ManufacturerEntity,
  SiteEntity,
  SiteHostEntity,
  SiteTemplateEntity,
} from '@platform/db';
import { CarSchema, DEFAULT_PHOTO_RECHECK_HOURS } from '@platform/domain';
import { linkCarPhotos } from '@platform/stock';
import { withHostedPhotos } from './demo-photos';
import { validateCatalogue, type ResolvedCatalogueConfig } from './catalogue';
import {
  DEFAULT_DEMO_SEED,
  DEMO_CATALOGUE,
  demoReviewsFor,
  resolveAddress,
  specialHoursFor,
  weeklyHoursFor,
} from './data';
import type { DemoCatalogue } from './data';
import { insertDemoHistory } from './demo-history';
import { insertDemoLeads } from './demo-leads';
import { insertConsoleDemo } from './demo-console';
import { generateCars, stockPlansFromCatalogue, toCarDocument, type SeedCar } from './generate-cars';

/** Rows per INSERT for cars: 500 rows x 33 columns stays far below PostgreSQL's 65,535 parameters. */
export const CAR_BATCH_SIZE = 500;

/** Serialises concurrent seeders (two api replicas starting at once) inside the transaction. */
const SEED_LOCK_KEY = 4_120_117;

/** The tables the seed writes, children first; reseed truncates them (and, by cascade, their dependants). */
// Derived tables go too: the search projection and the car outboxes describe cars that are replaced.
const SEEDED_ENTITIES = [
  SearchDocumentEntity,
  SearchIndexVersionEntity,
  CarChangeEntity,
  AlertCarChangeEntity,
  CarEntity,
  // The demo holds' payments: no foreign key reaches them, so they are named here.
  LocalPaymentEntity,
  LocationReviewEntity,
  LocationSpecialHoursEntity,
  LocationHoursEntity,
  LocationEntity,
  DealershipWebsiteEntity,
  DealershipEntity,
  SiteHostEntity,
  SiteEntity,
  ManufacturerEntity,
  SiteTemplateEntity,
];

export interface SeedCounts {
  site_templates: number;
  manufacturers: number;
  sites: number;
  site_hosts: number;
  dealerships: number;
  dealership_websites: number;
  locations: number;
  location_hours: number;
  location_special_hours: number;
  location_reviews: number;
  cars: number;
  leads: number;
  reservations: number;
  feed_runs: number;
}

export interface SeedResult {
  /** False when seedIfEmpty found sites already there and wrote nothing. */
  seeded: boolean;
  counts: SeedCounts;
  /** Wall time of the transaction, in milliseconds. */
  ms: number;
}

export interface SeedOptions {
  /** The clock the demo is generated against (sold dates, holiday hours, listing windows). */
  now: Date;
  /** PRNG seed for the cars (default DEFAULT_DEMO_SEED). */
  seed?: number;
  catalogue?: DemoCatalogue;
  /**
   * The demo photo host's address (npm start runs one): the cars' photos are named on it, as a
   * dealer's feed names its own server, and linked for the media worker to fetch like any feed's.
   * Without it the cars keep the platform's own drawings (tests, which need no photo pipeline).
   */
  photoHost?: string;
}

/** Everything one seed writes: the catalogue and the generated cars. */
export interface DemoDataset {
  now: Date;
  catalogue: DemoCatalogue;
  cars: SeedCar[];
  photoHost?: string;
}

export type SeedMode = 'insert' | 'if-empty' | 'reseed';

/** A jsonb value as TypeORM's insert typing wants it (its deep-partial type trips over records). */
const jsonb = (value: object): QueryDeepPartialEntity<Record<string, unknown>> =>
  value as QueryDeepPartialEntity<Record<string, unknown>>;

const ZERO_COUNTS: SeedCounts = {
  site_templates: 0,
  manufacturers: 0,
  sites: 0,
  site_hosts: 0,
  dealerships: 0,
  dealership_websites: 0,
  locations: 0,
  location_hours: 0,
  location_special_hours: 0,
  location_reviews: 0,
  cars: 0,
  leads: 0,
  reservations: 0,
  feed_runs: 0,
};

/**
 * Builds the demo dataset: validates the catalogue, generates the cars and checks each against
 * the domain's CarSchema, so a bad record fails here with its path instead of in a web page.
 */
export function buildDemoDataset({
  now,
  seed = DEFAULT_DEMO_SEED,
  catalogue = DEMO_CATALOGUE,
  photoHost,
}: SeedOptions): DemoDataset {
  validateCatalogue(catalogue);
  const generated = generateCars({ now, seed, plans: stockPlansFromCatalogue(catalogue) });
  const cars = photoHost ? generated.map((car) => withHostedPhotos(car, photoHost)) : generated;
  cars.forEach((car, index) => {
    const result = CarSchema.safeParse(toCarDocument(car, index + 1));
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new Error(
        `Generated car '${car.slug}' fails CarSchema at ${issue.path.join('.') || '(root)'}: ${issue.message}`,
      );
    }
  });
  return { now, catalogue, cars, ...(photoHost ? { photoHost } : {}) };
}

/** Links every seeded car to its photo addresses, so the media worker fetches them as a feed's. */
async function linkSeededPhotos(manager: EntityManager, now: Date, batchSize: number): Promise<void> {
  const cars = (await manager.query(
    `SELECT id, dealership_id, stocknum, data FROM cars ORDER BY dealership_id, id`,
  )) as { id: number; dealership_id: number; stocknum: string; data: unknown }[];
  for (let start = 0; start < cars.length; start += batchSize) {
    const batch = cars.slice(start, start + batchSize);
    for (const dealershipId of new Set(batch.map((car) => car.dealership_id)))
      await linkCarPhotos(
        manager,
        batch
          .filter((car) => car.dealership_id === dealershipId)
          .map((car, row) => ({ carId: car.id, row: row + 1, stocknum: car.stocknum, car: car.data })),
        { dealershipId, feedRunId: null, now, recheckAfterMs: DEFAULT_PHOTO_RECHECK_HOURS * 3_600_000 },
      );
  }
}

async function truncateSeededTables(manager: EntityManager): Promise<void> {
  const tables = SEEDED_ENTITIES.map((entity) => `"${manager.connection.getMetadata(entity).tableName}"`);
  // car_event_days has no key to cars (counters outlive a car), so the demo's history is emptied by name.
  await manager.query(`TRUNCATE TABLE ${tables.join(', ')}, "car_event_days" RESTART IDENTITY CASCADE`);
}

async function insertDataset(
  manager: EntityManager,
  { catalogue, cars, now }: DemoDataset,
  resolved: ResolvedCatalogueConfig,
  batchSize: number,
): Promise<SeedCounts> {
  const counts: SeedCounts = { ...ZERO_COUNTS };

  await manager.insert(
    SiteTemplateEntity,
    catalogue.templates.map((t) => ({ name: t.name, config: jsonb(t.config) })),
  );
  counts.site_templates = catalogue.templates.length;

  await manager.insert(
    ManufacturerEntity,
    catalogue.manufacturers.map((m) => ({
      name: m.name,
      slug: m.slug,
      logo_url: `/media/logos/brands/${m.slug}.svg`,
      config: jsonb(m.config),
    })),
  );
  counts.manufacturers = catalogue.manufacturers.length;
  const manufacturerIds = new Map(
    (await manager.find(ManufacturerEntity, { select: { id: true, slug: true } })).map((m) => [m.slug, m.id]),
  );

  await manager.insert(
    SiteEntity,
    catalogue.sites.map((s) => ({ slug: s.slug, name: s.name, template: s.template, config: jsonb(s.config) })),
  );
  counts.sites = catalogue.sites.length;
  const siteIds = new Map(
    (await manager.find(SiteEntity, { select: { id: true, slug: true } })).map((s) => [s.slug, s.id]),
  );
  const siteId = (slug: string): number => siteIds.get(slug) as number;

  const hosts = catalogue.sites.flatMap((s) =>
    s.hosts.map((h) => ({ host: h.host.toLowerCase(), site_id: siteId(s.slug), primary: h.primary })),
  );
  await manager.insert(SiteHostEntity, hosts);
  counts.site_hosts = hosts.length;

  const dealerships = catalogue.sites.flatMap((s) =>
    s.dealerships.map((d, position) => ({
      site_id: siteId(s.slug),
      slug: d.slug,
      name: d.name,
      manufacturer_id: d.manufacturer ? (manufacturerIds.get(d.manufacturer) ?? null) : null,
      logo_url: d.logo_url,
      override_city: d.override_city,
      include_sold_cars_days: d.include_sold_cars_days,
      average_rating: d.average_rating,
      review_count: d.review_count,
      position,
      config: jsonb(d.config),
    })),
  );
  await manager.insert(DealershipEntity, dealerships);
  counts.dealerships = dealerships.length;
  const dealershipIds = new Map(
    (await manager.find(DealershipEntity, { select: { id: true, slug: true } })).map((d) => [d.slug, d.id]),
  );

  const websites = catalogue.sites.flatMap((s) =>
    s.dealership_websites.map((w, position) => ({ ...w, site_id: siteId(s.slug), position })),
  );
  if (websites.length) await manager.insert(DealershipWebsiteEntity, websites);
  counts.dealership_websites = websites.length;

  const locationSeeds = catalogue.sites.flatMap((s) =>
    s.dealerships.flatMap((d) => d.locations.map((location) => ({ dealership: d, location }))),
  );
  const locationRows = locationSeeds.map(({ dealership, location }) => {
    const address = resolveAddress(location.address);
    const query = `${address.street}, ${address.city} ${address.state} ${address.postcode}`;
    return {
      dealership_id: dealershipIds.get(dealership.slug) as number,
      name: location.name,
      slug: location.slug,
      visible: location.visible ?? true,
      primary: location.primary ?? false,
      location_type: location.location_type,
      location_subtype: location.location_subtype ?? null,
      manufacturers: location.manufacturers,
      dealer_license_number: location.dealer_license_number ?? null,
      motor_vehicle_repairer: location.motor_vehicle_repairer ?? null,
      street: address.street,
      city: address.city,
      state: address.state,
      postcode: address.postcode,
      lat: address.lat,
      long: address.long,
      place_id: null,
      place_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`,
      map_key: null,
      phone: location.phone,
      landline_phone: location.landline_phone ?? null,
      image_url: dealership.logo_url,
      image_thumb_url: `${dealership.logo_url}?w=320`,
      average_rating: location.average_rating,
      review_count: location.review_count,
      time_zone: address.time_zone,
    };
  });
  await manager.insert(LocationEntity, locationRows);
  counts.locations = locationRows.length;
  const locationIds = new Map(
    (await manager.find(LocationEntity, { select: { id: true, slug: true, dealership_id: true } })).map((l) => [
      `${l.dealership_id}/${l.slug}`,
      l.id,
    ]),
  );
  const locationId = (dealershipSlug: string, slug: string): number => {
    const id = locationIds.get(`${dealershipIds.get(dealershipSlug)}/${slug}`);
    if (id === undefined) throw new Error(`Unknown location '${slug}' of dealership '${dealershipSlug}'`);
    return id;
  };

  const hours = locationSeeds.flatMap(({ dealership, location }) =>
    weeklyHoursFor(location).map((h) => ({ ...h, location_id: locationId(dealership.slug, location.slug) })),
  );
  await manager.insert(LocationHoursEntity, hours);
  counts.location_hours = hours.length;

  const special = locationSeeds.flatMap(({ dealership, location }) => {
    const address = resolveAddress(location.address);
    return specialHoursFor(location, address.state, address.time_zone, now).map((h) => ({
      ...h,
      location_id: locationId(dealership.slug, location.slug),
    }));
  });
  if (special.length) await manager.insert(LocationSpecialHoursEntity, special);
  counts.location_special_hours = special.length;

  const reviews = locationSeeds.flatMap(({ dealership, location }) =>
    demoReviewsFor(dealership.slug, location, now).map((review) => ({
      ...review,
      source: 'google',
      location_id: locationId(dealership.slug, location.slug),
    })),
  );
  if (reviews.length) await manager.insert(LocationReviewEntity, reviews);
  counts.location_reviews = reviews.length;

  for (let start = 0; start < cars.length; start += batchSize) {
    const rows = cars.slice(start, start + batchSize).map(({ dealership_slug, location_slug, ...car }) => {
      const dealership_id = dealershipIds.get(dealership_slug);
      if (dealership_id === undefined)
        throw new Error(`Car '${car.slug}' names unknown dealership '${dealership_slug}'`);
      return {
        ...car,
        // The dealer's flag; the cars_reserved trigger derives `reserved` from it.
        feed_reserved: car.reserved,
        data: jsonb(car.data),
        dealership_id,
        location_id: locationId(dealership_slug, location_slug),
        updated_at: car.created_at,
      };
    });
    await manager.createQueryBuilder().insert().into(CarEntity).values(rows).updateEntity(false).execute();
    counts.cars += rows.length;
  }
  counts.leads = await insertDemoLeads(
    manager,
    dealerships.map((d) => ({ id: dealershipIds.get(d.slug) as number, slug: d.slug, site_id: d.site_id })),
    now,
  );
  const consoleDemo = await insertConsoleDemo(
    manager,
    catalogue.sites.flatMap((site) =>
      site.dealerships.flatMap((d) =>
        d.console_demo
          ? [
              {
                id: dealershipIds.get(d.slug) as number,
                slug: d.slug,
                name: d.name,
                site_id: siteId(site.slug),
                site_slug: site.slug,
                config: resolved.dealerships[d.slug]!,
                console_demo: d.console_demo,
              },
            ]
          : [],
      ),
    ),
    now,
  );
  counts.leads += consoleDemo.leads;
  counts.reservations = consoleDemo.reservations;
  counts.feed_runs = consoleDemo.feed_runs;
  // 90 days of shopper activity, older closed leads and the rolled-up insights (issue 41).
  counts.leads += await insertDemoHistory(manager, now);
  await settleDemoLeadClocks(manager);
  return counts;
}

/**
 * The demo leads' first-response clocks (issue 53), as the desk would have kept them: due five
 * minutes after arrival, answered at their first status change. They are history, so the
 * escalation ladder is finished for each (level 3): starting the platform mails nobody about them,
 * while the inbox still shows the two unanswered demo leads of each dealership as overdue.
 */
async function settleDemoLeadClocks(manager: EntityManager): Promise<void> {
  await manager.query(
    `UPDATE leads SET response_due_at = created_at + interval '5 minutes', escalation_level = 3,
       first_response_at = CASE WHEN status <> 'new' THEN coalesce(status_changed_at, created_at) END,
       first_response_kind = CASE WHEN status <> 'new' THEN 'status' END
     WHERE response_due_at IS NULL`,
  );
}

/**
 * Writes a dataset in ONE transaction: all of it or nothing. Modes: 'insert' writes into the
 * tables as they are; 'if-empty' writes only when the sites table is empty; 'reseed' truncates
 * the seeded tables (RESTART IDENTITY CASCADE) first. Every configuration layer is validated
 * before the transaction starts.
 */
export async function seedDataset(
  dataSource: DataSource,
  dataset: DemoDataset,
  { mode = 'insert', batchSize = CAR_BATCH_SIZE }: { mode?: SeedMode; batchSize?: number } = {},
): Promise<SeedResult> {
  const resolved = validateCatalogue(dataset.catalogue);
  const started = performance.now();
  const result = await dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    if (mode === 'if-empty' && (await manager.count(SiteEntity)) > 0)
      return { seeded: false, counts: { ...ZERO_COUNTS } };
    if (mode === 'reseed') await truncateSeededTables(manager);
    const counts = await insertDataset(manager, dataset, resolved, batchSize);
    if (dataset.photoHost) await linkSeededPhotos(manager, dataset.now, batchSize);
    return { seeded: true, counts };
  });
  return { ...result, ms: Math.round(performance.now() - started) };
}

/** Generates the demo and inserts it in one transaction; fails on any conflict with existing rows. */
export async function seedDemoData(dataSource: DataSource, options: SeedOptions): Promise<SeedResult> {
  return seedDataset(dataSource, buildDemoDataset(options), { mode: 'insert' });
}

/** Seeds only when the sites table is empty (checked again under a lock inside the transaction). */
export async function seedIfEmpty(dataSource: DataSource, options: SeedOptions): Promise<SeedResult> {
  if ((await dataSource.getRepository(SiteEntity).count()) > 0)
    return { seeded: false, counts: { ...ZERO_COUNTS }, ms: 0 };
  return seedDataset(dataSource, buildDemoDataset(options), { mode: 'if-empty' });
}

/** Empties the platform tables and seeds again, in one transaction (a failure keeps the old data). */
export async function reseed(dataSource: DataSource, options: SeedOptions): Promise<SeedResult> {
  return seedDataset(dataSource, buildDemoDataset(options), { mode: 'reseed' });
}
