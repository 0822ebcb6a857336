import Redis from 'ioredis';
import { QueueProducer } from '@platform/queues';
import {
  createStockFixture,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { startInsightsWorkers } from './insights-workers';
import { appearanceKey, flushSearchAppearances, SearchAppearanceCounter } from './search-appearances';

describe('search appearances and the insights job (real PostgreSQL, Redis and BullMQ)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let redis: Redis;
  let carIds: number[];
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    db = await createTestDatabase('platform_insight_jobs');
    fixture = await createStockFixture(db.dataSource, 'jobs');
    redis = new Redis(TEST_REDIS_URL);
    carIds = [];
    for (let i = 0; i < 3; i += 1) {
      const [{ id }] = await db.dataSource.query(
        `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price, km, created_at)
         VALUES ($1, $2, $2, 'used', 'Kia', 'Rio', 2022, 20000, 30000, now() - interval '20 days') RETURNING id`,
        [fixture.north.id, `J${i}`],
      );
      carIds.push(id);
    }
  });

  afterAll(async () => {
    await redis?.quit();
    await db?.destroy();
  });

  const appearances = async (): Promise<Record<number, number>> =>
    Object.fromEntries(
      (
        (await db.dataSource.query(
          `SELECT car_id, search_appearances FROM car_daily_facts WHERE day = '2026-11-20' ORDER BY car_id`,
        )) as { car_id: number; search_appearances: number }[]
      ).map((row) => [row.car_id, row.search_appearances]),
    );

  it('counts a results page in one pipeline and flushes the day as it stands, twice the same', async () => {
    const counter = new SearchAppearanceCounter(redis, prefix);
    const at = new Date('2026-11-20T02:00:00Z');
    counter.record([carIds[0], carIds[1]], at);
    counter.record([carIds[0]], at);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Hostile fields someone else wrote into the hash are skipped, never stored or thrown on.
    await redis.hset(
      appearanceKey(prefix, '2026-11-20'),
      '__proto__',
      '5',
      'constructor',
      'x',
      '-3',
      '1',
      '99999999999',
      '2',
    );
    expect(await flushSearchAppearances(redis, prefix, db.dataSource, '2026-11-20')).toBe(2);
    expect(await appearances()).toEqual({ [carIds[0]]: 2, [carIds[1]]: 1 });
    expect(await flushSearchAppearances(redis, prefix, db.dataSource, '2026-11-20')).toBe(2);
    expect(await appearances()).toEqual({ [carIds[0]]: 2, [carIds[1]]: 1 });
    expect(await redis.ttl(appearanceKey(prefix, '2026-11-20'))).toBeGreaterThan(0);
  });

  it('swallows a Redis failure on the hot path and reports it', async () => {
    const broken = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    const errors: Error[] = [];
    expect(() => new SearchAppearanceCounter(broken, prefix, (e) => errors.push(e)).record([1, 2])).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errors.length).toBe(1);
    broken.disconnect();
  });

  it('runs the backfill and the refresh as BullMQ jobs: facts for every listed day and a rating per live car', async () => {
    await db.dataSource.query(
      `INSERT INTO car_event_days (car_id, site_id, kind, day, dealership_id, count)
       VALUES ($1, $2, 'view', (now() AT TIME ZONE 'Australia/Brisbane')::date - 3, $3, 7)`,
      [carIds[0], fixture.siteId, fixture.north.id],
    );
    const workers = await startInsightsWorkers({
      dataSource: db.dataSource,
      redisUrl: TEST_REDIS_URL,
      prefix,
      schedule: false,
    });
    const producer = new QueueProducer(redis, prefix);
    try {
      for (const task of ['backfill', 'refresh'] as const) {
        const id = await producer.add('insights', { task });
        const done = async () => (await producer.queue('insights').getJob(id))?.isCompleted();
        for (let i = 0; i < 200 && !(await done()); i += 1) await new Promise((r) => setTimeout(r, 100));
        expect(await done()).toBe(true);
      }
      const [{ days, views }] = await db.dataSource.query(
        `SELECT count(*)::int AS days, sum(views)::int AS views FROM car_daily_facts WHERE car_id = $1`,
        [carIds[0]],
      );
      expect(days).toBeGreaterThanOrEqual(20);
      expect(views).toBe(7);
      const ratings = await db.dataSource.query(`SELECT car_id, score, band FROM car_insights ORDER BY car_id`);
      expect(ratings.map((r: { car_id: number }) => r.car_id)).toEqual(carIds);
    } finally {
      await workers.close();
      await producer.close();
    }
  }, 60_000);
});
