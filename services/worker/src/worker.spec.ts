import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { QueueProducer } from '@platform/queues';
import { MEDIA_HOST_LABELS, PlatformMetrics } from '@platform/server-kit';
import { SiteConfigStore, siteConfigStore } from '@platform/site-config';
import {
  createTestDatabase,
  eventually,
  metricValue,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@platform/testing';
import { createWorkerApp } from './bootstrap';
import { WorkerEnvSchema } from './env';

describe('worker process (real PostgreSQL and Redis)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    db = await createTestDatabase('platform_worker');
    app = await createWorkerApp(
      WorkerEnvSchema.parse({
        DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'silent',
      }),
    );
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('reads a configuration change without a restart, through the one store its jobs share', async () => {
    const store = app.get(SiteConfigStore);
    // Ingest and lead delivery reach the store through their data source: it must be this one.
    expect(siteConfigStore(app.get<DataSource>(getDataSourceToken()))).toBe(store);
    const [{ id: siteId }] = await db.dataSource.query(
      `INSERT INTO sites (slug, name) VALUES ('worker-config', 'Worker Config') RETURNING id`,
    );
    const [{ id: dealershipId }] = await db.dataSource.query(
      `INSERT INTO dealerships (site_id, slug, name) VALUES ($1, 'worker-config-north', 'North') RETURNING id`,
      [siteId],
    );
    expect((await store.dealership(dealershipId)).inventory.snapshot_missing_action).toBe('sold');
    await db.dataSource.query(
      `UPDATE dealerships SET config = '{"inventory":{"snapshot_missing_action":"withdrawn"}}' WHERE id = $1`,
      [dealershipId],
    );
    expect((await store.dealership(dealershipId)).inventory.snapshot_missing_action).toBe('withdrawn');
  });

  it('is live and ready when PostgreSQL and Redis answer', async () => {
    await request(app.getHttpServer()).get('/health/live').expect(200, { status: 'ok' });
    await request(app.getHttpServer()).get('/health/ready').expect(200);
  });

  it('serves Prometheus metrics: each job attempt by queue and outcome, queue depths, feed runs and outbox backlogs', async () => {
    // A sweep through the real maintenance worker: one completed job to observe.
    await app.get(QueueProducer).add('maintenance', { task: 'sweep' });
    const text = await eventually(
      async () => (await request(app.getHttpServer()).get('/metrics').expect(200)).text,
      (body) =>
        (metricValue(body, 'queue_job_duration_seconds_count', { queue: 'maintenance', outcome: 'completed' }) ?? 0) >=
        1,
      'the sweep job in the metrics',
    );
    expect(metricValue(text, 'queue_jobs', { queue: 'feed-ingest', state: 'waiting', app: 'worker' })).toBe(0);
    expect(metricValue(text, 'feed_runs', { status: 'running' })).toBe(0);
    expect(metricValue(text, 'feed_runs_stuck', { app: 'worker' })).toBe(0);
    expect(metricValue(text, 'outbox_backlog', { outbox: 'lead_outbox' })).toBe(0);
    expect(metricValue(text, 'outbox_backlog', { outbox: 'car_changes' })).toBe(0);
    expect(metricValue(text, 'outbox_backlog', { outbox: 'photo_settles' })).toBe(0);
  });

  it('serves the photo ingest metrics, with the dealer host label bounded however many hosts a feed names', async () => {
    const media = app.get(PlatformMetrics).media;
    for (let index = 0; index < MEDIA_HOST_LABELS + 15; index += 1)
      media.fetch(`dealer-${index}.example`, 'fetched', 0.2);
    media.refused('html');
    media.refused('not a reason\u0000');
    media.stored(1234);
    const text = (await request(app.getHttpServer()).get('/metrics').expect(200)).text;
    const hosts = new Set(
      [...text.matchAll(/^media_fetch_duration_seconds_count\{[^}]*host="([^"]*)"/gm)].map((match) => match[1]),
    );
    expect(hosts.size).toBe(MEDIA_HOST_LABELS + 1);
    expect(metricValue(text, 'media_fetch_duration_seconds_count', { host: 'other', outcome: 'fetched' })).toBe(15);
    expect(metricValue(text, 'media_photos_refused_total', { reason: 'html' })).toBe(1);
    expect(metricValue(text, 'media_photos_refused_total', { reason: 'other' })).toBe(1);
    expect(metricValue(text, 'media_bytes_stored_total', { app: 'worker' })).toBe(1234);
    expect(metricValue(text, 'media_photos', { status: 'pending' })).toBe(0);
  });
});
