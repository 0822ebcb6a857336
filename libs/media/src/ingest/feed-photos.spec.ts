import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import sharp from 'sharp';
import { DEFAULT_BREAKER, EAGER_PHOTO_VARIANTS, originalKey, PHOTO_ROLE_LOOKS, variantKey } from '@platform/domain';
import { mediaVariantsJobId, QueueProducer } from '@platform/queues';
import { allowedAddresses } from '@platform/server-kit';
import { FeedIngest, FeedIntake, photoBacklog, reprocessPhotos } from '@platform/stock';
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
import { HostBreakers } from './host-limits';
import { MediaLifecycle } from './media-lifecycle';

import { startMediaWorkers } from './media-workers';
import { settleDuePhotos } from './photo-settle';
import { LATER_PHOTOS_PRIORITY } from './photo-relay';

// Dealer hosts on loopback addresses let through as OUTBOUND_ALLOWED_ADDRESSES would in
// development: a good host, one that never answers, and one where nothing listens. 127.0.0.1
// stays loopback the guard refuses.
const GOOD = '127.0.0.2';
const SILENT = '127.0.0.3';
const CLOSED = '127.0.0.4';

/** A camera-like JPEG (noise compresses like a photo). */
const photo = (seed: number) =>
  sharp({
    create: {
      width: 900,
      height: 600,
      channels: 3,
      background: { r: seed % 255, g: 90, b: 120 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

interface Served {
  status: number;
  body?: Buffer | string;
  headers?: Record<string, string>;
}

/** A dealer's static file host: answers If-None-Match with a 304 as any ordinary web server does. */
class PhotoHost {
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  readonly routes = new Map<string, () => Served | 'hang'>();
  readonly asked = new Map<string, number>();
  /** Answers with bytes (200), per path. */
  readonly served = new Map<string, number>();
  origin = '';

  constructor(private readonly address: string) {}

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const route = request.url ?? '/';
      this.asked.set(route, (this.asked.get(route) ?? 0) + 1);
      const answer = this.routes.get(route)?.() ?? { status: 404, body: 'not found' };
      if (answer === 'hang') return;
      const etag = answer.headers?.etag;
      if (answer.status === 200 && etag && request.headers['if-none-match'] === etag) {
        response.writeHead(304, { etag });
        return response.end();
      }
      if (answer.status === 200) this.served.set(route, (this.served.get(route) ?? 0) + 1);
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server.listen(0, this.address, resolve));
    this.origin = `http://${this.address}:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every 200 so far, over every path. */
  bytesAnswers(): number {
    return [...this.served.values()].reduce((sum, n) => sum + n, 0);
  }

  stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const jpegRoute = (bytes: Buffer, etag: string) => () => ({
  status: 200,
  body: bytes,
  headers: { 'content-type': 'image/jpeg', etag },
});

describe('photos from a feed run (real feed ingest, media worker, Redis, PostgreSQL and local photo hosts)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let connection: Redis;
  let producer: QueueProducer;
  let stop: () => Promise<void>;
  let store: LocalMediaStore;
  let root: string;
  let prefix: string;
  let intake: FeedIntake;
  const good = new PhotoHost(GOOD);
  const silent = new PhotoHost(SILENT);
  let closedOrigin = '';

  beforeAll(async () => {
    db = await createTestDatabase('platform_feed_photos');
    fixture = await createStockFixture(db.dataSource, 'photos');
    intake = new FeedIntake(db.dataSource);
    await good.start();
    await silent.start();
    // A port where nothing listens: every connection is refused at once.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, CLOSED, resolve));
    closedOrigin = `http://${CLOSED}:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    root = await mkdtemp(path.join(tmpdir(), 'feed-photos-'));
    store = new LocalMediaStore(root);
    prefix = uniqueRedisPrefix();
    connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    producer = new QueueProducer(connection, prefix);
    stop = await startMediaWorkers({
      dataSource: db.dataSource,
      store,
      allowed: allowedAddresses(`${GOOD},${SILENT},${CLOSED}`),
      fetchTimeoutMs: 1500,
      redisUrl: TEST_REDIS_URL,
      prefix,
      producer,
      relayEveryMs: 100,
      // The settle is run by settled() below, so what one settle gives a car is known exactly.
      settleEveryMs: 3_600_000,
      jobOptions: { attempts: 2, backoff: { type: 'fixed', delay: 50 } },
      breaker: { failureThreshold: 3, coolDownMs: 60_000 },
      maxDeferMs: 8_000,
      schedule: false,
    });
  });

  afterAll(async () => {
    await stop?.();
    await producer?.close();
    connection?.disconnect();
    await good.stop();
    await silent.stop();
    await db?.destroy();
    await rm(root, { recursive: true, force: true });
  });

  /** Pushes a feed and applies it, as the feed-ingest job would; the photo re-check window is given. */
  async function push(
    dealershipId: number,
    cars: unknown[],
    options: { recheckAfterMs?: number; mode?: 'snapshot' | 'delta'; deleted?: string[] } = {},
  ): Promise<string> {
    const body = options.mode === 'delta' ? { cars, deleted: options.deleted ?? [] } : cars;
    const id = await intake.receive({
      dealershipId,
      mode: options.mode ?? 'snapshot',
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify(body)),
    });
    await new FeedIngest(db.dataSource, { photoRecheckAfterMs: options.recheckAfterMs }).run(id);
    return id;
  }

  /** Waits until the outbox is relayed and the media and variants queues have nothing left to do. */
  async function settled(): Promise<void> {
    await eventually(
      async () => {
        const [{ n }] = await db.dataSource.query(`SELECT count(*)::int AS n FROM photo_fetches`);
        let left = n as number;
        // The variants queue last: a media job finishing while the media queue is counted queues its variants.
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

  const photosOf = async (dealershipId: number) =>
    (await db.dataSource.query(`SELECT * FROM photos WHERE dealership_id = $1 ORDER BY source_url`, [
      dealershipId,
    ])) as Record<string, unknown>[];
  const carId = async (dealershipId: number, stocknum: string) =>
    (
      await db.dataSource.query(`SELECT id FROM cars WHERE dealership_id = $1 AND stocknum = $2`, [
        dealershipId,
        stocknum,
      ])
    )[0].id as number;
  const changesOf = async (id: number) =>
    (await db.dataSource.query(`SELECT count(*)::int AS n FROM car_changes WHERE car_id = $1`, [id]))[0].n as number;
  const mediaJobs = async () => {
    const counts = await producer.queue('media').getJobCounts();
    return Object.values(counts).reduce((sum, value) => sum + value, 0);
  };

  it('stores a run’s photos, links them to the car, refreshes the car, and fetches nothing again for the same snapshot', async () => {
    const bytes = await Promise.all([photo(1), photo(2), photo(3)]);
    good.routes.set('/a/1.jpg', jpegRoute(bytes[0]!, '"a1"'));
    good.routes.set('/a/2.jpg', jpegRoute(bytes[1]!, '"a2"'));
    good.routes.set('/a/spin-0.jpg', jpegRoute(bytes[2]!, '"s0"'));
    const car = feedCar('PH1', {
      primary_image_url: `${good.origin}/a/1.jpg`,
      images: [`${good.origin}/a/1.jpg`, `${good.origin}/a/2.jpg`, '/media/demo/suv-1.svg'],
      spin_images: [`${good.origin}/a/spin-0.jpg`],
    });
    const dealer = fixture.north.id;
    const run = await push(dealer, [car]);
    await settled();

    const id = await carId(dealer, 'PH1');
    const photos = await photosOf(dealer);
    expect(photos.map((row) => [row.source_url, row.status, row.content_hash])).toEqual([
      [`${good.origin}/a/1.jpg`, 'stored', sha256(bytes[0]!)],
      [`${good.origin}/a/2.jpg`, 'stored', sha256(bytes[1]!)],
      [`${good.origin}/a/spin-0.jpg`, 'stored', sha256(bytes[2]!)],
    ]);
    // The car's first photos have the variants its card and gallery draw first; the spin frame is
    // stored with its size and none, made when a page first asks.
    expect([...(photos[0]!.variants as string[])].sort()).toEqual([...EAGER_PHOTO_VARIANTS].sort());
    expect(photos[2]).toMatchObject({ variants: [], width: 900, height: 600 });
    // The second photo is stored undecoded: its variants wait for a page to ask.
    expect(await store.head(variantKey(sha256(bytes[1]!), 'w800', 'avif'))).toBeNull();
    expect(photos[1]).toMatchObject({ status: 'stored', variants: [], width: 900, height: 600 });
    expect(
      await db.dataSource.query(
        `SELECT field, position, eager, feed_run_id, row FROM car_photos WHERE car_id = $1 ORDER BY field, position`,
        [id],
      ),
    ).toEqual([
      { field: 'images', position: 1, eager: false, feed_run_id: run, row: 1 },
      { field: 'primary_image_url', position: 0, eager: true, feed_run_id: run, row: 1 },
      { field: 'spin_images', position: 0, eager: false, feed_run_id: run, row: 1 },
    ]);
    // The car's first photo was queued ahead of the others (no priority runs before any).
    const completed = await producer.queue('media').getJobs(['completed']);
    const ranked = completed.map((job) => [job.data.eager, job.opts.priority ?? 0]).sort();
    expect(ranked).toEqual([
      [false, LATER_PHOTOS_PRIORITY],
      [false, LATER_PHOTOS_PRIORITY],
      [true, 0],
    ]);
    // One change for the car's apply, and one for its three photos that became drawable together.
    expect(await changesOf(id)).toBe(1 + 1);
    expect(await db.dataSource.query(`SELECT id FROM photos WHERE settle_due`)).toEqual([]);
    // And the car reads as changed since its photos came, so a vehicle page cached before refreshes them.
    const [{ updated_at: updatedAt }] = await db.dataSource.query(`SELECT updated_at FROM cars WHERE id = $1`, [id]);
    const [{ stored_at: storedAt }] = await db.dataSource.query(
      `SELECT max(fetched_at) AS stored_at FROM photos WHERE dealership_id = $1`,
      [dealer],
    );
    expect(new Date(updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(storedAt).getTime());
    expect(good.bytesAnswers()).toBe(3);

    // The same snapshot within the re-check window: no photo is even asked about.
    const asked = [...good.asked.values()].reduce((sum, n) => sum + n, 0);
    const jobs = await mediaJobs();
    await push(dealer, [car]);
    await settled();
    expect(await mediaJobs()).toBe(jobs);
    expect([...good.asked.values()].reduce((sum, n) => sum + n, 0)).toBe(asked);

    // Past the window (0 here): every photo is asked conditionally, and a 304 fetches no bytes.
    const since = new Date();
    await push(dealer, [car], { recheckAfterMs: 0 });
    await settled();
    expect(good.bytesAnswers()).toBe(3);
    expect([...good.asked.values()].reduce((sum, n) => sum + n, 0)).toBe(asked + 3);
    const checked = await photosOf(dealer);
    for (const row of checked) expect((row.checked_at as Date).getTime()).toBeGreaterThanOrEqual(since.getTime() - 5);
    expect(await changesOf(id)).toBe(1 + 1);

    // A photo changed at the same address is fetched once, under its new hash, and its car refreshed.
    const changed = await photo(9);
    good.routes.set('/a/2.jpg', jpegRoute(changed, '"a2-v2"'));
    await push(dealer, [car], { recheckAfterMs: 0 });
    await settled();
    await push(dealer, [car]);
    await settled();
    expect(good.served.get('/a/2.jpg')).toBe(2);
    expect(good.bytesAnswers()).toBe(4);
    expect((await photosOf(dealer))[1]).toMatchObject({ status: 'stored', content_hash: sha256(changed) });
    expect(await changesOf(id)).toBe(1 + 1 + 1);

    // Ops reprocess: every photo of the car is fetched whatever its validators say.
    expect(await reprocessPhotos(db.dataSource, { carId: id })).toBe(3);
    await settled();
    expect(good.bytesAnswers()).toBe(7);
    expect(await photoBacklog(db.dataSource)).toContainEqual({
      dealership: fixture.north.slug,
      pending: 0,
      stored: 3,
      refused: 0,
      unreachable: 0,
      oldestPendingSeconds: null,
    });
  });

  it('warns the run about each hostile photo (row, stocknum, field, reason) and lists the car with its good photo', async () => {
    const bytes = await photo(20);
    good.routes.set('/h/good.jpg', jpegRoute(bytes, '"g"'));
    good.routes.set('/h/page.jpg', () => ({
      status: 200,
      body: '<!DOCTYPE html><html><body>Photo moved</body></html>',
      headers: { 'content-type': 'image/jpeg' },
    }));
    const width = 20_000;
    const be32 = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
    const bomb = Buffer.from([
      ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      ...[0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
      ...be32(width),
      ...be32(width),
      ...[8, 2, 0, 0, 0],
    ]);
    good.routes.set('/h/bomb.png', () => ({ status: 200, body: bomb, headers: { 'content-type': 'image/png' } }));
    const huge = Buffer.alloc(60 * 1024 * 1024, 0xab);
    huge.set([0xff, 0xd8, 0xff, 0xe0], 0);
    good.routes.set('/h/huge.jpg', () => ({ status: 200, body: huge, headers: { 'content-type': 'image/jpeg' } }));
    good.routes.set('/h/moved.jpg', () => ({
      status: 302,
      headers: { location: `http://127.0.0.1:${new URL(good.origin).port}/h/good.jpg` },
    }));
    silent.routes.set('/h/never.jpg', () => 'hang');
    // A JPEG whose header is whole (the sniffer and the size read from it pass) but whose image
    // data stops half-way: stored at once as a car's first photo, found undecodable when its
    // variants are made.
    const whole = await photo(21);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    good.routes.set('/h/cut.jpg', () => ({ status: 200, body: cut, headers: { 'content-type': 'image/jpeg' } }));

    const dealer = fixture.west.id;
    const run = await push(dealer, [
      feedCar('OK1', { images: [`${good.origin}/h/good.jpg`] }),
      feedCar('HX1', {
        images: [
          `${good.origin}/h/good.jpg`,
          `${good.origin}/h/page.jpg`,
          `${good.origin}/h/bomb.png`,
          `${good.origin}/h/huge.jpg`,
          `${silent.origin}/h/never.jpg`,
          `${good.origin}/h/moved.jpg`,
        ],
      }),
      feedCar('CUT1', { images: [`${good.origin}/h/cut.jpg`] }),
      // Every photo refused or unreachable: the car's gallery empties, so it is settled again.
      feedCar('BAD1', { images: [`${good.origin}/h/page.jpg`, `${silent.origin}/h/never.jpg`] }),
    ]);
    await settled();
    // A job out of attempts is failed first; the photo is marked unreachable by the failure handler just after.
    await eventually(
      async () =>
        (
          await db.dataSource.query(
            `SELECT count(*)::int AS n FROM photos WHERE dealership_id = $1 AND status = 'pending'`,
            [dealer],
          )
        )[0].n as number,
      (pending) => pending === 0,
      'the failed photo to be marked unreachable',
    );

    const photos = await photosOf(dealer);
    expect(photos.map((row) => [new URL(row.source_url as string).pathname, row.status, row.refusal_reason])).toEqual([
      ['/h/bomb.png', 'refused', 'too-many-pixels'],
      ['/h/cut.jpg', 'refused', 'undecodable'],
      ['/h/good.jpg', 'stored', null],
      ['/h/huge.jpg', 'refused', 'too-large'],
      ['/h/moved.jpg', 'refused', 'address-refused'],
      ['/h/page.jpg', 'refused', 'html'],
      ['/h/never.jpg', 'unreachable', 'unreachable'],
    ]);
    const [{ warnings }] = await db.dataSource.query(`SELECT warnings FROM feed_runs WHERE id = $1`, [run]);
    const photoWarnings = (warnings as string[]).filter((text) => text.includes('photo images.'));
    const warned = (index: number, origin: string, route: string, reason: string, row = 2, stocknum = 'HX1') =>
      `Row ${row} (stocknum '${stocknum}'): photo images.${index} ${origin}${route} was not stored (${reason}); the car is listed with its other photos`;
    expect(photoWarnings.sort()).toEqual(
      [
        warned(0, good.origin, '/h/cut.jpg', 'undecodable', 3, 'CUT1'),
        warned(0, good.origin, '/h/page.jpg', 'html', 4, 'BAD1'),
        warned(1, silent.origin, '/h/never.jpg', 'unreachable', 4, 'BAD1'),
        warned(1, good.origin, '/h/page.jpg', 'html'),
        warned(2, good.origin, '/h/bomb.png', 'too-many-pixels'),
        warned(3, good.origin, '/h/huge.jpg', 'too-large'),
        warned(4, silent.origin, '/h/never.jpg', 'unreachable'),
        // Redirected to loopback: the warning names the address refused and why.
        warned(
          5,
          good.origin,
          '/h/moved.jpg',
          `address-refused: 127.0.0.1 port ${new URL(good.origin).port} is not a public address`,
        ),
      ].sort(),
    );
    // The car is listed, its good photo stored and linked.
    expect(
      await db.dataSource.query(`SELECT status, withdrawn_at FROM cars WHERE dealership_id = $1 AND stocknum = 'HX1'`, [
        dealer,
      ]),
    ).toEqual([{ status: 'in_stock', withdrawn_at: null }]);
    // A photo that went from pending to refused or unreachable leaves its car's gallery and count
    // (issue 54): the car is settled (a car_changes row beside its apply's), and nothing stays marked.
    const bad = await carId(dealer, 'BAD1');
    // The unreachable one is marked by the failure handler after settled() ran its settle: once more.
    await settleDuePhotos(db.dataSource);
    // Its apply's change, and one per settle that found one of its photos newly refused or
    // unreachable (one or two, as the failure handler raced settled()); its apply's alone before.
    expect(await changesOf(bad)).toBeGreaterThanOrEqual(1 + 1);
    expect(await db.dataSource.query(`SELECT id FROM photos WHERE settle_due`)).toEqual([]);
    expect(await store.head(originalKey(sha256(bytes), 'jpeg'))).not.toBeNull();
    // The cut photo was stored first (servable at once), then refused by its variants job, which ended.
    const cutRow = photos.find((row) => String(row.source_url).endsWith('/h/cut.jpg'));
    expect(cutRow?.content_hash).toBe(sha256(cut));
    const cutJob = await producer.queue('mediaVariants').getJob(mediaVariantsJobId(Number(cutRow?.id), sha256(cut)));
    expect(cutJob?.returnvalue).toMatchObject({ kind: 'refused', reason: 'undecodable' });
    // Every job ended: none waits, runs or is put off.
    for (const queue of ['media', 'mediaVariants'] as const)
      expect(await producer.queue(queue).getJobCounts('waiting', 'active', 'delayed')).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
      });

    // Pushed again, a known refused photo warns the new run at once, without asking its host.
    const pages = good.asked.get('/h/page.jpg');
    const again = await push(dealer, [
      feedCar('OK1', { images: [`${good.origin}/h/good.jpg`] }),
      feedCar('HX1', { images: [`${good.origin}/h/good.jpg`, `${good.origin}/h/page.jpg`] }),
      feedCar('CUT1', { images: [`${good.origin}/h/cut.jpg`] }),
    ]);
    await settled();
    expect(good.asked.get('/h/page.jpg')).toBe(pages);
    const [{ warnings: later }] = await db.dataSource.query(`SELECT warnings FROM feed_runs WHERE id = $1`, [again]);
    expect((later as string[]).filter((text) => text.includes('photo images.')).sort()).toEqual([
      warned(1, good.origin, '/h/page.jpg', 'html'),
      warned(0, good.origin, '/h/cut.jpg', 'undecodable', 3, 'CUT1'),
    ]);
  });

  it('opens the breaker of a dead host, puts its photos off while another host’s photos flow, then gives them up', async () => {
    const tag = await createStockFixture(db.dataSource, 'breaker');
    const bytes = await Promise.all([photo(30), photo(31), photo(32)]);
    for (const [index, body] of bytes.entries()) good.routes.set(`/b/${index}.jpg`, jpegRoute(body, `"b${index}"`));
    const deadPhotos = Array.from({ length: 8 }, (_, index) => `${closedOrigin}/stock/${index}.jpg`);
    await push(tag.north.id, [
      feedCar('DEAD1', { images: deadPhotos }),
      // Spin frames: not eager, so each is one quick thumbnail and the test waits on no encoding.
      feedCar('LIVE1', { spin_images: bytes.map((_, index) => `${good.origin}/b/${index}.jpg`) }),
    ]);
    const breakers = new HostBreakers(connection, prefix, DEFAULT_BREAKER);
    const closedHost = new URL(closedOrigin).host;
    const opened = await eventually(
      () => breakers.state(closedHost),
      (state) => state.state === 'open',
      'the dead host’s breaker to open',
    );
    const until = opened.state === 'open' ? opened.until : 0;
    // The live host's photos are stored while the dead host's wait.
    await eventually(
      async () => (await photosOf(tag.north.id)).filter((row) => String(row.source_url).startsWith(good.origin)),
      (rows) => rows.length === 3 && rows.every((row) => row.status === 'stored'),
      'the live host’s photos',
    );
    // Past the longest wait, every photo of the dead host is unreachable: no job waits forever.
    await settled();
    const rows = await photosOf(tag.north.id);
    const dead = rows.filter((row) => String(row.source_url).startsWith(closedOrigin));
    expect(dead.map((row) => row.status)).toEqual(deadPhotos.map(() => 'unreachable'));
    // Most were never tried: put off behind the open breaker (at most the threshold and the photos
    // already running when it opened were fetched), and given up only after the live host's photos were stored.
    const putOff = dead.filter((row) => row.refusal_reason === 'host-circuit-open');
    expect(putOff.length).toBeGreaterThanOrEqual(deadPhotos.length - 3 - 2);
    for (const row of putOff) expect(row.checked_at).not.toBeNull();
    // The live host's photos were fetched while the dead host was open (its cool-down is a minute).
    for (const row of rows.filter((entry) => String(entry.source_url).startsWith(good.origin)))
      expect((row.fetched_at as Date).getTime()).toBeLessThan(until);
  });

  it('deletes photos no kept car uses after the retention window, and a stored copy only when no address keeps its hash', async () => {
    const tag = await createStockFixture(db.dataSource, 'lifecycle');
    const dealer = tag.west.id;
    const bytes = await photo(40);
    good.routes.set('/l/shared.jpg', jpegRoute(bytes, '"l1"'));
    good.routes.set('/l/same-bytes.jpg', jpegRoute(bytes, '"l2"'));
    const shared = `${good.origin}/l/shared.jpg`;
    await push(dealer, [
      feedCar('L1', { images: [shared] }),
      feedCar('L2', { images: [shared] }),
      feedCar('L3', { images: [`${good.origin}/l/same-bytes.jpg`] }),
    ]);
    await settled();
    const hash = sha256(bytes);
    expect((await photosOf(dealer)).map((row) => row.content_hash)).toEqual([hash, hash]);
    const lifecycle = new MediaLifecycle(db.dataSource, store, 30);
    const later = (days: number) => new Date(Date.now() + days * 86_400_000);

    // L1 withdrawn: the shared photo stays for L2.
    // (The sweep is platform-wide: other tests' photos may go too, so only this dealer's are looked at.)
    await push(dealer, [], { mode: 'delta', deleted: ['L1'] });
    await lifecycle.sweep(later(40));
    expect((await photosOf(dealer)).length).toBe(2);

    // L3 withdrawn: its address goes, the bytes stay (the shared address has the same hash).
    await push(dealer, [], { mode: 'delta', deleted: ['L3'] });
    await lifecycle.sweep(later(10));
    expect((await photosOf(dealer)).length).toBe(2);
    await lifecycle.sweep(later(40));
    expect((await photosOf(dealer)).map((row) => row.source_url)).toEqual([shared]);
    expect(await store.head(originalKey(hash, 'jpeg'))).not.toBeNull();

    // L2 withdrawn too: the last address goes, and with it the stored copy and its variants, in
    // every quality and crop (one a page asked for is put here as the api would have made it).
    const card = variantKey(hash, 'w320', 'webp', PHOTO_ROLE_LOOKS.card);
    const asked = variantKey(hash, 'w160', 'jpeg', { quality: 90, crop: '1x1' });
    expect(await store.head(card)).not.toBeNull();
    await store.put(asked, Buffer.from('a square thumbnail'));
    await push(dealer, [], { mode: 'delta', deleted: ['L2'] });
    expect((await lifecycle.sweep(later(40))).hashes).toBeGreaterThanOrEqual(1);
    expect(await photosOf(dealer)).toEqual([]);
    expect(await store.head(originalKey(hash, 'jpeg'))).toBeNull();
    expect(await store.head(card)).toBeNull();
    expect(await store.head(asked)).toBeNull();
  });
});
