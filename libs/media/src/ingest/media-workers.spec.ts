import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import sharp from 'sharp';
import { EAGER_PHOTO_VARIANTS, EAGER_VARIANTS, originalKey, PHOTO_ROLE_LOOKS, variantKey } from '@platform/domain';
import { QueueProducer, mediaJobId, mediaVariantsJobId } from '@platform/queues';
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
import type { MediaStore } from '../store/media-store';
import { startMediaWorkers } from './media-workers';
import type { PhotoOutcome } from './photo-ingest';
import type { VariantsOutcome } from './eager-variants';

// The photo host is a dealer's: on 127.0.0.2, let through as OUTBOUND_ALLOWED_ADDRESSES would in
// development; 127.0.0.1 stays loopback the guard refuses.
const HOST = '127.0.0.2';

/** A camera-like JPEG: noise compresses like a real photo, not like a flat colour. */
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
    .jpeg({ quality: 85 })
    .toBuffer();

interface Served {
  status: number;
  body?: Buffer | string;
  headers?: Record<string, string>;
}

/** A dealer's ordinary web host: answers conditional requests on ETag the way a static file server does. */
class PhotoHost {
  private server!: Server;
  readonly routes = new Map<string, () => Served>();
  /** Requests per path, and how many were answered with bytes. */
  readonly asked = new Map<string, number>();
  readonly served = new Map<string, number>();
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const route = request.url ?? '/';
      this.asked.set(route, (this.asked.get(route) ?? 0) + 1);
      const answer = this.routes.get(route)?.() ?? { status: 404, body: 'not found' };
      const etag = answer.headers?.etag;
      if (answer.status === 200 && etag && request.headers['if-none-match'] === etag) {
        response.writeHead(304, { etag });
        return response.end();
      }
      if (answer.status === 200) this.served.set(route, (this.served.get(route) ?? 0) + 1);
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => this.server.listen(0, HOST, resolve));
    this.origin = `http://${HOST}:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The local store, counting writes: a photo fetched again must not be written again. */
class CountingStore extends LocalMediaStore implements MediaStore {
  puts = 0;
  /** Keys looked up: a variant is looked up only after it was made. */
  heads: string[] = [];
  override async put(key: string, bytes: Uint8Array): Promise<void> {
    this.puts += 1;
    await super.put(key, bytes);
  }
  override head(key: string) {
    this.heads.push(key);
    return super.head(key);
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the media queue (real worker, Redis, PostgreSQL and a local photo host)', () => {
  let db: TestDatabase;
  let connection: Redis;
  let producer: QueueProducer;
  let stop: () => Promise<void>;
  let store: CountingStore;
  let root: string;
  let dealershipId: number;
  const host = new PhotoHost();
  let runs = 0;

  beforeAll(async () => {
    db = await createTestDatabase('platform_media');
    dealershipId = (await createStockFixture(db.dataSource, 'media')).north.id;
    await host.start();
    root = await mkdtemp(path.join(tmpdir(), 'media-ingest-'));
    store = new CountingStore(root);
    const prefix = uniqueRedisPrefix();
    connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    producer = new QueueProducer(connection, prefix);
    stop = await startMediaWorkers({
      dataSource: db.dataSource,
      store,
      allowed: allowedAddresses(HOST),
      fetchTimeoutMs: 5000,
      redisUrl: TEST_REDIS_URL,
      prefix,
      variantsYieldBacklog: 3,
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

  const photoRow = async (url: string) =>
    (
      await db.dataSource.query(
        `INSERT INTO photos (dealership_id, source_url) VALUES ($1, $2)
         ON CONFLICT (dealership_id, source_url) DO UPDATE SET source_url = EXCLUDED.source_url RETURNING id`,
        [dealershipId, url],
      )
    )[0].id as number;

  /** Queues the address as a feed run would and waits for the worker's answer. */
  async function ingest(
    route: string,
    eager = false,
  ): Promise<{ photoId: number; outcome: PhotoOutcome; row: Record<string, unknown> }> {
    const photoId = await photoRow(`${host.origin}${route}`);
    runs += 1;
    const jobId = await producer.add(
      'media',
      { photoId, eager, force: false },
      { jobId: mediaJobId(photoId, `run-${runs}`) },
    );
    const job = await eventually(
      () => producer.queue('media').getJob(jobId),
      (found) => Boolean(found?.finishedOn),
      `the media job for ${route}`,
    );
    expect(job?.failedReason).toBeUndefined();
    const [row] = await db.dataSource.query(`SELECT * FROM photos WHERE id = $1`, [photoId]);
    return { photoId, outcome: job?.returnvalue as PhotoOutcome, row };
  }

  /** Waits for the photo's variants job for these bytes and answers what it did, and the row after it. */
  async function variantsMade(
    photoId: number,
    hash: string,
  ): Promise<{ outcome: VariantsOutcome; row: Record<string, unknown> }> {
    const job = await eventually(
      () => producer.queue('mediaVariants').getJob(mediaVariantsJobId(photoId, hash)),
      (found) => Boolean(found?.finishedOn),
      `the variants job of photo ${photoId}`,
    );
    expect(job?.failedReason).toBeUndefined();
    const [row] = await db.dataSource.query(`SELECT * FROM photos WHERE id = $1`, [photoId]);
    return { outcome: job?.returnvalue as VariantsOutcome, row };
  }

  /** Runs `steps` with the variants queue paused, so what the media job alone did can be seen. */
  async function withVariantsPaused<T>(steps: () => Promise<T>): Promise<T> {
    await producer.queue('mediaVariants').pause();
    try {
      return await steps();
    } finally {
      await producer.queue('mediaVariants').resume();
    }
  }

  // The search card's 4:3 widths and the gallery's whole photo.
  const eagerKeys = (hash: string) => [
    variantKey(hash, 'w320', 'webp', PHOTO_ROLE_LOOKS.card),
    variantKey(hash, 'w480', 'avif', PHOTO_ROLE_LOOKS.card),
    variantKey(hash, 'w640', 'avif', PHOTO_ROLE_LOOKS.card),
    variantKey(hash, 'w480', 'avif'),
    variantKey(hash, 'w800', 'jpeg'),
  ];

  it('stores a car’s first photo undecoded and records it stored before any variant is made; the variants queue makes them after', async () => {
    const bytes = await photo(1);
    host.routes.set('/stock/1.jpg', () => ({
      status: 200,
      body: bytes,
      headers: { 'content-type': 'image/jpeg', etag: '"v1"', 'last-modified': 'Tue, 24 Nov 2026 10:00:00 GMT' },
    }));
    const hash = sha256(bytes);
    const first = await withVariantsPaused(async () => {
      const stored = await ingest('/stock/1.jpg', true);
      // Servable now: stored, with its header's size, and not one variant encoded yet.
      expect(stored.outcome).toMatchObject({ kind: 'stored', hash, fetched: true, variantsOwed: true });
      expect(stored.row).toMatchObject({
        status: 'stored',
        content_hash: hash,
        format: 'jpeg',
        width: 900,
        height: 600,
        byte_size: bytes.length,
        etag: '"v1"',
        last_modified: 'Tue, 24 Nov 2026 10:00:00 GMT',
        refusal_reason: null,
        variants: [],
      });
      expect(await store.head(originalKey(hash, 'jpeg'))).toMatchObject({ size: bytes.length });
      for (const key of eagerKeys(hash)) expect(await store.head(key)).toBeNull();
      const queued = await producer.queue('mediaVariants').getJob(mediaVariantsJobId(stored.photoId, hash));
      expect(queued?.data).toEqual({ photoId: stored.photoId, hash });
      expect(queued?.finishedOn).toBeUndefined();
      return stored;
    });

    const made = await variantsMade(first.photoId, hash);
    expect(made.outcome).toEqual({ kind: 'made', generated: EAGER_VARIANTS.length * 3 });
    expect(made.row).toMatchObject({ status: 'stored', content_hash: hash, width: 900, height: 600 });
    expect([...(made.row.variants as string[])].sort()).toEqual([...EAGER_PHOTO_VARIANTS].sort());
    for (const key of eagerKeys(hash)) expect(await store.head(key)).not.toBeNull();

    const puts = store.puts;
    const second = await ingest('/stock/1.jpg', true);
    expect(second.outcome).toEqual({ kind: 'not-modified' });
    expect(host.asked.get('/stock/1.jpg')).toBe(2);
    expect(host.served.get('/stock/1.jpg')).toBe(1);
    expect(store.puts).toBe(puts);
    expect(second.row).toMatchObject({ status: 'stored', content_hash: hash });
    expect(second.row.fetched_at).toEqual(first.row.fetched_at);
  });

  it('makes variants ahead only once few photos wait to be stored: storing goes first', async () => {
    const bytes = await photo(9);
    host.routes.set('/stock/9.jpg', () => ({ status: 200, body: bytes, headers: { 'content-type': 'image/jpeg' } }));
    const hash = sha256(bytes);
    const media = producer.queue('media');
    const stored = await withVariantsPaused(async () => {
      const done = await ingest('/stock/9.jpg', true);
      // Four photos waiting to be stored (addresses with no row: each ends 'missing' at once), over the backlog of 3.
      await media.pause();
      for (let i = 0; i < 4; i++)
        await producer.add('media', { photoId: 900_000 + i, eager: false, force: false }, { jobId: `backlog-${i}` });
      return done;
    });
    try {
      const job = () => producer.queue('mediaVariants').getJob(mediaVariantsJobId(stored.photoId, hash));
      await eventually(
        async () => (await job())?.getState(),
        (state) => state === 'delayed',
        'the variants job giving way',
      );
      expect((await job())?.finishedOn).toBeUndefined();
      for (const key of eagerKeys(hash)) expect(await store.head(key)).toBeNull();
    } finally {
      await media.resume();
    }
    const made = await variantsMade(stored.photoId, hash);
    expect(made.outcome).toEqual({ kind: 'made', generated: EAGER_VARIANTS.length * 3 });
  });

  it('makes the variants of a stored photo now first of its car from the stored copy, after a 304', async () => {
    const bytes = await photo(6);
    host.routes.set('/stock/6.jpg', () => ({
      status: 200,
      body: bytes,
      headers: { 'content-type': 'image/jpeg', etag: '"v6"' },
    }));
    const hash = sha256(bytes);
    const later = await ingest('/stock/6.jpg');
    expect(later.outcome).toMatchObject({ kind: 'stored', hash, variantsOwed: false });
    const first = await ingest('/stock/6.jpg', true);
    expect(first.outcome).toEqual({ kind: 'not-modified', hash, variantsOwed: true });
    const made = await variantsMade(first.photoId, hash);
    expect(made.outcome).toEqual({ kind: 'made', generated: EAGER_VARIANTS.length * 3 });
    expect([...(made.row.variants as string[])].sort()).toEqual([...EAGER_PHOTO_VARIANTS].sort());
    expect(host.served.get('/stock/6.jpg')).toBe(1);
  });

  it('makes nothing for bytes a photo no longer has: replaced before its variants job ran, the job ends without encoding', async () => {
    let version = 1;
    const bytes = [await photo(7), await photo(8)] as const;
    host.routes.set('/stock/7.jpg', () => ({
      status: 200,
      body: bytes[version - 1],
      headers: { 'content-type': 'image/jpeg', etag: `"v${version}"` },
    }));
    const [before, after] = bytes.map(sha256) as [string, string];
    const photoId = await withVariantsPaused(async () => {
      const first = await ingest('/stock/7.jpg', true);
      expect(first.outcome).toMatchObject({ kind: 'stored', hash: before, variantsOwed: true });
      version = 2;
      const replaced = await ingest('/stock/7.jpg', true);
      expect(replaced.outcome).toMatchObject({ kind: 'stored', hash: after, variantsOwed: true });
      return first.photoId;
    });
    expect((await variantsMade(photoId, before)).outcome).toEqual({ kind: 'stale' });
    for (const key of eagerKeys(before)) expect(await store.head(key)).toBeNull();
    const made = await variantsMade(photoId, after);
    expect(made.outcome).toMatchObject({ kind: 'made' });
    expect(made.row).toMatchObject({ status: 'stored', content_hash: after });
    expect([...(made.row.variants as string[])].sort()).toEqual([...EAGER_PHOTO_VARIANTS].sort());
    for (const key of eagerKeys(after)) expect(await store.head(key)).not.toBeNull();
  });

  it('writes nothing again when a host without validators sends the same bytes', async () => {
    const bytes = await photo(2);
    host.routes.set('/plain/2.jpg', () => ({ status: 200, body: bytes, headers: { 'content-type': 'image/jpeg' } }));
    // A photo past its car's first: stored with its size, no variant made until a page asks.
    expect((await ingest('/plain/2.jpg')).outcome).toMatchObject({ kind: 'stored', variantsOwed: false });
    const puts = store.puts;
    const again = await ingest('/plain/2.jpg');
    expect(again.outcome).toMatchObject({ kind: 'stored', hash: sha256(bytes), variantsOwed: false });
    expect(store.puts).toBe(puts);
    expect(again.row).toMatchObject({ variants: [], width: 900, height: 600 });
  });

  it('never decodes bytes another address already brought: the variants made for them are shared', async () => {
    const bytes = await photo(5);
    for (const route of ['/group/a.jpg', '/group/b.jpg'])
      host.routes.set(route, () => ({ status: 200, body: bytes, headers: { 'content-type': 'image/jpeg' } }));
    const first = await ingest('/group/a.jpg', true);
    expect(first.outcome).toMatchObject({ kind: 'stored', hash: sha256(bytes), variantsOwed: true });
    await variantsMade(first.photoId, sha256(bytes));
    store.heads = [];
    const twin = await ingest('/group/b.jpg', true);
    expect(twin.outcome).toMatchObject({ kind: 'stored', hash: sha256(bytes), variantsOwed: false });
    // Only the original is looked up: no variant was made to be looked up.
    expect(store.heads).toEqual([originalKey(sha256(bytes), 'jpeg')]);
    expect(twin.row).toMatchObject({ status: 'stored', width: 900, height: 600 });
    expect([...(twin.row.variants as string[])].sort()).toEqual([...EAGER_PHOTO_VARIANTS].sort());
  });

  it('fetches a changed photo at the same address once, under its new hash', async () => {
    let version = 1;
    const bytes = [await photo(3), await photo(4)];
    host.routes.set('/stock/3.jpg', () => ({
      status: 200,
      body: bytes[version - 1],
      headers: { 'content-type': 'image/jpeg', etag: `"v${version}"` },
    }));
    await ingest('/stock/3.jpg');
    version = 2;
    const changed = await ingest('/stock/3.jpg');
    expect(changed.row).toMatchObject({ status: 'stored', content_hash: sha256(bytes[1] as Buffer), etag: '"v2"' });
    expect(host.served.get('/stock/3.jpg')).toBe(2);
  });

  it('refuses an HTML page named .jpg, a decompression bomb and a redirect to loopback, each with its reason', async () => {
    host.routes.set('/stock/fake.jpg', () => ({
      status: 200,
      body: '<!DOCTYPE html><html><body>Photo moved</body></html>',
      headers: { 'content-type': 'image/jpeg' },
    }));
    const width = 20_000;
    const bomb = Buffer.from([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      0,
      0,
      0,
      13,
      0x49,
      0x48,
      0x44,
      0x52,
      ...[width >>> 24, (width >>> 16) & 0xff, (width >>> 8) & 0xff, width & 0xff],
      ...[width >>> 24, (width >>> 16) & 0xff, (width >>> 8) & 0xff, width & 0xff],
      8,
      2,
      0,
      0,
      0,
    ]);
    host.routes.set('/stock/bomb.png', () => ({ status: 200, body: bomb, headers: { 'content-type': 'image/png' } }));
    host.routes.set('/stock/moved.jpg', () => ({
      status: 302,
      headers: { location: `http://127.0.0.1:${new URL(host.origin).port}/stock/1.jpg` },
    }));
    host.routes.set('/stock/gone.jpg', () => ({ status: 404, body: 'gone' }));

    const cases = [
      ['/stock/fake.jpg', 'refused', 'html'],
      ['/stock/bomb.png', 'refused', 'too-many-pixels'],
      ['/stock/moved.jpg', 'refused', 'address-refused'],
      ['/stock/gone.jpg', 'unreachable', 'http-404'],
    ] as const;
    for (const [route, status, reason] of cases) {
      const { outcome, row } = await ingest(route);
      expect({ route, outcome: outcome.kind, status: row.status, reason: row.refusal_reason }).toEqual({
        route,
        outcome: status,
        status,
        reason,
      });
      expect(row.content_hash).toBeNull();
      expect(String(row.refusal_message).length).toBeGreaterThan(10);
    }
  });
});
