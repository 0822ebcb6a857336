import { SearchRequestSchema, type SearchDocument, type SearchRequestInput } from '@platform/domain';
import { FeedRunEntity } from '@platform/db';
import Redis from 'ioredis';
import { spawnSync } from 'node:child_process';
import { feedJobId, MAX_STALLED_COUNT, QUEUES, QueueProducer } from '@platform/queues';
import { PostgresSearchEngine } from '@platform/search';
import {
  feedCar as car,
  createStockFixture,
  createTestDatabase,
  eventually,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { FeedIngest, MAX_RUN_ERRORS } from './feeds/feed-ingest';
import { FeedRuns } from './feeds/feed-runs';
import { FeedIntake } from './feeds/feed-intake';
import { FeedFormatError } from './feeds/feed-format';
import { SiteIndexer } from './indexing/site-indexer';
import { startStockWorkers } from './workers/stock-workers';
import { siteConfigStore } from '@platform/site-config';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number): string => new Date(Date.now() - days * DAY).toISOString();

describe('stock pipeline: intake, ingest, outbox and indexing (real PostgreSQL)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let intake: FeedIntake;
  let ingest: FeedIngest;
  let indexer: SiteIndexer;
  let engine: PostgresSearchEngine;
  let tag = 0;

  beforeAll(async () => {
    db = await createTestDatabase('platform_stock');
    engine = new PostgresSearchEngine(db.dataSource);
    intake = new FeedIntake(db.dataSource);
    ingest = new FeedIngest(db.dataSource, { batchSize: 3 });
    indexer = new SiteIndexer(db.dataSource, engine);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  beforeEach(async () => {
    tag += 1;
    fixture = await createStockFixture(db.dataSource, `t${tag}`);
  });

  const push = async (
    dealershipId: number,
    body: unknown,
    options: { mode?: 'snapshot' | 'delta'; csv?: boolean; raw?: boolean } = {},
  ) => {
    const id = await intake.receive({
      dealershipId,
      mode: options.mode ?? 'snapshot',
      contentType: options.csv ? 'text/csv' : 'application/json',
      body: Buffer.from(options.csv || options.raw ? String(body) : JSON.stringify(body)),
    });
    await ingest.run(id);
    await indexer.drain(fixture.siteId);
    return (await intake.view(id))!;
  };

  const search = async (input: SearchRequestInput = {}) =>
    engine.query(
      await siteConfigStore(db.dataSource).searchScope(fixture.siteId),
      SearchRequestSchema.parse({ hitsPerPage: 100, ...input }),
    );
  const stocknums = async (input: SearchRequestInput = {}) =>
    (await search(input)).hits.map((hit) => hit.stocknum).sort();
  const pendingChanges = async () =>
    ((await db.dataSource.query(`SELECT count(*)::int AS n FROM car_changes`)) as { n: number }[])[0]!.n;

  it('applies a JSON snapshot and finds exactly the visible cars, with facet counts and stats', async () => {
    const run = await push(fixture.north.id, [
      car('A1', { price: 30000, year: 2020, colour: 'White' }),
      car('A2', { make: 'Mazda', model: 'CX-5', price: 40000, year: 2022, colour: 'White' }),
      car('A3', { status: 'coming_soon', price: 0 }),
      car('A4', { show_on_dealer_website: false }),
    ]);
    expect(run).toMatchObject({
      status: 'succeeded',
      counts: { received: 4, created: 4, updated: 0, unchanged: 0, sold: 0, withdrawn: 0, rejected: 0 },
      errors: [],
    });
    expect(await stocknums()).toEqual(['A1', 'A2', 'A3']);
    const result = await search({ facets: ['make', 'colour', 'price', 'year'] });
    expect(result.facets['make']).toEqual({ Toyota: 2, Mazda: 1 });
    expect(result.facetStats['price']).toEqual({ min: 30000, max: 40000 });
    expect(result.facetStats['year']).toEqual({ min: 2020, max: 2022 });
    const [a1] = (await search({ query: 'A1' })).hits;
    expect(a1).toMatchObject({ slug: '2020-toyota-hilux-a1', city: 'Brisbane', dealership_slug: fixture.north.slug });
  });

  it('lists sold cars for the dealership window: 2 days ago yes, 4 days ago no, 5 days ago at a 7-day dealership yes', async () => {
    await push(fixture.north.id, [
      car('S2', { status: 'sold', sold_date: daysAgo(2) }),
      car('S4', { status: 'sold', sold_date: daysAgo(4) }),
      car('IN', {}),
    ]);
    await push(fixture.west.id, [
      car('W5', { status: 'sold', sold_date: daysAgo(5) }),
      car('W8', { status: 'sold', sold_date: daysAgo(8) }),
    ]);
    expect(await stocknums()).toEqual(['IN', 'S2', 'W5']);
    const [row] = (await db.dataSource.query(
      `SELECT sold_date, listed_until FROM cars WHERE stocknum = 'W5' AND dealership_id = $1`,
      [fixture.west.id],
    )) as {
      sold_date: Date;
      listed_until: Date;
    }[];
    expect(row!.listed_until.getTime() - row!.sold_date.getTime()).toBe(7 * DAY);
  });

  it('reads CSV with list fields separated by | and dotted nested columns', async () => {
    const csv = [
      'stocknum,make,model,year,car_type,price,features,images,variant.cylinders,location_slug,certified',
      `C1,Isuzu,D-Max,2023,demo,55990,Tow bar|Bull bar,https://img/1.jpg|https://img/2.jpg,4,${fixture.north.yardSlug},yes`,
      'C2,Isuzu,MU-X,2021,used,,Sunroof,,6,,no',
    ].join('\n');
    const run = await push(fixture.north.id, csv, { csv: true });
    expect(run).toMatchObject({ status: 'succeeded', counts: { received: 2, created: 2 } });
    const [c1] = (await db.dataSource.query(
      `SELECT data, certified, location_id, price FROM cars WHERE stocknum = 'C1'`,
    )) as {
      data: Record<string, unknown>;
      certified: boolean;
      location_id: number;
    }[];
    expect(c1!.data['features']).toEqual(['Tow bar', 'Bull bar']);
    expect(c1!.data['images']).toEqual([
      { url: 'https://img/1.jpg', thumb: { url: 'https://img/1.jpg' } },
      { url: 'https://img/2.jpg', thumb: { url: 'https://img/2.jpg' } },
    ]);
    expect(c1!.data['variant']).toEqual({ cylinders: 4 });
    expect(c1!.certified).toBe(true);
    expect((await search({ query: 'C1' })).hits[0]?.city).toBe('Ipswich');
    expect((await search({ query: 'C2' })).hits[0]?.price).toBeNull();
  });

  it('refuses a CSV without the required columns, naming them', async () => {
    await expect(
      intake.receive({
        dealershipId: fixture.north.id,
        mode: 'snapshot',
        contentType: 'text/csv',
        body: Buffer.from('stocknum,make\nA,B\n'),
      }),
    ).rejects.toThrow(
      new FeedFormatError(
        'The CSV header is missing the required columns model, year, car_type. Required: stocknum, make, model, year, car_type.',
        'header',
      ),
    );
  });

  it('changes nothing when the same feed is pushed twice: all unchanged and no index work', async () => {
    const feed = [car('D1'), car('D2', { price: 1000 })];
    await push(fixture.north.id, feed);
    const id = await intake.receive({
      dealershipId: fixture.north.id,
      mode: 'snapshot',
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify(feed)),
    });
    await ingest.run(id);
    expect(await pendingChanges()).toBe(0);
    expect((await intake.view(id))!).toMatchObject({
      status: 'succeeded',
      counts: { received: 2, created: 0, updated: 0, unchanged: 2, sold: 0, withdrawn: 0 },
    });
  });

  it('rejects invalid rows one by one with row, stocknum, path and message; valid rows still apply (partial)', async () => {
    const run = await push(fixture.north.id, [
      car('V1'),
      car('V2', { year: 'old' }),
      { make: 'Kia' },
      car('V1', { price: 5 }),
      car('V3', { car_type: 'vintage', location_slug: 'nowhere' }),
      car('V4', { location_slug: 'nowhere' }),
      car('V5', { colour: 'Blue', mystery_field: 1 }),
    ]);
    expect(run.status).toBe('partial');
    expect(run.counts).toMatchObject({ received: 7, created: 2, rejected: 5 });
    expect(run.errors).toEqual(
      expect.arrayContaining([
        { row: 2, stocknum: 'V2', path: 'year', message: expect.stringContaining('number') },
        { row: 3, stocknum: null, path: 'stocknum', message: expect.any(String) },
        { row: 4, stocknum: 'V1', path: 'stocknum', message: "stocknum 'V1' already appears in row 1 of this feed" },
        { row: 5, stocknum: 'V3', path: 'car_type', message: expect.any(String) },
        {
          row: 6,
          stocknum: 'V4',
          path: 'location_slug',
          message: "Location 'nowhere' is not a location of this dealership",
        },
      ]),
    );
    expect(run.warnings).toEqual([
      "Unknown field 'mystery_field' (first in row 7) is kept with the car but not used by the platform",
    ]);
    expect(await stocknums()).toEqual(['V1', 'V5']);
  });

  it('marks cars missing from a snapshot sold (the default) and withdraws them when the dealership says so', async () => {
    await push(fixture.north.id, [car('M1'), car('M2'), car('M3'), car('M4')]);
    const run = await push(fixture.north.id, [car('M1'), car('M2'), car('M3')]);
    expect(run.counts).toMatchObject({ unchanged: 3, sold: 1 });
    const [m4] = (await db.dataSource.query(`SELECT status, sold_date FROM cars WHERE stocknum = 'M4'`)) as {
      status: string;
      sold_date: Date;
    }[];
    expect(m4!.status).toBe('sold');
    // Sold just now, so still listed for 3 days.
    expect(await stocknums()).toEqual(['M1', 'M2', 'M3', 'M4']);

    await db.dataSource.query(
      `UPDATE dealerships SET config = '{"inventory":{"snapshot_missing_action":"withdrawn","mass_removal_guard":0.5}}' WHERE id = $1`,
      [fixture.north.id],
    );
    const withdrawn = await push(fixture.north.id, [car('M1'), car('M2'), car('M4')]);
    expect(withdrawn.counts).toMatchObject({ withdrawn: 1, created: 0, updated: 1, unchanged: 2 });
    expect(await stocknums()).toEqual(['M1', 'M2', 'M4']);
  });

  it('holds a snapshot that would remove more than 30% of live stock, applying nothing until confirmed', async () => {
    await push(
      fixture.north.id,
      ['H1', 'H2', 'H3', 'H4', 'H5'].map((s) => car(s)),
    );
    const run = await push(fixture.north.id, [car('H1'), car('H2'), car('H9')]);
    expect(run.status).toBe('held');
    expect(run.detail).toContain('would remove 3 of 5 live cars (60%), more than the 30% allowed');
    expect(await stocknums()).toEqual(['H1', 'H2', 'H3', 'H4', 'H5']);

    await db.dataSource
      .getRepository(FeedRunEntity)
      .update(run.feedRunId, { status: 'queued', confirmed_at: new Date() });
    await ingest.run(run.feedRunId);
    await indexer.drain(fixture.siteId);
    expect((await intake.view(run.feedRunId))!).toMatchObject({
      status: 'succeeded',
      counts: { created: 1, unchanged: 2, sold: 3 },
    });
  });

  it('upserts and withdraws in delta mode', async () => {
    await push(fixture.north.id, [car('E1'), car('E2'), car('E3')]);
    const run = await push(fixture.north.id, { cars: [car('E4')], deleted: ['E1', 'NOPE'] }, { mode: 'delta' });
    expect(run).toMatchObject({ status: 'succeeded', counts: { created: 1, withdrawn: 1 } });
    expect(run.warnings).toEqual([
      "deleted: stocknum 'NOPE' is not in this dealership's live stock; nothing to withdraw",
    ]);
    expect(await stocknums()).toEqual(['E2', 'E3', 'E4']);
  });

  it("applies a feed with NUL in a field name, in a rejected row's stock number and in deleted: nothing fails the run", async () => {
    await push(fixture.north.id, [car('N1'), car('N2')]);
    const run = await push(
      fixture.north.id,
      {
        cars: [
          { ...car('N3'), ['my\u0000field']: 'x', ['\ud800odd']: 'y' },
          { ...car('N\u00004'), year: 'old' },
          car('N5'),
        ],
        deleted: ['N\u00001', 'N\u0000\u0000'],
      },
      { mode: 'delta' },
    );
    expect(run).toMatchObject({
      status: 'partial',
      counts: { received: 3, created: 2, rejected: 1, withdrawn: 1 },
      errors: [{ row: 2, stocknum: 'N4', path: 'year' }],
    });
    expect(run.warnings).toEqual([
      "Unknown field 'myfield' (first in row 1) is kept with the car but not used by the platform",
      "Unknown field '\uFFFDodd' (first in row 1) is kept with the car but not used by the platform",
      "deleted: stocknum 'N' is not in this dealership's live stock; nothing to withdraw",
    ]);
    expect(await stocknums()).toEqual(['N2', 'N3', 'N5']);
  });

  it('ignores a CSV column or JSON field with a reserved name, with a warning, and applies the rows', async () => {
    const csv = `stocknum,make,model,year,car_type,__proto__.x,constructor.prototype.y\nP1,Toyota,RAV4,2022,used,1,2\n`;
    const fromCsv = await push(fixture.north.id, csv, { csv: true, mode: 'delta' });
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    expect(fromCsv).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
    expect(fromCsv.warnings).toEqual([
      "Column '__proto__.x' has a reserved name (__proto__, constructor and prototype are never used) and was ignored",
      "Column 'constructor.prototype.y' has a reserved name (__proto__, constructor and prototype are never used) and was ignored",
    ]);
    const fromJson = await push(
      fixture.north.id,
      `[${JSON.stringify(car('P2')).slice(0, -1)},"__proto__":{"y":1},"extra":{"constructor":2}}]`,
      { mode: 'delta', raw: true },
    );
    expect(({} as Record<string, unknown>)['y']).toBeUndefined();
    expect(fromJson).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
    expect(fromJson.warnings).toEqual([
      "Unknown field 'extra' (first in row 1) is kept with the car but not used by the platform",
      "Field '__proto__' (first in row 1) has a reserved name (__proto__, constructor and prototype are never used) and was ignored",
      "Field 'extra.constructor' (first in row 1) has a reserved name (__proto__, constructor and prototype are never used) and was ignored",
    ]);
    const [stored] = (await db.dataSource.query(`SELECT data FROM cars WHERE stocknum = 'P2'`)) as { data: object }[];
    expect(Object.keys(stored!.data)).not.toContain('__proto__');
    expect(await stocknums()).toEqual(['P1', 'P2']);
  });

  it('brings a sold car back in stock, clearing its sold date', async () => {
    await push(fixture.north.id, [car('B1', { status: 'sold', sold_date: daysAgo(10) })]);
    expect(await stocknums()).toEqual([]);
    const run = await push(fixture.north.id, [car('B1')]);
    expect(run.counts).toMatchObject({ updated: 1 });
    expect(await stocknums()).toEqual(['B1']);
    const [b1] = (await db.dataSource.query(`SELECT sold_date, listed_until FROM cars WHERE stocknum = 'B1'`)) as {
      sold_date: null;
      listed_until: null;
    }[];
    expect(b1).toEqual({ sold_date: null, listed_until: null });
  });

  it('a reindex beside live changes ends exactly as PostgreSQL lists the cars: withdrawn, repriced and new cars included', async () => {
    // More cars than one reindex step holds the lock for, loaded directly (pushing them is tested above).
    await db.dataSource.query(
      `WITH added AS (
         INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price)
         SELECT $1, 'X' || n, 'reindex-live-' || $3 || '-' || n, 'used', 'Toyota', 'Corolla', 2020, 10000 + n
         FROM generate_series(1, 9000) n RETURNING id)
       INSERT INTO car_changes (site_id, car_id) SELECT $2, id FROM added`,
      [fixture.north.id, fixture.siteId, tag],
    );
    await indexer.drain(fixture.siteId);
    // Inside a step, after X4500 was read and before it is written, a change withdraws it and a drain
    // starts: the drain must wait for the step, or the step would write back the car it just removed.
    let racing: Promise<unknown> = Promise.resolve();
    const slowWrites = Object.assign(Object.create(engine) as PostgresSearchEngine, {
      beginReindex: async (siteId: number) => {
        const session = await engine.beginReindex(siteId);
        return {
          ...session,
          write: async (documents: SearchDocument[]) => {
            if (documents.some((document) => document.stocknum === 'X4500')) {
              await db.dataSource.query(
                `WITH gone AS (UPDATE cars SET withdrawn_at = now(), updated_at = now() WHERE stocknum = 'X4500' AND dealership_id = $1 RETURNING id)
                 INSERT INTO car_changes (site_id, car_id) SELECT $2, id FROM gone`,
                [fixture.north.id, fixture.siteId],
              );
              racing = indexer.drain(fixture.siteId);
              await new Promise((resolve) => setTimeout(resolve, 300));
            }
            return session.write(documents);
          },
        };
      },
    });
    // Between steps, a delta feed reprices a car already rebuilt and one not yet reached, withdraws
    // one of each, and lists a new car; it drains into the live and the new version alike.
    let changing: Promise<unknown> = Promise.resolve();
    const progress = await new SiteIndexer(db.dataSource, slowWrites).reindex(fixture.siteId, ({ done }) => {
      if (done !== 4000) return;
      changing = push(
        fixture.north.id,
        {
          cars: [
            car('X10', { make: 'Toyota', model: 'Corolla', year: 2020, price: 5010 }),
            car('X8000', { make: 'Toyota', model: 'Corolla', year: 2020, price: 5020 }),
            car('X9001', { make: 'Toyota', model: 'Yaris', year: 2021, price: 15990 }),
          ],
          deleted: ['X20', 'X8500'],
        },
        { mode: 'delta' },
      );
    });
    await racing;
    await changing;
    expect(progress.done).toBeGreaterThanOrEqual(9000);
    await indexer.drain(fixture.siteId);

    const projected = (await db.dataSource.query(
      `SELECT d.stocknum, d.price, d.source_version::text FROM search_documents d
       JOIN search_index_versions v ON v.site_id = d.site_id AND v.version = d.version AND v.state = 'live'
       WHERE d.site_id = $1 ORDER BY d.id`,
      [fixture.siteId],
    )) as { stocknum: string; price: number; source_version: string }[];
    const listed = (await db.dataSource.query(
      `SELECT c.stocknum, c.price, floor(extract(epoch FROM c.updated_at) * 1000)::bigint::text AS source_version
       FROM cars c JOIN dealerships d ON d.id = c.dealership_id
       WHERE d.site_id = $1 AND c.withdrawn_at IS NULL AND c.status <> 'sold' ORDER BY c.id`,
      [fixture.siteId],
    )) as { stocknum: string; price: number; source_version: string }[];
    expect(projected).toEqual(listed);
    const byStocknum = new Map(projected.map((row) => [row.stocknum, row.price]));
    expect([byStocknum.get('X10'), byStocknum.get('X8000'), byStocknum.get('X9001')]).toEqual([5010, 5020, 15990]);
    expect(['X20', 'X4500', 'X8500'].filter((stocknum) => byStocknum.has(stocknum))).toEqual([]);
    // One live version, no half-built one left behind.
    expect(
      await db.dataSource.query(`SELECT state FROM search_index_versions WHERE site_id = $1`, [fixture.siteId]),
    ).toEqual([{ state: 'live' }]);
  });

  it('resumes after a crash without applying a committed batch twice', async () => {
    const feed = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7'].map((s) => car(s));
    const id = await intake.receive({
      dealershipId: fixture.north.id,
      mode: 'snapshot',
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify(feed)),
    });
    // Crash inside the second batch's transaction: the first batch (3 rows) stays committed.
    let calls = 0;
    const crashing = new FeedIngest(db.dataSource, { batchSize: 3 });
    const original = (
      crashing as unknown as { recordChanges: (...args: unknown[]) => Promise<void> }
    ).recordChanges.bind(crashing);
    (crashing as unknown as { recordChanges: (...args: unknown[]) => Promise<void> }).recordChanges = async (
      ...args: unknown[]
    ) => {
      calls += 1;
      if (calls === 2) throw new Error('worker killed');
      return original(...args);
    };
    await expect(crashing.run(id)).rejects.toThrow('worker killed');
    const partway = (await intake.view(id))!;
    expect(partway).toMatchObject({ status: 'running', counts: { created: 3 } });
    expect(
      (
        (await db.dataSource.query(`SELECT count(*)::int AS n FROM cars WHERE dealership_id = $1`, [
          fixture.north.id,
        ])) as { n: number }[]
      )[0]!.n,
    ).toBe(3);

    await ingest.run(id);
    await indexer.drain(fixture.siteId);
    expect((await intake.view(id))!).toMatchObject({
      status: 'succeeded',
      counts: { received: 7, created: 7, unchanged: 0 },
    });
    expect(await stocknums()).toHaveLength(7);
  });

  describe('a dealer system sending what the database cannot hold', () => {
    it('gives each out-of-range or NUL value a row error and applies every other row (partial)', async () => {
      const run = await push(fixture.north.id, [
        car('H1', { price: 1_000_000_000_000 }),
        car('H2', { km: 100_000_000_000 }),
        car('H3', { model: 'RA\u0000V4', colour: 'Whi\u0000te' }),
        car('H4', { dealercomments: 'x'.repeat(20_001) }),
        car('H5'),
      ]);
      expect(run).toMatchObject({
        status: 'partial',
        finishedAt: expect.any(String),
        counts: { received: 5, created: 2, rejected: 3 },
      });
      expect(run.errors).toEqual([
        { row: 1, stocknum: 'H1', path: 'price', message: 'must be 100000000 or less' },
        { row: 2, stocknum: 'H2', path: 'km', message: 'must be 9999999 or less' },
        { row: 4, stocknum: 'H4', path: 'dealercomments', message: 'must be at most 20000 characters' },
      ]);
      // NUL is stripped, not stored: the car lands with its text.
      const [h3] = (await db.dataSource.query(
        `SELECT model, data->>'colour' AS colour FROM cars WHERE dealership_id = $1 AND stocknum = 'H3'`,
        [fixture.north.id],
      )) as { model: string; colour: string | null }[];
      expect(h3?.model).toBe('RAV4');
      expect(await stocknums()).toEqual(['H3', 'H5']);
    });

    it('isolates a row the database refuses by splitting its batch: that row is an error, the rest land', async () => {
      // Stand in for a value validation let through: the database refuses one model name.
      await db.dataSource.query(`ALTER TABLE cars ADD CONSTRAINT test_refused_model CHECK (model <> 'Refused')`);
      try {
        const run = await push(fixture.north.id, [
          car('B1'),
          car('B2'),
          car('B3', { model: 'Refused' }),
          car('B4'),
          car('B5'),
          car('B6', { model: 'Refused' }),
          car('B7'),
        ]);
        expect(run).toMatchObject({ status: 'partial', counts: { received: 7, created: 5, rejected: 2 } });
        expect(run.errors).toEqual([
          {
            row: 3,
            stocknum: 'B3',
            path: '(row)',
            message: expect.stringContaining('The database could not store this row'),
          },
          { row: 6, stocknum: 'B6', path: '(row)', message: expect.stringContaining('test_refused_model') },
        ]);
        expect(await stocknums()).toEqual(['B1', 'B2', 'B4', 'B5', 'B7']);
      } finally {
        await db.dataSource.query(`ALTER TABLE cars DROP CONSTRAINT test_refused_model`);
      }
    });

    it('keeps the first 1,000 row errors and says how many more there were', async () => {
      const rows = [
        car('E-OK'),
        ...Array.from({ length: MAX_RUN_ERRORS + 150 }, (_, i) => car(`E${i}`, { car_type: 'vintage' })),
      ];
      const run = await push(fixture.north.id, rows);
      expect(run).toMatchObject({ status: 'partial', counts: { rejected: MAX_RUN_ERRORS + 150 }, errorsOmitted: 150 });
      expect(run.errors).toHaveLength(MAX_RUN_ERRORS);
    });
  });

  describe('raw fields and media', () => {
    it('derives body, fuel, transmission and drive facets from the raw fields, noting unknown values once', async () => {
      const run = await push(fixture.north.id, [
        car('F1', { body: 'SUV', fuel: 'Diesel', transmission: 'Automatic', drive: 'AWD' }),
        car('F2', { body: 'Dual Cab Utility', fuel: 'Unleaded Petrol', trans: '6 Speed Manual' }),
        car('F3', { body: 'Hovercraft' }),
        car('F4', { body: 'Hovercraft' }),
      ]);
      expect(run.status).toBe('succeeded');
      expect(run.warnings.filter((w: string) => w.includes('Hovercraft'))).toEqual([
        "body 'Hovercraft' (first in row 3) is not a known value for simple_body; the raw text is used",
      ]);
      const result = await search({ facets: ['body', 'fuel', 'transmission'] });
      expect(result.facets['body']).toEqual({ suv: 1, ute: 1, Hovercraft: 2 });
      expect(result.facets['fuel']).toEqual({ Diesel: 1, Petrol: 1 });
      expect(result.facets['transmission']).toEqual({ Automatic: 1, Manual: 1 });
    });

    it('drops media that is not a web address, with a warning, and keeps the car', async () => {
      const run = await push(fixture.north.id, [
        car('M1', {
          images: ['javascript:alert(1)', 'https://cdn.example.com/m1.jpg', 'data:image/png;base64,AAAA'],
          video_url: 'javascript:alert(2)',
        }),
      ]);
      expect(run.status).toBe('succeeded');
      expect(run.warnings).toEqual([
        'Row 1: images.0 is not a web address (https:, http: or /media/...) and was dropped',
        'Row 1: images.2 is not a web address (https:, http: or /media/...) and was dropped',
        'Row 1: video_url is not a web address (https:, http: or /media/...) and was dropped',
      ]);
      const [stored] = (await db.dataSource.query(
        `SELECT data FROM cars WHERE dealership_id = $1 AND stocknum = 'M1'`,
        [fixture.north.id],
      )) as { data: { images: { url: string }[]; video_url: string | null } }[];
      expect(stored?.data.images.map((image) => image.url)).toEqual(['https://cdn.example.com/m1.jpg']);
      expect(stored?.data.video_url).toBeNull();
    });
  });

  describe('runs of one dealership', () => {
    const receive = (body: unknown) =>
      intake.receive({
        dealershipId: fixture.north.id,
        mode: 'snapshot',
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify(body)),
      });

    it('apply in the order received: a later run waits while an earlier one is unfinished, and the later snapshot wins', async () => {
      const first = await receive(['O1', 'O2', 'O3', 'O4', 'O5'].map((stocknum) => car(stocknum)));
      const second = await receive(['O2', 'O3', 'O4', 'O5', 'O6'].map((stocknum) => car(stocknum, { price: 12345 })));
      expect(await ingest.run(second)).toMatchObject({ outcome: 'waiting', behind: first });
      expect((await intake.view(second))!.status).toBe('queued');
      // Two workers at once: one applies, the other waits or finds nothing left to do.
      await Promise.all([ingest.run(first), new FeedIngest(db.dataSource, { batchSize: 3 }).run(first)]);
      expect(await ingest.run(second)).toMatchObject({ outcome: 'applied' });
      const live = (await db.dataSource.query(
        `SELECT stocknum, price FROM cars WHERE dealership_id = $1 AND status = 'in_stock' ORDER BY stocknum`,
        [fixture.north.id],
      )) as {
        stocknum: string;
        price: number;
      }[];
      expect(live).toEqual(['O2', 'O3', 'O4', 'O5', 'O6'].map((stocknum) => ({ stocknum, price: 12345 })));
      expect((await intake.view(first))!.counts).toMatchObject({ created: 5 });
    });
  });

  describe('run control', () => {
    const control = () => new FeedRuns(db.dataSource, { stuckAfterMs: 60_000 });
    const receive = (body: unknown) =>
      intake.receive({
        dealershipId: fixture.north.id,
        mode: 'snapshot',
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify(body)),
      });

    it('fails a run whose job used its last attempt, with the reason', async () => {
      const id = await receive([car('L1')]);
      await control().failAfterLastAttempt(id, 'connection terminated');
      expect((await intake.view(id))!).toMatchObject({
        status: 'failed',
        detail: 'Failed after its last attempt: connection terminated',
        finishedAt: expect.any(String),
      });
    });

    it('lets ops retry a failed run from where it stopped, and cancel an unfinished one', async () => {
      const done = await receive([car('C0')]);
      await ingest.run(done);
      expect(await control().retry(done)).toEqual({
        refused: 'conflict',
        detail: "Only a failed or unfinished run can be retried; this one is 'succeeded'.",
      });
      const id = await receive([car('C0'), car('C1')]);
      await control().failAfterLastAttempt(id, 'boom');
      expect(await control().retry(id)).toEqual({ ok: true });
      expect(await ingest.run(id)).toMatchObject({ outcome: 'applied', status: 'succeeded' });

      const other = await receive([car('C2')]);
      expect(await control().cancel(other)).toEqual({ ok: true });
      expect((await intake.view(other))!).toMatchObject({
        status: 'cancelled',
        detail: 'Cancelled by ops; nothing was applied.',
      });
      expect(await ingest.run(other)).toMatchObject({ outcome: 'skipped', status: 'cancelled' });
      expect(await control().cancel(other)).toMatchObject({ refused: 'conflict' });
      expect(await control().retry('not-a-uuid')).toEqual({ refused: 'not_found' });
      expect((await control().list({ dealership: fixture.north.slug, limit: 5 })).map((r) => r.feedRunId)).toEqual(
        expect.arrayContaining([id, other]),
      );
    });
  });

  describe('the feed-ingest worker (real BullMQ)', () => {
    it('fails a run whose job kills its worker process three times, saying why, so the dealership goes on', async () => {
      const redis = new Redis(TEST_REDIS_URL);
      const prefix = uniqueRedisPrefix();
      const producer = new QueueProducer(redis, prefix);
      const timing = { lockDurationMs: 1_000, stalledIntervalMs: 300 };
      const id = await intake.receive({
        dealershipId: fixture.north.id,
        mode: 'snapshot',
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify([car('K9')])),
      });
      await producer.add('feedIngest', { feedRunId: id }, { jobId: feedJobId(id) });
      // A real process that takes the job and dies with it, as a poison input made the worker do:
      // started again after each death, as a supervisor would.
      const crashing = `
        const { Worker } = require('bullmq');
        const Redis = require('ioredis');
        new Worker(${JSON.stringify(QUEUES.feedIngest.name)}, async () => process.exit(70), {
          connection: new Redis(${JSON.stringify(TEST_REDIS_URL)}, { maxRetriesPerRequest: null }),
          prefix: ${JSON.stringify(prefix)}, lockDuration: ${timing.lockDurationMs},
          stalledInterval: ${timing.stalledIntervalMs}, maxStalledCount: ${MAX_STALLED_COUNT},
        });`;
      for (let crash = 0; crash <= MAX_STALLED_COUNT; crash++) {
        const exit = spawnSync(process.execPath, ['-e', crashing], { cwd: __dirname, timeout: 30_000 });
        expect(exit.status).toBe(70);
      }
      expect((await intake.view(id))!.status).toBe('queued');
      const stop = await startStockWorkers({
        dataSource: db.dataSource,
        engine,
        producer,
        indexer,
        redisUrl: TEST_REDIS_URL,
        prefix,
        schedule: false,
        timing,
      });
      try {
        const run = await eventually(
          async () => (await intake.view(id))!,
          (view) => view.status === 'failed',
          'the run to fail',
        );
        expect(run.detail).toBe(
          "Failed: the worker stopped 3 times while applying this run (it crashed or was killed), so the run was stopped to let the dealership's later runs go on. Rows already applied stay applied; ops can retry it.",
        );
        const job = await producer.queue('feedIngest').getJob(feedJobId(id));
        expect(await job?.getState()).toBe('failed');
      } finally {
        await stop();
        await producer.close();
        redis.disconnect();
      }
    });

    it('leaves a run failed, with the reason, when its job fails its last attempt', async () => {
      const redis = new Redis(TEST_REDIS_URL);
      const prefix = uniqueRedisPrefix();
      const producer = new QueueProducer(redis, prefix);
      // Stands in for an ingest that fails on this run every time (a bug, not an outage).
      const dying = new FeedIngest(db.dataSource);
      dying.run = async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'stocknum')");
      };
      const stop = await startStockWorkers({
        dataSource: db.dataSource,
        engine,
        producer,
        indexer,
        ingest: dying,
        redisUrl: TEST_REDIS_URL,
        prefix,
        schedule: false,
      });
      try {
        const id = await intake.receive({
          dealershipId: fixture.north.id,
          mode: 'snapshot',
          contentType: 'application/json',
          body: Buffer.from(JSON.stringify([car('K1')])),
        });
        await producer.add('feedIngest', { feedRunId: id }, { attempts: 2, backoff: { type: 'fixed', delay: 10 } });
        const run = await eventually(
          async () => (await intake.view(id))!,
          (view) => view.status === 'failed',
          'the run to fail',
        );
        expect(run).toMatchObject({
          status: 'failed',
          detail: "Failed after its last attempt: Cannot read properties of undefined (reading 'stocknum')",
          finishedAt: expect.any(String),
        });
      } finally {
        await stop();
        await producer.close();
        redis.disconnect();
      }
    });
  });
});
