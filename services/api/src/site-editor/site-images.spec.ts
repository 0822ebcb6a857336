import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import type request from 'supertest';
import { originalKey } from '@platform/domain';
import { MediaLifecycle, sniffPhoto, type MediaStore } from '@platform/media';
import { MEDIA_STORE } from '../media/media.module';
import { signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { anotherDealer, seedTemplatesAndBrands, type Json } from '../testing/onboarding';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { SITE_IMAGE_LIMITS } from './site-images';

const OPS_TOKEN = 'test-ops-token-site-images-0123456789';
const UPLOAD = '/api/dealer/site/images';
const OPS_UPLOAD = '/api/ops/site-editor/images';
const HTML = Buffer.from(
  '<!DOCTYPE html>\n<html><head><title>Sale</title></head><body><script>alert(1)</script></body></html>',
);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
);

describe('site editor images: uploaded through the media pipeline (real api, PostgreSQL, the media store on disk)', () => {
  let api: SiteApiHarness;
  let storeDir: string;
  let store: MediaStore;
  let owner: SignedInDealer;
  let sales: SignedInDealer;
  let viewer: SignedInDealer;
  let stranger: SignedInDealer;
  let alphaId: number;
  let bravoId: number;
  let banner: Buffer;
  const sql = <T = Json>(query: string, params: unknown[] = []) =>
    api.db.dataSource.query(query, params) as Promise<T[]>;
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);
  const upload = (who: SignedInDealer, bytes: Buffer | Uint8Array, type = 'image/jpeg') =>
    api
      .http()
      .post(UPLOAD)
      .set('Cookie', who.cookie)
      .set('x-csrf-token', who.csrf)
      .set('Content-Type', type)
      .send(Buffer.from(bytes));
  /** Every file in the store, by path: what a refusal must leave as it was. */
  const files = async (): Promise<string[]> =>
    (
      (await readdir(storeDir, { recursive: true, withFileTypes: true })) as {
        isFile(): boolean;
        name: string;
        parentPath: string;
      }[]
    )
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  const everything = async () =>
    JSON.stringify([await sql(`SELECT * FROM site_images ORDER BY site_id, hash`), await files()]);
  const refusedNamingImage = (res: request.Response, says: RegExp) => {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.errors).toEqual([{ path: 'image', message: expect.stringMatching(says) }]);
  };

  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(tmpdir(), 'api-site-images-'));
    api = await createSiteApiHarness('site_images', {
      env: { OPS_TOKEN, MEDIA_STORE_DIR: storeDir, SITE_IMAGE_UPLOAD_LIMIT_PER_MINUTE: '100000' },
    });
    store = api.app.get<MediaStore>(MEDIA_STORE);
    await seedTemplatesAndBrands(api);
    for (const slug of ['alpha-motors', 'bravo-motors'])
      await ops(api.http().post('/api/ops/onboarding')).send(anotherDealer(slug)).expect(201);
    const siteId = async (slug: string) =>
      (await sql<{ id: number }>(`SELECT id FROM sites WHERE slug = $1`, [slug])).map((site) => site.id)[0] ?? 0;
    alphaId = await siteId('alpha-motors');
    bravoId = await siteId('bravo-motors');
    owner = await signInDealer(api, OPS_TOKEN, 'olive@alpha.example', [{ dealership: 'alpha-motors', role: 'owner' }]);
    sales = await signInDealer(api, OPS_TOKEN, 'sam@alpha.example', [{ dealership: 'alpha-motors', role: 'sales' }]);
    viewer = await signInDealer(api, OPS_TOKEN, 'vic@alpha.example', [{ dealership: 'alpha-motors', role: 'viewer' }]);
    stranger = await signInDealer(api, OPS_TOKEN, 'bob@bravo.example', [{ dealership: 'bravo-motors', role: 'owner' }]);
    banner = await sharp({ create: { width: 1920, height: 540, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
  });

  afterAll(async () => {
    await api?.close();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  it('an owner uploads a JPEG banner: stored by its hash, kept for the site, served with its resized variants', async () => {
    const res = await upload(owner, banner).expect(201);
    expect(res.body).toEqual({
      url: expect.stringMatching(/^\/media\/photos\/[0-9a-f]{64}\/w2400$/),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      width: 1920,
      height: 540,
      type: 'image/jpeg',
      bytes: banner.length,
    });
    expect(res.body.url).toBe(`/media/photos/${res.body.hash}/w2400`);
    const served = await api.http().get(res.body.url).set('Accept', 'image/webp,*/*').expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(1920);
    const small = await api.http().get(`/media/photos/${res.body.hash}/w480?q=75&crop=none`).expect(200);
    expect(small.headers['content-type']).toMatch(/^image\//);
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(480);
    expect(await sql(`SELECT site_id, format, width, height, byte_size, uploaded_by FROM site_images`)).toEqual([
      {
        site_id: alphaId,
        format: 'jpeg',
        width: 1920,
        height: 540,
        byte_size: banner.length,
        uploaded_by: `dealer:${owner.id}`,
      },
    ]);

    // The same bytes again are the same image: one row, the first uploader's.
    await upload(sales, banner).expect(201);
    expect(await sql(`SELECT count(*)::int AS n FROM site_images`)).toEqual([{ n: 1 }]);

    // The media lifecycle deletes a hash's bytes when its last photos row goes; a site's image of
    // the same bytes keeps them.
    const [dealership = { id: 0 }] = await sql<{ id: number }>(`SELECT id FROM dealerships WHERE site_id = $1`, [
      alphaId,
    ]);
    await sql(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, created_at) VALUES ($1, 'https://photos.example/old.jpg', 'stored', $2, 'jpeg', now() - interval '400 days')`,
      [dealership.id, res.body.hash],
    );
    expect(await new MediaLifecycle(api.db.dataSource, store).sweep()).toEqual({ photos: 1, hashes: 0 });
    expect(await store.head(originalKey(res.body.hash, 'jpeg'))).not.toBeNull();
    await api.http().get(res.body.url).expect(200);
  });

  it('sniffs the type from the bytes: a PNG sent as image/jpeg is stored as the PNG it is', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const res = await upload(sales, png, 'image/jpeg').expect(201);
    // An 800 px image has no wider variant: the address asks for its own width.
    expect(res.body).toMatchObject({
      type: 'image/png',
      width: 800,
      height: 600,
      url: `/media/photos/${res.body.hash}/w800`,
    });
    await api
      .http()
      .get(res.body.url)
      .expect(200)
      .expect('Content-Type', /^image\//);
  });

  it('refuses an HTML file sent as a JPEG, naming image and what it is, and stores nothing', async () => {
    const before = await everything();
    const res = await upload(owner, HTML, 'image/jpeg').expect(415);
    refusedNamingImage(res, /HTML page, not an image/);
    expect(await everything()).toBe(before);
  });

  it('refuses SVG outright, declared or sniffed (it can carry script), and stores nothing', async () => {
    const before = await everything();
    refusedNamingImage(await upload(owner, SVG, 'image/svg+xml').expect(415), /SVG.*script/);
    refusedNamingImage(await upload(owner, SVG, 'image/jpeg').expect(415), /SVG.*script/);
    refusedNamingImage(await upload(owner, HTML, 'text/html').expect(415), /Content-Type was 'text\/html'/);
    expect(await everything()).toBe(before);
  });

  it('refuses what is not a whole JPEG, PNG or WebP: a TIFF, a GIF, a JPEG cut short, nothing at all', async () => {
    const before = await everything();
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    refusedNamingImage(await upload(owner, tiff).expect(415), /TIFF/);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    refusedNamingImage(await upload(owner, gif).expect(415), /GIF/);
    const cut = banner.subarray(0, Math.floor(banner.length / 2));
    refusedNamingImage(await upload(owner, cut).expect(400), /cannot be decoded|ends before/);
    refusedNamingImage(await upload(owner, Buffer.alloc(0)).expect(400), /no bytes/);
    expect(await everything()).toBe(before);
  });

  it('413 over the byte cap; 400 over the pixel and side caps, read from the header before any decoding', async () => {
    const before = await everything();
    const big = Buffer.concat([banner, Buffer.alloc(SITE_IMAGE_LIMITS.maxBytes + 1 - banner.length)]);
    refusedNamingImage(await upload(owner, big).expect(413), /over the 10 MB limit/);
    // A PNG header stating 20,000 x 20,000 (a decompression bomb) and one 20,000 x 10.
    const header = async (width: number, height: number) => {
      const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      png.writeUInt32BE(width, 16);
      png.writeUInt32BE(height, 20);
      return png;
    };
    refusedNamingImage(await upload(owner, await header(20_000, 20_000), 'image/png').expect(400), /pixel limit/);
    refusedNamingImage(await upload(owner, await header(20_000, 10), 'image/png').expect(400), /at most 10000/);
    expect(await everything()).toBe(before);
  });

  it('only owners and sales of the site upload: a viewer 403, no session 401, another site’s user never to this site', async () => {
    const before = await everything();
    const refused = await upload(viewer, banner).expect(403);
    expect(refused.body.detail).toContain("'owner' or 'sales'");
    await api.http().post(UPLOAD).set('Content-Type', 'image/jpeg').send(banner).expect(401);
    // A session without the CSRF token changes nothing.
    await api
      .http()
      .post(UPLOAD)
      .set('Cookie', owner.cookie)
      .set('Content-Type', 'image/jpeg')
      .send(banner)
      .expect(403);
    // Bravo's owner naming Alpha's console has no session there.
    await upload(stranger, banner).set('X-Site-Slug', 'alpha-motors').expect(401);
    expect(await everything()).toBe(before);
    // Their own upload is their own site's image, never Alpha's.
    const theirs = await upload(stranger, banner).expect(201);
    expect(
      await sql(`SELECT site_id, uploaded_by FROM site_images WHERE hash = $1 ORDER BY site_id`, [theirs.body.hash]),
    ).toEqual([
      { site_id: alphaId, uploaded_by: `dealer:${owner.id}` },
      { site_id: bravoId, uploaded_by: `dealer:${stranger.id}` },
    ]);
  });

  it('operators upload for any live site, named by ?site=', async () => {
    const webp = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#00aa00' } })
      .webp()
      .toBuffer();
    const res = await ops(api.http().post(`${OPS_UPLOAD}?site=bravo-motors`))
      .set('Content-Type', 'image/webp')
      .send(webp)
      .expect(201);
    expect(res.body).toMatchObject({ type: 'image/webp', width: 1200, url: `/media/photos/${res.body.hash}/w1200` });
    expect(await sql(`SELECT site_id, uploaded_by FROM site_images WHERE hash = $1`, [res.body.hash])).toEqual([
      { site_id: bravoId, uploaded_by: 'ops-token' },
    ]);
    const missing = await ops(api.http().post(OPS_UPLOAD)).set('Content-Type', 'image/webp').send(webp).expect(400);
    expect(missing.body.errors).toEqual([{ path: 'site', message: 'A site slug is required' }]);
    await ops(api.http().post(`${OPS_UPLOAD}?site=no-such-site`))
      .set('Content-Type', 'image/webp')
      .send(webp)
      .expect(404);
    await api.http().post(`${OPS_UPLOAD}?site=bravo-motors`).set('Content-Type', 'image/webp').send(webp).expect(401);
    refusedNamingImage(
      await ops(api.http().post(`${OPS_UPLOAD}?site=bravo-motors`))
        .set('Content-Type', 'image/jpeg')
        .send(HTML)
        .expect(415),
      /HTML/,
    );
  });

  it('any bytes sent as a JPEG are a stored image of a sniffed image type, or a 4xx storing nothing; never a 5xx (property)', async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 4096 }),
      // A real JPEG's start, cut anywhere.
      fc.integer({ min: 0, max: 4096 }).map((n) => banner.subarray(0, n)),
      // A real JPEG with a few bytes changed.
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }).map((changes) => {
        const copy = Buffer.from(banner);
        for (const [at, value] of changes) copy[at % copy.length] = value;
        return copy;
      }),
      // Image signatures followed by anything.
      fc
        .tuple(
          fc.constantFrom(
            [0xff, 0xd8, 0xff],
            [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
            [...Buffer.from('RIFF')],
          ),
          fc.uint8Array({ maxLength: 512 }),
        )
        .map(([signature, rest]) => Buffer.concat([Buffer.from(signature), rest])),
    );
    await fc.assert(
      fc.asyncProperty(bytes, async (body) => {
        const before = await everything();
        const res = await upload(owner, body, 'image/jpeg');
        expect(res.status).toBeLessThan(500);
        if (res.status === 201) {
          const sniffed = sniffPhoto(Buffer.from(body));
          expect(sniffed.ok && `image/${sniffed.format}`).toBe(res.body.type);
          expect(
            await sql(`SELECT count(*)::int AS n FROM site_images WHERE site_id = $1 AND hash = $2`, [
              alphaId,
              res.body.hash,
            ]),
          ).toEqual([{ n: 1 }]);
          await api.http().get(res.body.url).expect(200);
        } else {
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.body.errors).toEqual([{ path: 'image', message: expect.any(String) }]);
          expect(await everything()).toBe(before);
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
