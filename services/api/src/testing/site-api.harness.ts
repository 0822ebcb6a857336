import type { INestApplication } from '@nestjs/common';
import Redis from 'ioredis';
import request from 'supertest';
import { startEventWorkers } from '@platform/events';
import { QueueProducer } from '@platform/queues';
import { bumpSearchVersion, PostgresSearchEngine } from '@platform/search';
import { FeedIngest, FeedIntake, SiteIndexer, startStockWorkers } from '@platform/stock';
import { createStockFixture, createTestDatabase, TEST_REDIS_URL, uniqueRedisPrefix, type StockFixture, type TestDatabase } from '@platform/testing';
import { createApiApp } from '../bootstrap';
import { ApiEnvSchema } from '../env';

/**
 * One site API under test: its own database and Redis prefix, the real API app, and the real
 * stock and event workers, so queued work (indexing, views, phone reveals) happens as in production.
 */
export interface SiteApiHarness {
  db: TestDatabase;
  app: INestApplication;
  fixture: StockFixture;
  siteSlug: string;
  prefix: string;
  redis: Redis;
  http(): ReturnType<typeof request>;
  /** Applies a feed to a dealership and indexes it, as the worker would. */
  load(dealershipId: number, cars: Record<string, unknown>[], mode?: 'snapshot' | 'delta'): Promise<void>;
  close(): Promise<void>;
}

export async function createSiteApiHarness(name: string, options: { siteConfig?: Record<string, unknown>; env?: Record<string, string> } = {}): Promise<SiteApiHarness> {
  const db = await createTestDatabase(`platform_api_${name}`);
  const fixture = await createStockFixture(db.dataSource, name, options.siteConfig ?? {});
  const prefix = uniqueRedisPrefix();
  const env = ApiEnvSchema.parse({ DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env });
  const app = await createApiApp(env);
  await app.init();
  const redis = new Redis(TEST_REDIS_URL);
  const producer = new QueueProducer(redis, prefix);
  const engine = new PostgresSearchEngine(db.dataSource);
  const indexer = new SiteIndexer(db.dataSource, engine, { onIndexChanged: (siteId) => bumpSearchVersion(redis, prefix, siteId) });
  const stopStock = await startStockWorkers({ dataSource: db.dataSource, engine, producer, indexer, redisUrl: TEST_REDIS_URL, prefix, schedule: false });
  const stopEvents = await startEventWorkers({ dataSource: db.dataSource, redisUrl: TEST_REDIS_URL, prefix });
  const intake = new FeedIntake(db.dataSource);
  const ingest = new FeedIngest(db.dataSource);

  return {
    db,
    app,
    fixture,
    siteSlug: `test-site-${name}`,
    prefix,
    redis,
    http: () => request(app.getHttpServer()),
    async load(dealershipId, cars, mode = 'delta') {
      const id = await intake.receive({ dealershipId, mode, contentType: 'application/json', body: Buffer.from(JSON.stringify(cars)) });
      const outcome = await ingest.run(id);
      if (outcome.status === 'failed') throw new Error(`feed ${id} failed to apply`);
      await indexer.drain(fixture.siteId);
    },
    async close() {
      await stopEvents();
      await stopStock();
      await producer.close();
      redis.disconnect();
      await app.close();
      await db.destroy();
    },
  };
}

/** Polls until `done` holds (for work a queue does), failing with the last value seen. */
export async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
