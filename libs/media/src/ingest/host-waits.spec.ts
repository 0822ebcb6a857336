import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import sharp from 'sharp';
import { mediaJobId, QueueProducer } from '@platform/queues';
import { allowedAddresses } from '@platform/server-kit';
import {
  createStockFixture,
  createTestDatabase,
  eventually,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@platform/testing';
import { LocalMediaStore } from '../store/local-media-store';
import { startMediaWorkers } from './media-workers';

// Two dealers' photo hosts on loopback addresses let through as OUTBOUND_ALLOWED_ADDRESSES would in development.
const SLOW = '127.0.0.2';
const FAST = '127.0.0.3';

const photo = (seed: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: seed % 255, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();

/** A photo host whose answers may be held back; it notes when each request came and was answered. */
class PhotoHost {
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  readonly routes = new Map<string, { body: Buffer; delayMs: number }>();
  readonly answeredAt = new Map<string, number>();
  readonly askedAt = new Map<string, number>();
  origin = '';

  constructor(private readonly address: string) {}

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const route = request.url ?? '/';
      this.askedAt.set(route, Date.now());
      const answer = this.routes.get(route);
      if (!answer) return response.writeHead(404).end();
      setTimeout(() => {
        this.answeredAt.set(route, Date.now());
        response.writeHead(200, { 'content-type': 'image/jpeg' }).end(answer.body);
      }, answer.delayMs);
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server.listen(0, this.address, resolve));
    this.origin = `http://${this.address}:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('waiting for a dealer host’s fetch slot (real worker, Redis, PostgreSQL, local photo hosts)', () => {
  let db: TestDatabase;
  let dealershipId: number;
  let connection: Redis;
  let producer: QueueProducer;
  let stop: () => Promise<void>;
  let root: string;
  const slow = new PhotoHost(SLOW);
  const fast = new PhotoHost(FAST);

  beforeAll(async () => {
    db = await createTestDatabase('platform_host_waits');
    dealershipId = (await createStockFixture(db.dataSource, 'waits')).north.id;
    await slow.start();
    await fast.start();
    root = await mkdtemp(path.join(tmpdir(), 'host-waits-'));
    connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const prefix = uniqueRedisPrefix();
    producer = new QueueProducer(connection, prefix);
    stop = await startMediaWorkers({
      dataSource: db.dataSource,
      store: new LocalMediaStore(root),
      allowed: allowedAddresses(`${SLOW},${FAST}`),
      fetchTimeoutMs: 8000,
      redisUrl: TEST_REDIS_URL,
      prefix,
      producer,
      concurrency: 3,
      hostConcurrency: 1,
      // A lease far shorter than the 4 s fetch below: the fetch holds its slot only by renewing it.
      hostSlotLeaseMs: 1000,
      schedule: false,
    });
  });

  afterAll(async () => {
    await stop?.();
    await producer?.close();
    connection?.disconnect();
    await slow.stop();
    await fast.stop();
    await db?.destroy();
    await rm(root, { recursive: true, force: true });
  });

  /** Queues a check of the address; answers its job id. */
  async function queue(url: string): Promise<string> {
    const [{ id }] = await db.dataSource.query(
      `INSERT INTO photos (dealership_id, source_url) VALUES ($1, $2) RETURNING id`,
      [dealershipId, url],
    );
    return producer.add('media', { photoId: id, eager: false, force: false }, { jobId: mediaJobId(id, 'w') });
  }
  const finished = (jobId: string, what: string) =>
    eventually(
      () => producer.queue('media').getJob(jobId),
      (job) => Boolean(job?.finishedOn),
      what,
    );

  it('holds the host’s slot through a fetch longer than its lease; the next job backs off (no half-second spin) and is woken as soon as the slot is freed', async () => {
    slow.routes.set('/w/long.jpg', { body: await photo(1), delayMs: 4000 });
    slow.routes.set('/w/next.jpg', { body: await photo(2), delayMs: 0 });
    const long = await queue(`${slow.origin}/w/long.jpg`);
    await eventually(async () => slow.askedAt.has('/w/long.jpg'), Boolean, 'the long fetch to start');
    const next = await queue(`${slow.origin}/w/next.jpg`);
    const job = await finished(next, 'the waiting photo');
    await finished(long, 'the long photo');
    expect(job?.returnvalue).toMatchObject({ kind: 'stored' });
    // About 4 s of waiting: at a half-second spin it would have run 8 times or more.
    expect(job!.attemptsStarted).toBeLessThanOrEqual(5);
    // The long fetch kept the host's only slot by renewing it (the host was never asked twice at
    // once), and the waiting job went as soon as it was freed, not at the end of its backoff.
    const waitedAfterSlot = slow.askedAt.get('/w/next.jpg')! - slow.answeredAt.get('/w/long.jpg')!;
    expect(waitedAfterSlot).toBeGreaterThanOrEqual(0);
    expect(waitedAfterSlot).toBeLessThan(1500);
  }, 30_000);

  it('keeps one dealer’s slow host from delaying another dealer’s photos', async () => {
    for (let i = 0; i < 3; i++) slow.routes.set(`/iso/${i}.jpg`, { body: await photo(10 + i), delayMs: 3000 });
    for (let i = 0; i < 3; i++) fast.routes.set(`/iso/${i}.jpg`, { body: await photo(20 + i), delayMs: 0 });
    const slowJobs = [];
    for (let i = 0; i < 3; i++) slowJobs.push(await queue(`${slow.origin}/iso/${i}.jpg`));
    await eventually(async () => slow.askedAt.has('/iso/0.jpg'), Boolean, 'the slow host to be asked');
    const queuedAt = Date.now();
    const fastJobs = [];
    for (let i = 0; i < 3; i++) fastJobs.push(await queue(`${fast.origin}/iso/${i}.jpg`));
    for (const id of fastJobs)
      expect((await finished(id, 'a fast host photo'))?.returnvalue).toMatchObject({ kind: 'stored' });
    // Stored while the slow host still holds its first photo (3 s).
    expect(Date.now() - queuedAt).toBeLessThan(2000);
    expect(slow.answeredAt.has('/iso/0.jpg')).toBe(false);
    for (const id of slowJobs) await finished(id, 'a slow host photo');
  }, 60_000);
});
