import { gunzipSync } from 'node:zlib';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { QueueProducer, syndicationJobId } from '@platform/queues';
import { MEDIA_HOST_LABELS, PlatformMetrics } from '@platform/server-kit';
import { SiteConfigStore, siteConfigStore } from '@platform/site-config';
import {
  createStockFixture,
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
        WEB_PORT: '3123',
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

  it('writes a development site’s feed links on the web’s port (WEB_PORT), as the api names its feed URL', async () => {
    const fixture = await createStockFixture(db.dataSource, 'worker-links', {
      syndication: { google_enabled: true, meta_enabled: false },
    });
    await db.dataSource.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price, km, colour, data)
       VALUES ($1, 'K1', 'ute-k1', 'used', 'Isuzu', 'D-Max', 2023, 51990, 9000, 'White', $2)`,
      [
        fixture.north.id,
        JSON.stringify({ vin: 'MPATFS86JPT000042', images: [{ url: 'https://dealer.example/k1.jpg' }] }),
      ],
    );
    await db.dataSource.query(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height)
       VALUES ($1, 'https://dealer.example/k1.jpg', 'stored', $2, 'jpeg', 1600, 1200)`,
      [fixture.north.id, 'e'.repeat(64)],
    );
    await app
      .get(QueueProducer)
      .add(
        'syndication',
        { dealershipId: fixture.north.id, channel: 'google' },
        { jobId: syndicationJobId(fixture.north.id, 'google') },
      );
    const file = await eventually(
      async () => {
        const chunks = (await db.dataSource.query(
          `SELECT c.bytes FROM syndication_feed_chunks c JOIN syndication_feeds f
             ON f.dealership_id = c.dealership_id AND f.channel = c.channel AND f.generation = c.generation
           WHERE c.dealership_id = $1 AND c.channel = 'google' ORDER BY c.seq`,
          [fixture.north.id],
        )) as { bytes: Buffer }[];
        return chunks.length > 0 ? gunzipSync(Buffer.concat(chunks.map((chunk) => chunk.bytes))).toString('utf8') : '';
      },
      (text) => text.includes('MPATFS86JPT000042'),
      'the feed file',
    );
    expect(file).toContain('http://test-site-worker-links.localhost:3123/cars/ute-k1?');
    expect(file).toContain('http://test-site-worker-links.localhost:3123/media/photos/');
    expect(file).not.toMatch(/\.localhost\//);
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
