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
import { startMediaWorkers } from './ingest/media-workers';
import { settleDuePhotos } from './ingest/photo-settle';
import { LocalMediaStore } from './store/local-media-store';

/** A loopback HTTP server answering by route (404 otherwise), counting what it was asked. */
class Loopback {
  private server!: Server;
  readonly asked: string[] = [];
  port = 0;

  constructor(private readonly routes: Record<string, (response: ServerResponse) => void> = {}) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      this.asked.push(request.url ?? '');
      const route = this.routes[request.url ?? ''];
      if (route) route(response);
      else response.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * `npm start` (infra/scripts/start.mjs) serves the demo's photos on loopback and lets the worker
 * fetch from that address and port alone (OUTBOUND_ALLOWED_ADDRESSES=127.0.0.1:<port>). A feed key
 * holder's photo address on any other loopback port (the ops API, the worker's /metrics), named
 * directly, by a name or through a redirect from the demo host, is refused before any request.
 */
describe('the media worker beside the demo photo host (real feed ingest, worker, Redis and PostgreSQL)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let intake: FeedIntake;
  let connection: Redis;
  let producer: QueueProducer;
  let stop: () => Promise<void>;
  let root: string;
  let jpeg: Buffer;
  // Another loopback service: stands for the ops API and the worker's /metrics.
  const ops = new Loopback();
  const demo = new Loopback({
    '/photos/car-1.jpg': (response) =>
      response.writeHead(200, { 'content-type': 'image/jpeg', etag: '"c1"' }).end(jpeg),
    '/photos/moved.jpg': (response) =>
      response.writeHead(302, { location: `http://127.0.0.1:${ops.port}/api/ops/feeds` }).end(),
  });

  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    db = await createTestDatabase('platform_demo_photo_host');
    fixture = await createStockFixture(db.dataSource, 'demohost');
    intake = new FeedIntake(db.dataSource);
    await demo.start();
    await ops.start();
    root = await mkdtemp(path.join(tmpdir(), 'demo-photo-host-'));
    const prefix = uniqueRedisPrefix();
    connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    producer = new QueueProducer(connection, prefix);
    stop = await startMediaWorkers({
      dataSource: db.dataSource,
      store: new LocalMediaStore(root),
      // What start.mjs gives the worker: the demo host's address and port.
      allowed: allowedAddresses(`127.0.0.1:${demo.port}`),
      fetchTimeoutMs: 3000,
      redisUrl: TEST_REDIS_URL,
      prefix,
      producer,
      relayEveryMs: 100,
      settleEveryMs: 3_600_000,
      jobOptions: { attempts: 1 },
      schedule: false,
    });
  });

  afterAll(async () => {
    await stop?.();
    await producer?.close();
    connection?.disconnect();
    await demo.stop();
    await ops.stop();
    await db?.destroy();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** Waits until the outbox is relayed and the media queues have nothing left to do. */
  async function settled(): Promise<void> {
    await eventually(
      async () => {
        const [{ n }] = await db.dataSource.query(`SELECT count(*)::int AS n FROM photo_fetches`);
        let left = n as number;
        for (const queue of ['media', 'mediaVariants'] as const) {
          const counts = await producer.queue(queue).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
          left += Object.values(counts).reduce((sum, value) => sum + value, 0);
        }
        return left;
      },
      (left) => left === 0,
      'the photo checks to finish',
    );
    await settleDuePhotos(db.dataSource);
  }

  it('stores the demo host’s photos and refuses every other loopback port before asking it, warning the run why', async () => {
    const dealer = fixture.north.id;
    const images = [
      `${demo.origin}/photos/car-1.jpg`,
      `${ops.origin}/api/ops/feeds`,
      `http://localhost:${ops.port}/metrics`,
      `${demo.origin}/photos/moved.jpg`,
    ];
    const run = await intake.receive({
      dealershipId: dealer,
      mode: 'snapshot',
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify([feedCar('DEMO1', { images })])),
    });
    await new FeedIngest(db.dataSource).run(run);
    await settled();

    const photos = (await db.dataSource.query(
      `SELECT source_url, status, refusal_reason, refusal_message FROM photos WHERE dealership_id = $1`,
      [dealer],
    )) as { source_url: string; status: string; refusal_reason: string | null; refusal_message: string | null }[];
    const byUrl = new Map(photos.map((row) => [row.source_url, row]));
    expect(byUrl.get(images[0]!)).toMatchObject({ status: 'stored', refusal_reason: null });
    expect(byUrl.get(images[1]!)).toEqual({
      source_url: images[1],
      status: 'refused',
      refusal_reason: 'address-refused',
      refusal_message: `127.0.0.1 port ${ops.port} is not a public address`,
    });
    expect(byUrl.get(images[2]!)).toEqual({
      source_url: images[2],
      status: 'refused',
      refusal_reason: 'address-refused',
      refusal_message: `localhost resolves only to addresses that are not public on port ${ops.port}`,
    });
    expect(byUrl.get(images[3]!)).toEqual({
      source_url: images[3],
      status: 'refused',
      refusal_reason: 'address-refused',
      refusal_message: `127.0.0.1 port ${ops.port} is not a public address`,
    });
    // Nothing was asked of the other port; the demo host only for its photo and the redirect.
    expect(ops.asked).toEqual([]);
    expect([...demo.asked].sort()).toEqual(['/photos/car-1.jpg', '/photos/moved.jpg']);

    const [{ warnings }] = await db.dataSource.query(`SELECT warnings FROM feed_runs WHERE id = $1`, [run]);
    const refusals = (await db.dataSource.query(
      `SELECT source_url, refusal_message FROM photos WHERE source_url = ANY($1::text[])`,
      [images.slice(1, 4)],
    )) as { source_url: string; refusal_message: string }[];
    // The warning says which address was refused and why, not only the reason's code.
    for (const refusal of refusals) expect(refusal.refusal_message).toMatch(/port \d+/);
    expect((warnings as string[]).filter((text) => text.includes('photo images.')).sort()).toEqual(
      [1, 2, 3]
        .map(
          (index) =>
            `Row 1 (stocknum 'DEMO1'): photo images.${index} ${images[index]} was not stored (address-refused: ${refusals.find((r) => r.source_url === images[index])?.refusal_message}); the car is listed with its other photos`,
        )
        .sort(),
    );
  });
});
