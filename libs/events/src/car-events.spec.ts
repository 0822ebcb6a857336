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
import { recordCarEvent, reportDay } from './car-events';
import { startEventWorkers } from './event-workers';

describe('car events (real PostgreSQL, Redis and BullMQ workers)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let carId: number;

  beforeAll(async () => {
    db = await createTestDatabase('platform_events');
    fixture = await createStockFixture(db.dataSource, 'events');
    [{ id: carId }] = await db.dataSource.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year) VALUES ($1, 'E1', 'e1', 'used', 'Kia', 'Rio', 2020) RETURNING id`,
      [fixture.north.id],
    );
  });

  afterAll(async () => {
    await db?.destroy();
  });

  const counts = () =>
    db.dataSource.query(`SELECT kind, day::text AS day, count FROM car_event_days ORDER BY kind, day`) as Promise<
      { kind: string; day: string; count: number }[]
    >;

  it('counts by the Sydney day: 13:30 UTC is already the next day there', () => {
    expect(reportDay('2026-11-21T12:59:00Z')).toBe('2026-11-21');
    expect(reportDay('2026-11-21T13:30:00Z')).toBe('2026-11-22');
  });

  it('adds each event to its daily counter and views to the car total', async () => {
    const event = { carId, siteId: fixture.siteId, dealershipId: fixture.north.id };
    await recordCarEvent(db.dataSource, 'view', { ...event, at: '2026-11-21T01:00:00Z' });
    await recordCarEvent(db.dataSource, 'view', { ...event, at: '2026-11-21T02:00:00Z' });
    await recordCarEvent(db.dataSource, 'phone_reveal', { ...event, at: '2026-11-21T14:00:00Z' });
    expect(await counts()).toEqual([
      { kind: 'phone_reveal', day: '2026-11-22', count: 1 },
      { kind: 'view', day: '2026-11-21', count: 2 },
    ]);
    expect((await db.dataSource.query(`SELECT views FROM cars WHERE id = $1`, [carId]))[0].views).toBe(2);
  });

  it('runs the phone-reveals and car-views queues through the workers', async () => {
    const prefix = uniqueRedisPrefix();
    const redis = new Redis(TEST_REDIS_URL);
    const producer = new QueueProducer(redis, prefix);
    const stop = await startEventWorkers({ dataSource: db.dataSource, redisUrl: TEST_REDIS_URL, prefix });
    try {
      const at = '2026-11-23T00:00:00Z';
      await producer.add('phoneReveals', { carId, siteId: fixture.siteId, dealershipId: fixture.north.id, at });
      await producer.add('carViews', { carId, siteId: fixture.siteId, dealershipId: fixture.north.id, at });
      const deadline = Date.now() + 15_000;
      let rows = await counts();
      while (rows.filter((r) => r.day === '2026-11-23').length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        rows = await counts();
      }
      expect(rows.filter((r) => r.day === '2026-11-23')).toEqual([
        { kind: 'phone_reveal', day: '2026-11-23', count: 1 },
        { kind: 'view', day: '2026-11-23', count: 1 },
      ]);
    } finally {
      await stop();
      await producer.close();
      redis.disconnect();
    }
  });

  it('refuses an event payload that breaks the queue contract before it is queued', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const producer = new QueueProducer(redis, uniqueRedisPrefix());
    try {
      await expect(
        producer.add('phoneReveals', {
          carId,
          siteId: fixture.siteId,
          dealershipId: fixture.north.id,
          at: 'yesterday',
        }),
      ).rejects.toThrow();
    } finally {
      await producer.close();
      redis.disconnect();
    }
  });
});
