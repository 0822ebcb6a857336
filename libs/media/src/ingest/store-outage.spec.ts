import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import sharp from 'sharp';
import { QueueProducer } from '@platform/queues';
import { allowedAddresses } from '@platform/server-kit';
import { FeedIngest, FeedIntake } from '@platform/stock';
import {
  createStockFixture,
  createTestDatabase,
  eventually,
  feedCar,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { LocalMediaStore } from '../store/local-media-store';
import { InvalidMediaKey } from '../store/media-store';
import { NO_MEDIA_METRICS, type MediaMetrics } from './media-metrics';
import { startMediaWorkers } from './media-workers';

// The dealer's photo host, on a loopback address let through as OUTBOUND_ALLOWED_ADDRESSES would in development.
const HOST = '127.0.0.2';

const photo = (seed: number) =>
  sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: seed % 255, g: 60, b: 150 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

/** A dealer's static host that answers 200 every time, counting what it was asked and served. */
class PhotoHost {
  private server!: Server;
  readonly routes = new Map<string, Buffer>();
  readonly served = new Map<string, number>();
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const route = request.url ?? '/';
      const body = this.routes.get(route);
      if (!body) return response.writeHead(404).end();
      this.served.set(route, (this.served.get(route) ?? 0) + 1);
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
    });
    await new Promise<void>((resolve) => this.server.listen(0, HOST, resolve));
    this.origin = `http://${HOST}:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The local store on a disk that fills up: while `full`, every write fails as Node reports ENOSPC. */
class FillingStore extends LocalMediaStore {
  full = false;
  /** A platform bug rather than the disk: every write throws it. */
  broken = false;
  failedPuts = 0;
  override async put(key: string, bytes: Uint8Array): Promise<void> {
    if (this.broken) throw new InvalidMediaKey(`The bytes put at ${key} do not hash to its name`);
    if (this.full) {
      this.failedPuts += 1;
      throw Object.assign(new Error(`ENOSPC: no space left on device, write`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    }
    await super.put(key, bytes);
  }
}

describe('a full media store (real feed ingest, media worker, Redis, PostgreSQL, a photo host answering 200)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let connection: Redis;
  let producer: QueueProducer;
  let stop: () => Promise<void>;
  let store: FillingStore;
  let root: string;
  const host = new PhotoHost();
  const health: boolean[] = [];
  const failures: string[] = [];
  const metrics: MediaMetrics = {
    ...NO_MEDIA_METRICS,
    storeHealth: (healthy) => {
      if (health.at(-1) !== healthy) health.push(healthy);
    },
    storeFailed: (code) => failures.push(code),
  };

  beforeAll(async () => {
    db = await createTestDatabase('platform_store_outage');
    fixture = await createStockFixture(db.dataSource, 'store');
    await host.start();
    root = await mkdtemp(path.join(tmpdir(), 'store-outage-'));
    store = new FillingStore(root);
    connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const prefix = uniqueRedisPrefix();
    producer = new QueueProducer(connection, prefix);
    stop = await startMediaWorkers({
      dataSource: db.dataSource,
      store,
      allowed: allowedAddresses(HOST),
      fetchTimeoutMs: 3000,
      redisUrl: TEST_REDIS_URL,
      prefix,
      producer,
      metrics,
      relayEveryMs: 100,
      // Two quick attempts: a store failure counted as the host's would mark the photo unreachable within a second.
      jobOptions: { attempts: 2, backoff: { type: 'fixed', delay: 50 } },
      storeRetry: { firstMs: 200, maxMs: 800 },
      storeEveryMs: 100,
      schedule: false,
    });
  });

  afterAll(async () => {
    await stop?.();
    await producer?.close();
    connection?.disconnect();
    await host.stop();
    await db?.destroy();
    await rm(root, { recursive: true, force: true });
  });

  const photosOf = async (dealershipId: number) =>
    (await db.dataSource.query(
      `SELECT source_url, status, refusal_reason, content_hash FROM photos WHERE dealership_id = $1 ORDER BY source_url`,
      [dealershipId],
    )) as { source_url: string; status: string; refusal_reason: string | null; content_hash: string | null }[];
  const warningsOf = async (run: string) =>
    ((await db.dataSource.query(`SELECT warnings FROM feed_runs WHERE id = $1`, [run]))[0].warnings as string[]).filter(
      (text) => text.includes('photo'),
    );

  it('keeps the fetched photos, never fetches them again, never blames the dealer, and stores them once space is back', async () => {
    const routes = Array.from({ length: 8 }, (_, i) => `/full/${i}.jpg`);
    for (const [i, route] of routes.entries()) host.routes.set(route, await photo(i));
    store.full = true;
    const dealer = fixture.north.id;
    const run = await new FeedIntake(db.dataSource).receive({
      dealershipId: dealer,
      mode: 'snapshot',
      contentType: 'application/json',
      body: Buffer.from(
        JSON.stringify([
          feedCar('FULL1', { images: routes.slice(0, 4).map((route) => host.origin + route) }),
          feedCar('FULL2', { images: routes.slice(4).map((route) => host.origin + route) }),
        ]),
      ),
    });
    await new FeedIngest(db.dataSource).run(run);

    // The store has failed and the photos that met it are settled one way or the other.
    await eventually(
      async () => ({ failed: store.failedPuts, photos: await photosOf(dealer) }),
      ({ failed, photos }) =>
        failed > 0 &&
        photos.every((row) => row.status !== 'pending' || row.refusal_reason === 'storage' || !row.refusal_reason),
      'the store to fail',
    );
    // Long enough for every retry and final-failure handler the old path would run.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const waiting = await photosOf(dealer);
    expect(waiting.filter((row) => row.status === 'unreachable')).toEqual([]);
    expect(waiting.filter((row) => row.refusal_reason === 'storage').length).toBeGreaterThan(0);
    for (const row of waiting) expect([null, 'storage']).toContain(row.refusal_reason);
    expect(await warningsOf(run)).toEqual([]);
    // Nothing fetched twice: a photo that met the full store was kept, not asked for again.
    for (const route of routes) expect(host.served.get(route) ?? 0).toBeLessThanOrEqual(1);
    // Ops see the store down and why.
    expect(health).toContain(false);
    expect(failures).toContain('ENOSPC');

    // Space is back: no new push, no new fetch of a kept photo; every photo is stored by itself.
    store.full = false;
    const stored = await eventually(
      () => photosOf(dealer),
      (rows) => rows.length === routes.length && rows.every((row) => row.status === 'stored'),
      'every photo stored once the store takes writes again',
    );
    for (const row of stored) expect(row).toMatchObject({ refusal_reason: null });
    for (const route of routes) expect(host.served.get(route)).toBe(1);
    expect(await warningsOf(run)).toEqual([]);
    expect(health.at(-1)).toBe(true);
    const [{ n }] = await db.dataSource.query(`SELECT count(*)::int AS n FROM photo_spool`);
    expect(n).toBe(0);
  });

  it('never tells the dealer their host failed when the platform failed otherwise: the photo waits for its next check', async () => {
    host.routes.set('/bug/1.jpg', await photo(50));
    store.broken = true;
    try {
      const run = await new FeedIntake(db.dataSource).receive({
        dealershipId: fixture.west.id,
        mode: 'snapshot',
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify([feedCar('BUG1', { images: [`${host.origin}/bug/1.jpg`] })])),
      });
      await new FeedIngest(db.dataSource).run(run);
      const failed = await eventually(
        async () => (await producer.queue('media').getFailed()).filter((job) => job.attemptsMade >= 2),
        (jobs) => jobs.length > 0,
        'the job to fail for good',
      );
      expect(failed[0]?.failedReason).toMatch(/hash to its name/);
      // The final-failure handler has run (it runs on the failure just seen).
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await photosOf(fixture.west.id)).toEqual([
        expect.objectContaining({ status: 'pending', refusal_reason: null }),
      ]);
      expect(await warningsOf(run)).toEqual([]);
    } finally {
      store.broken = false;
    }
  });
});
