import type { INestApplication } from '@nestjs/common';
import Redis from 'ioredis';
import request from 'supertest';
import { startEventWorkers } from '@platform/events';
import { startLeadWorkers, type LeadWorkersOptions } from '@platform/leads';
import { QueueProducer } from '@platform/queues';
import { bumpSearchVersion, PostgresSearchEngine } from '@platform/search';
import { FeedIngest, FeedIntake, SiteIndexer, startStockWorkers } from '@platform/stock';
import {
  createStockFixture,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { createApiApp } from '../bootstrap';
import { ApiEnvSchema } from '../env';

/**
 * One site API under test: its own database and Redis prefix, the real API app, and the real
 * stock, event and lead workers, so queued work (indexing, views, phone reveals, lead delivery)
 * happens as in production.
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

/** Lead worker settings for tests: a fast relay and short backoff unless a test says otherwise. */
type LeadWorkerOverrides = Partial<Omit<LeadWorkersOptions, 'dataSource' | 'producer' | 'redisUrl' | 'prefix'>>;

export async function createSiteApiHarness(
  name: string,
  options: {
    siteConfig?: Record<string, unknown>;
    env?: Record<string, string>;
    leadWorkers?: LeadWorkerOverrides;
  } = {},
): Promise<SiteApiHarness> {
  const db = await createTestDatabase(`platform_api_${name}`);
  const fixture = await createStockFixture(db.dataSource, name, options.siteConfig ?? {});
  const prefix = uniqueRedisPrefix();
  const env = ApiEnvSchema.parse({
    DATABASE_URL: db.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...options.env,
  });
  const app = await createApiApp(env);
  await app.init();
  const redis = new Redis(TEST_REDIS_URL);
  const producer = new QueueProducer(redis, prefix);
  const engine = new PostgresSearchEngine(db.dataSource);
  const indexer = new SiteIndexer(db.dataSource, engine, {
    onIndexChanged: (siteId) => bumpSearchVersion(redis, prefix, siteId),
  });
  const stopStock = await startStockWorkers({
    dataSource: db.dataSource,
    engine,
    producer,
    indexer,
    redisUrl: TEST_REDIS_URL,
    prefix,
    schedule: false,
  });
  const stopEvents = await startEventWorkers({ dataSource: db.dataSource, redisUrl: TEST_REDIS_URL, prefix });
  const stopLeads = await startLeadWorkers({
    dataSource: db.dataSource,
    producer,
    redisUrl: TEST_REDIS_URL,
    prefix,
    secrets: {},
    relayIntervalMs: 50,
    deliveryAttempts: 3,
    deliveryBackoffMs: 50,
    ...options.leadWorkers,
  });
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
      const id = await intake.receive({
        dealershipId,
        mode,
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify(cars)),
      });
      const outcome = await ingest.run(id);
      if (outcome.status === 'failed') throw new Error(`feed ${id} failed to apply`);
      await indexer.drain(fixture.siteId);
    },
    async close() {
      await stopLeads();
      await stopEvents();
      await stopStock();
      await producer.close();
      redis.disconnect();
      await app.close();
      await db.destroy();
    },
  };
}

export { eventually } from '@platform/testing';
