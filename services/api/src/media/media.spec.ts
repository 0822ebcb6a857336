import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import sharp from 'sharp';
import request from 'supertest';
import { EAGER_PHOTO_VARIANTS, EAGER_VARIANTS, originalKey, parsePhotoKey, variantKey } from '@platform/domain';
import { generateVariants, type MediaStore } from '@platform/media';
import {
  createStockFixture,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@platform/testing';
import { createApiApp } from '../bootstrap';
import { ApiEnvSchema } from '../env';
import { MEDIA_STORE } from './media.module';
import { PhotoServer } from './photo-server';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const SAFARI_16_ACCEPT =
  'image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5';

/** A photo with detail in it (a gradient and a stripe), 1000 x 750: narrower than w1200, so its last width is its own. */
async function photo(width = 1000, height = 750, shade = 0): Promise<Buffer> {
  const stripe = await sharp({
    create: { width: Math.floor(width / 3), height, channels: 3, background: { r: 200, g: shade, b: 40 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .composite([{ input: stripe, left: Math.floor(width / 3), top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Reads a response body whole, as bytes, whatever its content type. */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void): void => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('GET /media/photos/{hash}/{variant}: stored dealer photos (real PostgreSQL, local MediaStore, sharp)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let dir: string;
  let store: MediaStore;
  let hash: string;
  let dealershipId: number;
  const http = () => request(app.getHttpServer());
  const get = (url: string, accept?: string) => {
    const req = http().get(url).buffer(true).parse(binary);
    return accept === undefined ? req : req.set('Accept', accept);
  };

  beforeAll(async () => {
    db = await createTestDatabase('platform_api_media');
    const fixture = await createStockFixture(db.dataSource, 'media');
    dealershipId = fixture.north.id;
    dir = await mkdtemp(path.join(tmpdir(), 'api-media-'));
    const env = ApiEnvSchema.parse({
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      MEDIA_STORE_DIR: dir,
      MEDIA_GENERATE_CONCURRENCY: '1',
    });
    app = await createApiApp(env);
    await app.init();
    store = app.get<MediaStore>(MEDIA_STORE);

    // As the worker leaves a car's first photo once its variants job has run: the original and the eager variants.
    const original = await photo();
    hash = sha256(original);
    await store.put(originalKey(hash, 'jpeg'), original);
    for (const eager of EAGER_VARIANTS) {
      const { variants } = await generateVariants(original, { hash, variants: [eager.name], look: eager.look });
      for (const variant of variants) await store.put(variant.key, variant.bytes);
    }
    await db.dataSource.query(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height, variants)
       VALUES ($1, 'https://photos.example.com/a.jpg', 'stored', $2, 'jpeg', 1000, 750, $3)`,
      [dealershipId, hash, [...EAGER_PHOTO_VARIANTS]],
    );
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each([
    [CHROME_ACCEPT, 'image/avif', 'avif'],
    [SAFARI_16_ACCEPT, 'image/avif', 'avif'],
    ['image/webp,*/*', 'image/webp', 'webp'],
    ['*/*', 'image/jpeg', 'jpeg'],
    [undefined, 'image/jpeg', 'jpeg'],
  ] as const)('answers Accept %p with %s, the stored bytes, cacheable for a year', async (accept, type, format) => {
    const res = await get(`/media/photos/${hash}/w480`, accept);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['vary']).toMatch(/\bAccept\b/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toBe(`"${hash}-w480-${format}"`);
    const stored = await store.get(variantKey(hash, 'w480', format));
    if (!stored) throw new Error('the w480 variant was stored in beforeAll');
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    expect(Buffer.compare(res.body as Buffer, Buffer.concat(chunks))).toBe(0);
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    const meta = await sharp(res.body as Buffer).metadata();
    expect({ width: meta.width, format: meta.format === 'heif' ? 'avif' : meta.format }).toEqual({
      width: 480,
      format,
    });
  });

  it('takes a quality and a crop (spec 000 §7: width, quality and crop), each its own variant and validator', async () => {
    // The search card's ask: 4:3 at 75, made ahead by the worker.
    const card = await get(`/media/photos/${hash}/w480?q=75&crop=4x3`, CHROME_ACCEPT);
    expect(card.status).toBe(200);
    expect(card.headers['etag']).toBe(`"${hash}-w480-c4x3-avif"`);
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const cardMeta = await sharp(card.body as Buffer).metadata();
    expect({ width: cardMeta.width, height: cardMeta.height }).toEqual({ width: 480, height: 360 });

    // A square crop at 90 is made on the spot, kept under its own key, and is not the 4:3 one.
    const square = await get(`/media/photos/${hash}/w320?q=90&crop=1x1`, 'image/webp');
    expect(square.status).toBe(200);
    expect(square.headers['etag']).toBe(`"${hash}-w320-q90-c1x1-webp"`);
    const squareMeta = await sharp(square.body as Buffer).metadata();
    expect({ width: squareMeta.width, height: squareMeta.height }).toEqual({ width: 320, height: 320 });
    expect(await store.head(variantKey(hash, 'w320', 'webp', { quality: 90, crop: '1x1' }))).not.toBeNull();

    // The default look, asked for or not, is one variant: the cache holds it once.
    const plain = await get(`/media/photos/${hash}/w480`, CHROME_ACCEPT);
    const asked = await get(`/media/photos/${hash}/w480?q=75&crop=none`, CHROME_ACCEPT);
    expect(asked.headers['etag']).toBe(plain.headers['etag']);
    expect(Buffer.compare(asked.body as Buffer, plain.body as Buffer)).toBe(0);
  });

  it('answers a quality or crop off its list with a 400 problem naming it, never a 5xx', async () => {
    for (const [query, field] of [
      ['q=80', 'q'],
      ['q=', 'q'],
      ['q=75&q=90', 'q'],
      ['crop=3x2', 'crop'],
      ['crop=4X3', 'crop'],
      ['crop=none&crop=4x3', 'crop'],
    ] as const) {
      const res = await http().get(`/media/photos/${hash}/w480?${query}`).set('Accept', CHROME_ACCEPT);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((res.body as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual([field]);
    }
    const og = await http().get(`/media/photos/${hash}/og?crop=4x3`);
    expect(og.status).toBe(400);
    expect((og.body as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual(['crop']);
    // Other parameters (a CDN's, a tracker's) are no concern of the photo's.
    expect((await get(`/media/photos/${hash}/w480?utm_source=mail&w=1`, CHROME_ACCEPT)).status).toBe(200);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), async (q, crop) => {
        const res = await http()
          .get(`/media/photos/${hash}/w160?q=${encodeURIComponent(q)}&crop=${encodeURIComponent(crop)}`)
          .set('Accept', CHROME_ACCEPT);
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns: 40 },
    );
  });

  it('answers the Open Graph crop in JPEG even to a browser that takes AVIF (link previews read JPEG)', async () => {
    const res = await get(`/media/photos/${hash}/og`, CHROME_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.body as Buffer).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 1000, height: 525 });
  });

  it('answers 304 to If-None-Match with its ETag, and 200 to another format’s', async () => {
    const first = await get(`/media/photos/${hash}/w320`, 'image/webp');
    const etag = first.headers['etag'] as string;
    const again = await http().get(`/media/photos/${hash}/w320`).set('Accept', 'image/webp').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.headers['etag']).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.headers['vary']).toMatch(/\bAccept\b/);
    expect(again.text ?? '').toBe('');
    const weak = await http()
      .get(`/media/photos/${hash}/w320`)
      .set('Accept', 'image/webp')
      .set('If-None-Match', `"x", W/${etag}`);
    expect(weak.status).toBe(304);
    // The same validator from the WebP answer does not stand for the JPEG one.
    const other = await get(`/media/photos/${hash}/w320`, 'image/jpeg').set('If-None-Match', etag);
    expect(other.status).toBe(200);
    expect(other.headers['etag']).toBe(`"${hash}-w320-jpeg"`);
  });

  it('answers If-None-Match (a validator, or *) with 304 only for a photo that exists: a miss is a 404, never cached as immutable (RFC 9110)', async () => {
    const held = await http().get(`/media/photos/${hash}/w320`).set('Accept', 'image/webp').set('If-None-Match', '*');
    expect(held.status).toBe(304);
    for (const header of ['*', ' W/"x" , * ', `"${'c'.repeat(64)}-w480-avif"`]) {
      const missing = await http()
        .get(`/media/photos/${'c'.repeat(64)}/w480`)
        .set('Accept', CHROME_ACCEPT)
        .set('If-None-Match', header);
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).toBe('public, max-age=60');
    }
    // A narrower photo's width it does not have is no current representation either.
    const unplanned = await http().get(`/media/photos/${hash}/w2400`).set('If-None-Match', '*');
    expect(unplanned.status).toBe(404);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await http().head(`/media/photos/${hash}/w320`).set('Accept', CHROME_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(Number(res.headers['content-length'])).toBe((await store.head(variantKey(hash, 'w320', 'avif')))?.size);
    expect(res.headers['etag']).toBe(`"${hash}-w320-avif"`);
  });

  it('makes a variant not made yet once for concurrent requests, keeps it in every format, and serves it', async () => {
    const server = app.get(PhotoServer);
    const before = server.generated;
    expect(await store.head(variantKey(hash, 'w960', 'avif'))).toBeNull();
    const accepts = [
      CHROME_ACCEPT,
      'image/webp',
      '*/*',
      CHROME_ACCEPT,
      'image/webp,*/*',
      undefined,
      CHROME_ACCEPT,
      '*/*',
    ];
    const answers = await Promise.all(accepts.map((accept) => get(`/media/photos/${hash}/w960`, accept)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(res.body as Buffer).metadata()).width).toBe(960);
    }
    expect(answers.map((res) => res.headers['content-type'])).toEqual(
      accepts.map((accept) =>
        accept === CHROME_ACCEPT ? 'image/avif' : accept?.startsWith('image/webp') ? 'image/webp' : 'image/jpeg',
      ),
    );
    expect(server.generated - before).toBe(1);
    for (const format of ['avif', 'webp', 'jpeg'] as const)
      expect(await store.head(variantKey(hash, 'w960', format))).not.toBeNull();
    const [row] = (await db.dataSource.query(`SELECT variants FROM photos WHERE content_hash = $1`, [hash])) as {
      variants: string[];
    }[];
    expect(row?.variants).toContain('w960');
    // Kept: asked again, it is read from the store, not made again.
    const again = await get(`/media/photos/${hash}/w960`, CHROME_ACCEPT);
    expect(again.status).toBe(200);
    expect(server.generated - before).toBe(1);
  });

  it('makes the photo at its own width for the next width up, and refuses wider ones without decoding again', async () => {
    const largest = await get(`/media/photos/${hash}/w1200`, 'image/webp');
    expect(largest.status).toBe(200);
    expect((await sharp(largest.body as Buffer).metadata()).width).toBe(1000);
    const server = app.get(PhotoServer);
    const before = server.generated;
    for (const accept of ['image/webp', CHROME_ACCEPT]) {
      const res = await get(`/media/photos/${hash}/w1600`, accept);
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    }
    expect(server.generated - before).toBe(1);
  });

  it('refuses a stored photo that proves unreadable when its first variant is made: 404, and its row refused', async () => {
    // A later photo of a car is stored undecoded; a JPEG cut short shows only when a page asks for it.
    const whole = await photo(800, 600, 40);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const cutHash = sha256(cut);
    await store.put(originalKey(cutHash, 'jpeg'), cut);
    await db.dataSource.query(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height, variants)
       VALUES ($1, 'https://photos.example.com/cut.jpg', 'stored', $2, 'jpeg', 800, 600, '{}')`,
      [dealershipId, cutHash],
    );
    const res = await get(`/media/photos/${cutHash}/w320`, 'image/webp');
    expect(res.status).toBe(404);
    const [row] = await db.dataSource.query(`SELECT status, refusal_reason FROM photos WHERE content_hash = $1`, [
      cutHash,
    ]);
    expect(row).toEqual({ status: 'refused', refusal_reason: 'undecodable' });
  });

  it('answers 404, briefly cached, for a hash with no stored photo, and for addresses that name no variant', async () => {
    const missing = await get(`/media/photos/${'b'.repeat(64)}/w480`, CHROME_ACCEPT);
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('public, max-age=60');
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    for (const url of [
      `/media/photos/${hash.toUpperCase()}/w480`,
      `/media/photos/${hash}/w481`,
      `/media/photos/${hash}/original`,
      `/media/photos/${hash}/w480.jpg`,
      `/media/photos/${hash}/__proto__`,
      `/media/photos/${hash}/constructor`,
      `/media/photos/${hash.slice(1)}/w480`,
      `/media/photos/..%2F..%2Fetc/w480`,
    ]) {
      const res = await get(url, CHROME_ACCEPT);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
  });

  it('never answers 5xx and reads only keys it writes, whatever the path segments and Accept header', async () => {
    const keys: string[] = [];
    const spies = (['get', 'head', 'put'] as const).map((method) => {
      const original = store[method].bind(store) as (key: string, ...rest: unknown[]) => Promise<unknown>;
      return jest.spyOn(store, method).mockImplementation(((key: string, ...rest: unknown[]) => {
        keys.push(key);
        return original(key, ...rest);
      }) as never);
    });
    const byte = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`);
    const segment = fc.oneof(
      fc.constantFrom(
        hash,
        'b'.repeat(64),
        'w480',
        'og',
        'w2400',
        '__proto__',
        'constructor',
        'toString',
        '..',
        '.',
        '%00',
        '%2F',
        'original',
      ),
      // Arbitrary UTF-8 (lone surrogates arrive as the replacement character, as a browser sends them).
      fc
        .string({ unit: 'binary', maxLength: 80 })
        .map((text) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'))),
      // Arbitrary bytes, percent-encoded: invalid UTF-8 and NUL included.
      fc.array(byte, { maxLength: 24 }).map((bytes) => bytes.join('')),
      fc.constant('x'.repeat(3000)),
    );
    // Half the paths name a stored or unknown photo, so the store is really asked.
    const pair = fc.oneof(
      fc.tuple(
        fc.constantFrom(hash, 'c'.repeat(64)),
        fc.oneof(fc.constantFrom('w160', 'w480', 'w2400', 'og', 'w640'), segment),
      ),
      fc.tuple(segment, segment),
    );
    const acceptPiece = fc.oneof(
      fc.constantFrom(
        'image/avif',
        'image/webp',
        'image/jpeg',
        'image/*',
        '*/*',
        ';q=0',
        ';q=0.5',
        ';q=NaN',
        ';q=1e999',
        ',',
        ' ',
        '__proto__/constructor',
        'image/__proto__',
      ),
      fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 30 }),
    );
    const accept = fc.option(
      fc.array(acceptPiece, { maxLength: 12 }).map((pieces) => pieces.join('')),
      { nil: undefined },
    );
    const ifNoneMatch = fc.option(
      fc.oneof(
        fc.constantFrom('*', ' * ', 'W/"x", *', `"${'c'.repeat(64)}-w480-jpeg"`),
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
      ),
      { nil: undefined },
    );
    try {
      await fc.assert(
        fc.asyncProperty(pair, accept, fc.boolean(), ifNoneMatch, async ([first, second], acceptHeader, head, held) => {
          const url = `/media/photos/${first}/${second}`;
          let req = head ? http().head(url) : http().get(url).buffer(true).parse(binary);
          if (acceptHeader !== undefined) req = req.set('Accept', acceptHeader);
          if (held !== undefined) req = req.set('If-None-Match', held);
          const res = await req;
          expect({ url, status: res.status }).toEqual({ url, status: expect.any(Number) });
          expect([200, 304, 400, 404]).toContain(res.status);
          if (res.status === 200) expect(res.headers['content-type']).toMatch(/^image\/(avif|webp|jpeg)$/);
          // Only a stored photo is ever answered as held, or cached for a year (a miss is cached briefly).
          if (first !== hash) expect(res.status).not.toBe(304);
          if (res.status >= 400) expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable/);
        }),
        // `//..` names the media folder itself (found by this property in CI).
        { numRuns: 150, examples: [[['', '..'], undefined, false, undefined]] },
      );
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const parsed = parsePhotoKey(key);
      expect({ key, parsed: parsed !== null }).toEqual({ key, parsed: true });
    }
  });
});
