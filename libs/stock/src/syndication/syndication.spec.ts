import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { GOOGLE_COLUMNS, META_COLUMNS, type SyndicationChannel } from '@platform/domain';
import { QueueProducer } from '@platform/queues';
import { SiteConfigStore } from '@platform/site-config';
import {
  createStockFixture,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import Redis from 'ioredis';
import { SyndicationFeedWriter } from './feed-writer';
import { startSyndicationWorkers } from './syndication-workers';

const HOST = 'north-motors.example.com.au';

/** Retries a probe until it stops throwing (the worker's next sweep and job), up to a deadline. */
async function eventually<T>(probe: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
const hash = (n: number) => n.toString(16).padStart(64, 'b');

describe('syndication feeds (real PostgreSQL, Redis and worker)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let redis: Redis;
  let producer: QueueProducer;
  let workers: Awaited<ReturnType<typeof startSyndicationWorkers>>;
  const prefix = uniqueRedisPrefix();

  async function addCar(stocknum: string, vin: string | null, extra: { price?: number; photos?: number[] } = {}) {
    const photos = extra.photos ?? [1, 2];
    const images = photos.map((n) => ({ url: `https://dealer.example/${stocknum}/${n}.jpg` }));
    const [car] = (await db.dataSource.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, badge, year, price, km, colour, simple_body, data)
       VALUES ($1, $2, $3, 'used', 'Toyota', 'Hilux', 'SR5', 2022, $4, 20000, 'White', 'ute', $5) RETURNING id`,
      [
        fixture.north.id,
        stocknum,
        `2022-toyota-hilux-${stocknum.toLowerCase()}`,
        extra.price ?? 45990,
        JSON.stringify({ vin, images, dealercomments: 'One owner, "immaculate", 5 seats\nlog books' }),
      ],
    )) as { id: number }[];
    for (const [index, n] of photos.entries())
      await db.dataSource.query(
        `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height)
         VALUES ($1, $2, 'stored', $3, 'jpeg', 2000, 1250)`,
        [fixture.north.id, images[index]?.url, hash(n)],
      );
    return car!.id;
  }

  async function file(
    channel: SyndicationChannel,
  ): Promise<{ generation: number; records: Record<string, string>[]; header: string[] }> {
    const [feed] = (await db.dataSource.query(
      `SELECT generation FROM syndication_feeds WHERE dealership_id = $1 AND channel = $2`,
      [fixture.north.id, channel],
    )) as { generation: number }[];
    if (!feed || feed.generation === 0) throw new Error('not generated yet');
    const chunks = (await db.dataSource.query(
      `SELECT bytes FROM syndication_feed_chunks WHERE dealership_id = $1 AND channel = $2 AND generation = $3 ORDER BY seq`,
      [fixture.north.id, channel, feed.generation],
    )) as { bytes: Buffer }[];
    const text = gunzipSync(Buffer.concat(chunks.map((chunk) => chunk.bytes))).toString('utf8');
    const [header = [], ...rows] = parse(text, { record_delimiter: '\r\n' }) as string[][];
    return {
      generation: feed.generation,
      header,
      records: rows.map((row) => Object.fromEntries(header.map((column, index) => [column, row[index] ?? '']))),
    };
  }

  beforeAll(async () => {
    db = await createTestDatabase('syndication');
    fixture = await createStockFixture(db.dataSource, 'synd', {
      syndication: { google_enabled: true, meta_enabled: true },
    });
    await db.dataSource.query(`INSERT INTO site_hosts (host, site_id, "primary") VALUES ($1, $2, true)`, [
      HOST,
      fixture.siteId,
    ]);
    await db.dataSource.query(`UPDATE dealerships SET config = $2 WHERE id = $1`, [
      fixture.west.id,
      JSON.stringify({ syndication: { google_enabled: false, meta_enabled: false } }),
    ]);
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    producer = new QueueProducer(redis, prefix);
    workers = await startSyndicationWorkers({
      dataSource: db.dataSource,
      configs: new SiteConfigStore(db.dataSource),
      producer,
      redisUrl: TEST_REDIS_URL,
      prefix,
      sweepEveryMs: 300,
      sweepTiming: { quietMs: 0, maxWaitMs: 0, maxAgeMs: 24 * 3600_000 },
    });
  });

  afterAll(async () => {
    await workers?.close();
    await producer?.close();
    await redis?.quit();
    await db?.destroy();
  });

  it('publishes both files with the channels’ exact columns, leaving out cars with their reasons', async () => {
    await addCar('N1001', 'JTDBR32E720000001');
    await addCar('N1002', null);
    await addCar('N1003', 'JTDBR32E720000003', { photos: [] });
    await addCar('N1004', 'JTDBR32E720000004', { price: 0 });
    await addCar('N1005', 'JTDBR32E720000005');
    await addCar('N1006', 'jtdbr32e7-20000005'); // the same VIN as N1005, written differently

    // The files settle once the sweep has seen every insert (it may write one mid-way first).
    await eventually(async () => {
      const google = await file('google');
      expect(google.header).toEqual([...GOOGLE_COLUMNS]);
      expect(google.records.map((record) => record['id'])).toEqual(['N1001']);
      const [row] = google.records;
      expect(row?.['link']).toMatch(new RegExp(`^https://${HOST}/cars/2022-toyota-hilux-n1001\\?utm_source=google&`));
      expect(row?.['image_link']).toBe(`https://${HOST}/media/photos/${hash(1)}/w1600`);
      expect(row?.['price']).toBe('45990 AUD');

      const meta = await file('meta');
      expect(meta.header).toEqual([...META_COLUMNS]);
      expect(meta.records[0]?.['description']).toBe('One owner, "immaculate", 5 seats log books');

      const [record] = (await db.dataSource.query(
        `SELECT included, left_out_count, generation FROM syndication_feeds WHERE dealership_id = $1 AND channel = 'google'`,
        [fixture.north.id],
      )) as { included: number; left_out_count: number; generation: number }[];
      expect(record?.included).toBe(1);
      expect(record?.left_out_count).toBe(5);
      const leftOut = (await db.dataSource.query(
        `SELECT stocknum, reasons FROM syndication_feed_left_out WHERE dealership_id = $1 AND channel = 'google' AND generation = $2`,
        [fixture.north.id, record?.generation],
      )) as { stocknum: string; reasons: string[] }[];
      expect(Object.fromEntries(leftOut.map((car) => [car.stocknum, car.reasons]))).toEqual({
        N1002: ['vin-missing'],
        N1003: ['photo-missing'],
        N1004: ['price-missing'],
        N1005: ['vin-duplicate'],
        N1006: ['vin-duplicate'],
      });
    });
    // A dealership with both channels off publishes nothing.
    const west = (await db.dataSource.query(`SELECT 1 FROM syndication_feeds WHERE dealership_id = $1`, [
      fixture.west.id,
    ])) as unknown[];
    expect(west).toEqual([]);
  });

  it('writes the same file and left-out list whatever the page size of its cursor', async () => {
    const configs = new SiteConfigStore(db.dataSource);
    const whole = await new SyndicationFeedWriter(db.dataSource, configs, { pageSize: 500 }).generate(
      fixture.north.id,
      'meta',
    );
    const big = await file('meta');
    const paged = await new SyndicationFeedWriter(db.dataSource, configs, { pageSize: 2 }).generate(
      fixture.north.id,
      'meta',
    );
    const small = await file('meta');
    expect(paged).toMatchObject({ outcome: 'generated', included: 1, leftOut: 5 });
    expect(whole).toMatchObject({ outcome: 'generated', included: 1, leftOut: 5 });
    expect(small.generation).toBeGreaterThan(big.generation);
    expect(small.records).toEqual(big.records);
    const leftOut = (await db.dataSource.query(
      `SELECT generation, count(*)::int AS n FROM syndication_feed_left_out WHERE dealership_id = $1 AND channel = 'meta' GROUP BY 1`,
      [fixture.north.id],
    )) as { generation: number; n: number }[];
    expect(leftOut).toEqual([{ generation: small.generation, n: 5 }]);
  });

  it('follows a price change and a sale within the regeneration window', async () => {
    const before = await file('google');
    await db.dataSource.query(
      `UPDATE cars SET price = 43990, updated_at = now() WHERE dealership_id = $1 AND stocknum = 'N1001'`,
      [fixture.north.id],
    );
    await eventually(async () => {
      const after = await file('google');
      expect(after.generation).toBeGreaterThan(before.generation);
      expect(after.records.find((record) => record['id'] === 'N1001')?.['price']).toBe('43990 AUD');
    });

    await db.dataSource.query(
      `UPDATE cars SET status = 'sold', sold_date = now(), listed_until = now() + interval '3 days', updated_at = now()
       WHERE dealership_id = $1 AND stocknum = 'N1001'`,
      [fixture.north.id],
    );
    await eventually(async () => {
      expect((await file('google')).records.map((record) => record['id'])).toEqual([]);
      const meta = await file('meta');
      expect(meta.records.find((record) => record['vehicle_id'] === 'N1001')?.['availability']).toBe('NOT_AVAILABLE');
    });
  });
});
