import Redis from 'ioredis';
import { QueueProducer } from '@platform/queues';
import { LocalPaymentProvider, PaymentProviders, ReservationLedger } from '@platform/reservations';
import { FeedIngest, FeedRuns } from '@platform/stock';
import { createTestDatabase, TEST_REDIS_URL, uniqueRedisPrefix, type TestDatabase } from '@platform/testing';
import type { DataSource } from 'typeorm';
import { DEMO_CATALOGUE } from './data';
import { buildDemoDataset, reseed, seedDataset, seedDemoData, seedIfEmpty, type SeedCounts } from './seed';

jest.setTimeout(180_000);

/** The value, or a failed test when it is missing. */
function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}`);
  return value;
}

const NOW = new Date('2025-11-21T02:00:00Z');

const TABLES: (keyof SeedCounts)[] = [
  'site_templates',
  'manufacturers',
  'sites',
  'site_hosts',
  'dealerships',
  'dealership_websites',
  'locations',
  'location_hours',
  'location_special_hours',
  'location_reviews',
  'cars',
  'leads',
  'reservations',
  'feed_runs',
];

async function tableCounts(dataSource: DataSource): Promise<SeedCounts> {
  const counts = {} as SeedCounts;
  for (const table of TABLES) {
    const [row] = await dataSource.query(`SELECT count(*)::int AS n FROM "${table}"`);
    counts[table] = row.n;
  }
  return counts;
}

describe('seeding a real PostgreSQL database', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('platform_seed_spec');
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('seeds a fresh database once, even when two seeders start together', async () => {
    const results = await Promise.all([
      seedIfEmpty(db.dataSource, { now: NOW }),
      seedIfEmpty(db.dataSource, { now: NOW }),
    ]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    const { counts } = defined(
      results.find((r) => r.seeded),
      'seeded result',
    );
    expect(counts.sites).toBe(3);
    expect(counts.locations).toBeGreaterThanOrEqual(12);
    expect(counts.cars).toBeGreaterThanOrEqual(3000);
    expect(counts.site_hosts).toBe(6);
    expect(await tableCounts(db.dataSource)).toEqual(counts);
  });

  it('seedIfEmpty a second time inserts nothing', async () => {
    const before = await tableCounts(db.dataSource);
    const again = await seedIfEmpty(db.dataSource, { now: NOW });
    expect(again.seeded).toBe(false);
    expect(again.counts.cars).toBe(0);
    expect(await tableCounts(db.dataSource)).toEqual(before);
  });

  it('gives every demo dealership leads of every status, a lost one with its reason, some about its own cars', async () => {
    const rows = (await db.dataSource.query(
      `SELECT d.slug, array_agg(DISTINCT l.status ORDER BY l.status) AS statuses,
         bool_and(l.status <> 'lost' OR l.lost_reason IS NOT NULL) AS reasons,
         bool_and(c.id IS NULL OR c.dealership_id = d.id) AS own_cars, count(c.id)::int AS with_car
       FROM dealerships d LEFT JOIN leads l ON l.dealership_id = d.id LEFT JOIN cars c ON c.id = l.car_id
       GROUP BY d.slug`,
    )) as { slug: string; statuses: string[]; reasons: boolean; own_cars: boolean; with_car: number }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({
        statuses: ['appointment', 'contacted', 'lost', 'new', 'won'],
        reasons: true,
        own_cars: true,
      });
    }
    // Follow-up on the demo leads: a test drive booked, finance documents due, a call back overdue, one done.
    const tasks = (await db.dataSource.query(
      `SELECT d.slug, count(*) FILTER (WHERE t.done_at IS NULL AND t.due_at < $1)::int AS overdue,
         count(*) FILTER (WHERE t.done_at IS NOT NULL)::int AS done,
         bool_and(t.kind <> 'test_drive' OR l.status = 'appointment') AS booked
       FROM dealerships d JOIN lead_tasks t ON t.dealership_id = d.id JOIN leads l ON l.id = t.lead_id GROUP BY d.slug`,
      [NOW],
    )) as { slug: string; overdue: number; done: number; booked: boolean }[];
    expect(tasks.length).toBe(rows.length);
    for (const row of tasks) expect(row).toMatchObject({ overdue: 1, done: 1, booked: true });
    expect(rows.some((row) => row.with_car > 0)).toBe(true);
  });

  it('gives the demo 90 days of shopper history, rolled up and rated, with weekend peaks and price drops (issue 41)', async () => {
    const q = (sql: string) => db.dataSource.query(sql) as Promise<Record<string, number>[]>;
    const [events] = await q(
      `SELECT count(DISTINCT day)::int AS days, count(DISTINCT car_id)::int AS cars,
              (avg(count) FILTER (WHERE extract(isodow FROM day) IN (6, 7)))::float AS weekend,
              (avg(count) FILTER (WHERE extract(isodow FROM day) NOT IN (6, 7)))::float AS weekday,
              count(*) FILTER (WHERE kind = 'phone_reveal')::int AS reveals
       FROM car_event_days WHERE kind = 'view' OR kind = 'phone_reveal'`,
    );
    expect(events!.days).toBe(90);
    expect(events!.reveals).toBeGreaterThan(0);
    expect(events!.weekend).toBeGreaterThan(events!.weekday! * 1.2);
    // Every live car has a fact for every listed day of the window, and a rating.
    const [facts] = await q(
      `SELECT count(*)::int AS live,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM car_insights i WHERE i.car_id = c.id))::int AS unrated,
              count(*) FILTER (WHERE (SELECT count(*) FROM car_daily_facts f WHERE f.car_id = c.id) = 0)::int AS without_facts
       FROM cars c WHERE c.status = 'in_stock' AND c.withdrawn_at IS NULL`,
    );
    expect(facts).toMatchObject({ unrated: 0, without_facts: 0 });
    const [views] = await q(
      `SELECT sum(views)::int AS facts, (SELECT sum(count) FROM car_event_days WHERE kind = 'view')::int AS raw FROM car_daily_facts`,
    );
    expect(views!.facts).toBe(views!.raw);
    const [drops] = await q(
      `SELECT count(DISTINCT f.car_id)::int AS cars FROM car_daily_facts f JOIN cars c ON c.id = f.car_id
       WHERE f.price > c.price`,
    );
    expect(drops!.cars).toBeGreaterThan(facts!.live! / 10);
    const bands = await q(`SELECT band, count(*)::int AS n FROM car_insights GROUP BY band`);
    expect(bands.length).toBeGreaterThanOrEqual(3);
    // Older closed leads spread over the period, none on a dealership's first in-stock cars (the e2e tests' picks).
    const [spread] = await q(
      `SELECT count(DISTINCT date_trunc('week', created_at))::int AS weeks FROM leads WHERE created_at < '${NOW.toISOString()}'::timestamptz - interval '14 days'`,
    );
    expect(spread!.weeks).toBeGreaterThanOrEqual(8);
    // Worked leads have their first status change in the audit log: the overview's response time.
    const [worked] = await q(
      `SELECT count(*)::int AS leads, count(a.id)::int AS logged FROM leads l
       LEFT JOIN dealer_audit_log a ON a.subject_type = 'lead' AND a.subject_id = l.id::text AND a.action = 'lead.status_changed'
       WHERE l.status <> 'new'`,
    );
    expect(worked!.logged).toBe(worked!.leads);
  });

  it("writes the demo audit log in time order, so the users page's log (newest first by id) reads newest first", async () => {
    const [outOfOrder] = (await db.dataSource.query(
      `SELECT count(*)::int AS n FROM (
         SELECT created_at < lag(created_at) OVER (PARTITION BY dealership_id ORDER BY id) AS earlier FROM dealer_audit_log
       ) t WHERE earlier`,
    )) as { n: number }[];
    expect(outOfOrder!.n).toBe(0);
  });

  it('writes rows the site needs: hosts, templates, config layers, hours and car data', async () => {
    const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params);
    const hosts = await q(
      `SELECT h.host, h."primary", s.slug FROM site_hosts h JOIN sites s ON s.id = h.site_id ORDER BY h.host`,
    );
    expect(hosts).toContainEqual({ host: 'werribee-isuzu-ute.localhost', primary: true, slug: 'werribee-isuzu-ute' });
    const [site] = await q(`SELECT template, config FROM sites WHERE slug = 'northside-used-cars'`);
    expect(site.template).toBe('used-only');
    expect(site.config.routes.checkout_segment).toBe('buy-online');

    const [werribee] = await q(
      `SELECT city, state, postcode, time_zone, lat, long FROM locations WHERE slug = 'werribee-isuzu-ute-sales'`,
    );
    expect(werribee).toEqual(
      expect.objectContaining({ city: 'Werribee', state: 'VIC', postcode: '3030', time_zone: 'Australia/Melbourne' }),
    );
    expect(werribee.lat).toBeCloseTo(-37.9, 0);
    const [christmas] = await q(
      `SELECT count(*)::int AS n FROM location_special_hours WHERE date = '2025-12-25' AND status = 'Closed'`,
    );
    expect(christmas.n).toBe((await tableCounts(db.dataSource)).locations);

    // Used-only site: used cars only; every dealership has stock.
    const types = await q(
      `SELECT DISTINCT c.car_type FROM cars c JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id WHERE s.slug = 'northside-used-cars'`,
    );
    expect(types).toEqual([{ car_type: 'used' }]);
    const [empty] = await q(
      `SELECT count(*)::int AS n FROM dealerships d WHERE NOT EXISTS (SELECT 1 FROM cars c WHERE c.dealership_id = d.id)`,
    );
    expect(empty.n).toBe(0);

    // Sold cars on both sides of the listing cutoff; listed_until follows the dealership's days.
    const [sold] = await q(
      `SELECT count(*) FILTER (WHERE listed_until > $1)::int AS within, count(*) FILTER (WHERE listed_until <= $1)::int AS beyond,
              count(*) FILTER (WHERE listed_until <> sold_date + make_interval(days => d.include_sold_cars_days))::int AS wrong
         FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE c.status = 'sold'`,
      [NOW],
    );
    expect(sold.within).toBeGreaterThan(0);
    expect(sold.beyond).toBeGreaterThan(0);
    expect(sold.wrong).toBe(0);

    const [car] = await q(
      `SELECT location_id, data, created_at FROM cars WHERE data ? 'caravan_specifications' AND data->'caravan_specifications' <> 'null' LIMIT 1`,
    );
    expect(car.location_id).not.toBeNull();
    expect(car.data.caravan_specifications.sleeps).toBeGreaterThan(0);
    expect(new Date(car.created_at).getTime()).toBeLessThan(NOW.getTime());
  });

  it('gives the dealerships the seed data names a paid hold and feed runs to act on in the console', async () => {
    const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params);
    const named = DEMO_CATALOGUE.sites.flatMap((site) => site.dealerships.filter((d) => d.console_demo));
    expect(named.length).toBeGreaterThan(0);
    const slugs = named.map((d) => d.slug).sort();

    // A held reservation per dealership, left as checkout leaves one: the car reserved, the lead and
    // its deliveries written, the local provider's payment succeeded for the deposit.
    const holds = (await q(
      `SELECT r.id, d.slug, r.deposit_cents, r.hold_expires_at > r.held_at AS live, c.reserved, l.form,
         (SELECT count(*)::int FROM lead_outbox o WHERE o.lead_id = l.id) AS deliveries,
         p.status AS payment, p.amount_cents, p.metadata->>'record_id' AS record
       FROM reservations r JOIN dealerships d ON d.id = r.dealership_id JOIN cars c ON c.id = r.car_id
       JOIN leads l ON l.id = r.lead_id JOIN local_payments p ON p.id::text = r.payment_ref
       WHERE r.status = 'held' ORDER BY d.slug`,
    )) as {
      id: string;
      slug: string;
      deposit_cents: number;
      live: boolean;
      reserved: boolean;
      form: string;
      deliveries: number;
      payment: string;
      amount_cents: number;
      record: string;
    }[];
    expect(holds.map((hold) => hold.slug)).toEqual(slugs);
    for (const hold of holds) {
      expect(hold).toMatchObject({ live: true, reserved: true, form: 'reservation', payment: 'succeeded' });
      expect(hold.deliveries).toBeGreaterThan(0);
      expect(hold.amount_cents).toBe(hold.deposit_cents);
      expect(hold.record).toBe(hold.id);
    }

    // A partial run with row errors and warnings, and a held snapshot that lists what it would withdraw.
    const runs = (await q(
      `SELECT r.id, d.slug, r.status, r.errors, r.warnings, r.counts, r.held_withdrawals, r.detail,
         (SELECT count(*)::int FROM feed_payloads p WHERE p.feed_run_id = r.id) AS payloads
       FROM feed_runs r JOIN dealerships d ON d.id = r.dealership_id ORDER BY d.slug, r.received_at`,
    )) as {
      id: string;
      slug: string;
      status: string;
      errors: { row: number; path: string; message: string }[];
      warnings: string[];
      counts: { received: number; rejected: number };
      held_withdrawals: string[] | null;
      detail: string;
      payloads: number;
    }[];
    expect(runs.map((run) => `${run.slug} ${run.status}`)).toEqual(
      slugs.flatMap((slug) => [`${slug} partial`, `${slug} held`]),
    );
    for (const run of runs) expect(run.payloads).toBe(1);
    const partial = runs.find((run) => run.status === 'partial')!;
    expect(partial.errors.map((error) => error.path)).toEqual(expect.arrayContaining(['stocknum', 'price', 'year']));
    expect(partial.counts.rejected).toBe(new Set(partial.errors.map((error) => error.row)).size);
    expect(partial.detail).toBe(
      `${partial.counts.rejected} of ${partial.counts.received} rows were rejected; see errors.`,
    );
    expect(partial.warnings.length).toBeGreaterThan(0);
    const held = runs.find((run) => run.status === 'held')!;
    expect(held.held_withdrawals!.length).toBeGreaterThan(0);
    expect(held.detail).toMatch(/^Held: this snapshot would remove \d+ of \d+ live cars/);
  });

  it('lets the console act on the demo work: a cancelled hold is refunded by the local provider, a confirmed snapshot applies', async () => {
    const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params);
    const [hold] = (await q(`SELECT id, deposit_cents FROM reservations WHERE status = 'held' LIMIT 1`)) as {
      id: string;
      deposit_cents: number;
    }[];
    const ledger = new ReservationLedger(db.dataSource, new PaymentProviders(new LocalPaymentProvider(db.dataSource)));
    const cancelled = await ledger.cancel(hold!.id);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      refund_due: false,
      refund_ref: expect.stringMatching(/^local_refund_/),
    });
    const [refund] = (await q(
      `SELECT lr.amount_cents FROM local_refunds lr JOIN reservations r ON r.payment_ref = lr.payment_id::text WHERE r.id = $1`,
      [hold!.id],
    )) as { amount_cents: number }[];
    expect(refund!.amount_cents).toBe(hold!.deposit_cents);

    const [run] = (await q(
      `SELECT r.id, r.dealership_id, r.held_withdrawals, r.counts FROM feed_runs r WHERE r.status = 'held' LIMIT 1`,
    )) as { id: string; dealership_id: number; held_withdrawals: string[]; counts: { received: number } }[];
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const producer = new QueueProducer(redis, uniqueRedisPrefix());
    try {
      expect(await new FeedRuns(db.dataSource, { producer }).confirm(run!.id)).toMatchObject({ ok: true });
    } finally {
      await producer.close();
      redis.disconnect();
    }
    // The job the confirm queued, run here: every row of the stored payload is accepted, and the
    // cars it left out go as the dealership's snapshot_missing_action says.
    expect(await new FeedIngest(db.dataSource).run(run!.id)).toMatchObject({ outcome: 'applied', status: 'succeeded' });
    const [after] = (await q(`SELECT status, counts, errors FROM feed_runs WHERE id = $1`, [run!.id])) as {
      status: string;
      counts: { received: number; rejected: number; sold: number; withdrawn: number };
      errors: unknown[];
    }[];
    expect(after!.errors).toEqual([]);
    expect(after!.counts.rejected).toBe(0);
    expect(after!.counts.received).toBe(run!.counts.received);
    expect(after!.counts.sold + after!.counts.withdrawn).toBe(run!.held_withdrawals.length);
  });

  it('reseed empties the tables, restarts ids and writes the same demo again', async () => {
    const before = await tableCounts(db.dataSource);
    const slugsBefore = (await db.dataSource.query(`SELECT slug FROM cars ORDER BY slug`)).map(
      (r: { slug: string }) => r.slug,
    );
    const result = await reseed(db.dataSource, { now: NOW });
    expect(result.seeded).toBe(true);
    expect(result.counts).toEqual(before);
    expect(await tableCounts(db.dataSource)).toEqual(before);
    const [ids] = await db.dataSource.query(
      `SELECT (SELECT min(id) FROM sites) AS site, (SELECT min(id) FROM cars) AS car`,
    );
    expect(ids).toEqual({ site: 1, car: 1 });
    expect(
      (await db.dataSource.query(`SELECT slug FROM cars ORDER BY slug`)).map((r: { slug: string }) => r.slug),
    ).toEqual(slugsBefore);
  });

  it("with a photo host, names the cars' photos on it and links them for the media worker, as a feed would", async () => {
    const host = 'http://127.0.0.1:3090';
    await reseed(db.dataSource, { now: NOW, photoHost: host });
    const [car] = (await db.dataSource.query(
      `SELECT id, data FROM cars WHERE jsonb_array_length(data->'images') > 1 ORDER BY id LIMIT 1`,
    )) as { id: number; data: { images: { url: string; thumb: { url: string } }[]; primary_image_url: string } }[];
    expect(car!.data.images[0]!.url).toMatch(/^http:\/\/127\.0\.0\.1:3090\/photos\/[A-Za-z]+-\d+\.jpg$/);
    expect(car!.data.primary_image_url).toBe(car!.data.images[0]!.url);
    const links = (await db.dataSource.query(
      `SELECT cp.field, cp.position, cp.eager, p.source_url, p.status FROM car_photos cp JOIN photos p ON p.id = cp.photo_id
       WHERE cp.car_id = $1 ORDER BY cp.field, cp.position`,
      [car!.id],
    )) as { field: string; position: number; eager: boolean; source_url: string; status: string }[];
    // Each address once per car: the first photo is linked as the primary image it also is.
    expect(new Set(links.map((link) => link.source_url))).toEqual(new Set(car!.data.images.map((image) => image.url)));
    expect(links.every((link) => link.status === 'pending')).toBe(true);
    expect(links.find((link) => link.source_url === car!.data.images[0]!.url)?.eager).toBe(true);
    const [{ unlinked }] = await db.dataSource.query(
      `SELECT count(*)::int AS unlinked FROM cars c WHERE jsonb_array_length(c.data->'images') > 0
         AND NOT EXISTS (SELECT 1 FROM car_photos cp WHERE cp.car_id = c.id AND cp.eager)`,
    );
    expect(unlinked).toBe(0);
    const [{ owed }] = await db.dataSource.query(`SELECT count(*)::int AS owed FROM photo_fetches`);
    expect(owed).toBeGreaterThan(0);
    // Without one, the platform's own drawings, and nothing for the media worker.
    await reseed(db.dataSource, { now: NOW });
    const [{ hosted }] = await db.dataSource.query(
      `SELECT count(*)::int AS hosted FROM cars WHERE data->'images'->0->>'url' NOT LIKE '/media/demo/%'`,
    );
    expect(hosted).toBe(0);
    expect((await db.dataSource.query(`SELECT count(*)::int AS n FROM photos`))[0].n).toBe(0);
  });

  it('seedDemoData on a seeded database fails and leaves the existing data as it was', async () => {
    const before = await tableCounts(db.dataSource);
    await expect(seedDemoData(db.dataSource, { now: NOW })).rejects.toThrow(/duplicate key/);
    expect(await tableCounts(db.dataSource)).toEqual(before);
  });

  it('a reseed that fails part-way keeps the old data (truncate and inserts share one transaction)', async () => {
    const before = await tableCounts(db.dataSource);
    const dataset = buildDemoDataset({ now: NOW, seed: 99 });
    const last = dataset.cars[dataset.cars.length - 1];
    dataset.cars.push({ ...last, stocknum: `${last.stocknum}X` }); // same slug: fails in the last batch
    await expect(seedDataset(db.dataSource, dataset, { mode: 'reseed' })).rejects.toThrow(/duplicate key/);
    expect(await tableCounts(db.dataSource)).toEqual(before);
  });
});

describe('seeding is all or nothing', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('platform_seed_rollback');
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('a car with a duplicate slug in the last batch leaves every table empty', async () => {
    const dataset = buildDemoDataset({ now: NOW });
    const first = dataset.cars[0];
    dataset.cars.push({ ...first, stocknum: `${first.stocknum}-DUP` });
    await expect(seedDataset(db.dataSource, dataset, { mode: 'insert', batchSize: 500 })).rejects.toThrow(
      /duplicate key value violates unique constraint/,
    );
    const counts = await tableCounts(db.dataSource);
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });

  it('a bad configuration layer fails before anything is written, naming the zod path', async () => {
    const dataset = buildDemoDataset({ now: NOW });
    const [first, ...rest] = dataset.catalogue.sites;
    const broken = {
      ...dataset,
      catalogue: {
        ...dataset.catalogue,
        sites: [{ ...first, config: { promo: { mode: 'sometimes' } } as never }, ...rest],
      },
    };
    await expect(seedDataset(db.dataSource, broken)).rejects.toThrow(/Site 'harbour-motor-group'.*promo\.mode/);
    expect((await tableCounts(db.dataSource)).sites).toBe(0);
  });
});
