import { parse } from 'csv-parse/sync';
import type request from 'supertest';
import { GOOGLE_COLUMNS } from '@platform/domain';
import { SiteConfigStore } from '@platform/site-config';
import { SyndicationFeedWriter } from '@platform/stock';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-syndication-0123456';

describe('Syndication feeds API (real PostgreSQL): serving, tokens, rotation, the report', () => {
  let api: SiteApiHarness;
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);
  const pathOf = (url: string) => new URL(url).pathname;

  async function signedIn(role: 'owner' | 'sales', email: string) {
    const added = await ops(api.http().post(`/api/ops/dealerships/${api.fixture.north.slug}/users`))
      .send({ email, name: 'Pat', role })
      .expect(201);
    const link = await ops(api.http().post(`/api/ops/dealer-users/${added.body.id}/sign-in-link`)).expect(201);
    const token = new URL(link.body.url).searchParams.get('token');
    const answer = await api.http().post('/api/dealer/sign-in/link').send({ token }).expect(200);
    const cookie = (answer.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    return { cookie, csrf: answer.body.csrfToken as string };
  }

  beforeAll(async () => {
    api = await createSiteApiHarness('syndication', { env: { OPS_TOKEN } });
    const db = api.db.dataSource;
    await db.query(`UPDATE sites SET config = $2 WHERE id = $1`, [
      api.fixture.siteId,
      JSON.stringify({ syndication: { google_enabled: true, meta_enabled: false } }),
    ]);
    const [car] = (await db.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price, km, colour, data)
       VALUES ($1, 'S1', 'ute-s1', 'used', 'Isuzu', 'D-Max', 2023, 51990, 9000, 'White', $2) RETURNING id`,
      [
        api.fixture.north.id,
        JSON.stringify({ vin: 'MPATFS86JPT000001', images: [{ url: 'https://dealer.example/s1.jpg' }] }),
      ],
    )) as { id: number }[];
    expect(car).toBeDefined();
    await db.query(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height)
       VALUES ($1, 'https://dealer.example/s1.jpg', 'stored', $2, 'jpeg', 1600, 1200)`,
      [api.fixture.north.id, 'c'.repeat(64)],
    );
    // A car without a VIN: left out of the file, listed in the report with its page.
    await db.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price, km, colour, data)
       VALUES ($1, 'S2', 'ute-s2', 'used', 'Isuzu', 'D-Max', 2021, 41990, 30000, 'Grey', $2)`,
      [api.fixture.north.id, JSON.stringify({ images: [{ url: 'https://dealer.example/s1.jpg' }] })],
    );
    await new SyndicationFeedWriter(db, new SiteConfigStore(db)).generate(api.fixture.north.id, 'google');
  });

  afterAll(async () => {
    await api?.close();
  });

  it('prints each enabled channel’s URL for ops, the path naming the channel', async () => {
    const answer = await ops(api.http().get(`/api/ops/dealerships/${api.fixture.north.slug}/syndication`)).expect(200);
    expect(answer.body.feeds.map((feed: { channel: string }) => feed.channel)).toEqual(['google']);
    expect(pathOf(answer.body.feeds[0].url)).toMatch(
      new RegExp(`^/feeds/${api.fixture.north.slug}/google/[A-Za-z0-9_-]{43}\\.csv$`),
    );
    await ops(api.http().get('/api/ops/dealerships/nope/syndication')).expect(404);
    await api.http().get(`/api/ops/dealerships/${api.fixture.north.slug}/syndication`).expect(401);
  });

  it('serves the file with ETag, Last-Modified, 304 and gzip; a wrong token is the same 404 as an unknown feed', async () => {
    const { body } = await ops(api.http().get(`/api/ops/dealerships/${api.fixture.north.slug}/syndication`));
    const path = pathOf(body.feeds[0].url);
    const plain = await api
      .http()
      .get(path)
      .set('Accept-Encoding', 'identity')
      .set('User-Agent', 'Googlebot/2.1')
      .expect(200);
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const [header, row] = parse(plain.text, { record_delimiter: '\r\n' }) as string[][];
    expect(header).toEqual([...GOOGLE_COLUMNS]);
    expect(row?.[GOOGLE_COLUMNS.indexOf('vin')]).toBe('MPATFS86JPT000001');
    const etag = plain.headers['etag'] as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(plain.headers['last-modified']).toBeTruthy();
    await api.http().get(path).set('Accept-Encoding', 'identity').set('If-None-Match', etag).expect(304);
    await api
      .http()
      .get(path)
      .set('Accept-Encoding', 'identity')
      .set('If-Modified-Since', plain.headers['last-modified'] as string)
      .expect(304);

    const zipped = await api
      .http()
      .get(path)
      .set('Accept-Encoding', 'gzip, deflate')
      .set('User-Agent', 'Google-Vehicle-Listings/1.0')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toMatch(/Accept-Encoding/);
    // The client decodes the gzip body it asked for: the same file.
    expect((zipped.body as Buffer).toString('utf8')).toBe(plain.text);

    const [record] = (await api.db.dataSource.query(
      `SELECT last_fetched_by FROM syndication_feeds WHERE dealership_id = $1 AND channel = 'google'`,
      [api.fixture.north.id],
    )) as { last_fetched_by: string }[];
    expect(record?.last_fetched_by).toBe('Google-Vehicle-Listings/1.0');

    const wrong = path.replace(/[A-Za-z0-9_-]{43}\.csv$/, `${'A'.repeat(43)}.csv`);
    const unknown = await api
      .http()
      .get(`/feeds/no-such-dealer/google/${'A'.repeat(43)}.csv`)
      .expect(404);
    const refused = await api.http().get(wrong).expect(404);
    const { instance: _a, ...refusedProblem } = refused.body as Record<string, unknown>;
    const { instance: _b, ...unknownProblem } = unknown.body as Record<string, unknown>;
    expect(refusedProblem).toEqual(unknownProblem);
    await api.http().get(path.replace('/google/', '/meta/')).expect(404); // meta is off
    await api.http().get(path.replace('/google/', '/bing/')).expect(404);
  });

  it('serves no file while its site is suspended or retired (issue 51), and serves it again once active', async () => {
    const { body } = await ops(api.http().get(`/api/ops/dealerships/${api.fixture.north.slug}/syndication`));
    const path = pathOf(body.feeds[0].url);
    const db = api.db.dataSource;
    for (const [stop, resume] of [
      [`UPDATE sites SET status = 'suspended' WHERE id = $1`, `UPDATE sites SET status = 'active' WHERE id = $1`],
      [`UPDATE sites SET retired_at = now() WHERE id = $1`, `UPDATE sites SET retired_at = NULL WHERE id = $1`],
    ] as const) {
      await db.query(stop, [api.fixture.siteId]);
      try {
        await api.http().get(path).set('Accept-Encoding', 'identity').expect(404);
      } finally {
        await db.query(resume, [api.fixture.siteId]);
      }
      await api.http().get(path).set('Accept-Encoding', 'identity').expect(200);
    }
  });

  it('lets an owner rotate the token (the old URL answers 404), and nobody else', async () => {
    const { body } = await ops(api.http().get(`/api/ops/dealerships/${api.fixture.north.slug}/syndication`));
    const oldPath = pathOf(body.feeds[0].url);
    const sales = await signedIn('sales', 'sales@example.com');
    await api
      .http()
      .post(`/api/dealer/syndication/${api.fixture.north.slug}/google/token`)
      .set('Cookie', sales.cookie)
      .set('X-CSRF-Token', sales.csrf)
      .expect(403);
    const owner = await signedIn('owner', 'owner@example.com');
    await api
      .http()
      .post(`/api/dealer/syndication/${api.fixture.west.slug}/google/token`)
      .set('Cookie', owner.cookie)
      .set('X-CSRF-Token', owner.csrf)
      .expect(404);
    const rotated = await api
      .http()
      .post(`/api/dealer/syndication/${api.fixture.north.slug}/google/token`)
      .set('Cookie', owner.cookie)
      .set('X-CSRF-Token', owner.csrf)
      .expect(200);
    const newPath = pathOf(rotated.body.url);
    expect(newPath).not.toBe(oldPath);
    await api.http().get(oldPath).expect(404);
    await api.http().get(newPath).expect(200);
    const audit = (await api.db.dataSource.query(
      `SELECT action, subject_id FROM dealer_audit_log WHERE dealership_id = $1 AND action LIKE 'syndication.%'`,
      [api.fixture.north.id],
    )) as unknown[];
    expect(audit).toEqual([{ action: 'syndication.token_rotated', subject_id: 'google' }]);

    const report = await api.http().get('/api/dealer/syndication').set('Cookie', owner.cookie).expect(200);
    const google = report.body.feeds.find((feed: { channel: string }) => feed.channel === 'google');
    expect(google).toMatchObject({ dealership: api.fixture.north.slug, enabled: true, included: 1, leftOut: 1 });
    expect(google.lastFetchedAt).not.toBeNull();
    await api.http().get('/api/dealer/syndication').expect(401);
  });

  it('reports each feed with its current URL, the left-out cars with their pages, and who may rotate', async () => {
    const owner = await signedIn('owner', 'owner2@example.com');
    const sales = await signedIn('sales', 'sales2@example.com');
    const { body: urls } = await ops(api.http().get(`/api/ops/dealerships/${api.fixture.north.slug}/syndication`));
    const ownerView = await api.http().get('/api/dealer/syndication').set('Cookie', owner.cookie).expect(200);
    const google = ownerView.body.feeds.find((feed: { channel: string }) => feed.channel === 'google');
    expect(google).toMatchObject({
      dealership: api.fixture.north.slug,
      dealershipName: expect.any(String),
      url: urls.feeds[0].url,
      downloadPath: `/api/dealer/syndication/${api.fixture.north.slug}/google/file`,
      canRotate: true,
      reasons: [{ reason: 'vin-missing', count: 1, summary: '1 car has no VIN' }],
      cars: [{ stocknum: 'S2', vin: null, reasons: ['vin-missing'], path: '/cars/ute-s2' }],
    });
    const meta = ownerView.body.feeds.find((feed: { channel: string }) => feed.channel === 'meta');
    expect(meta).toMatchObject({ enabled: false, url: null });
    const salesView = await api.http().get('/api/dealer/syndication').set('Cookie', sales.cookie).expect(200);
    expect(salesView.body.feeds.find((feed: { channel: string }) => feed.channel === 'google').canRotate).toBe(false);
  });

  it('lets a member download the file without counting as the channel’s fetch', async () => {
    const sales = await signedIn('sales', 'sales3@example.com');
    const before = (await api.db.dataSource.query(
      `SELECT last_fetched_at, last_fetched_by FROM syndication_feeds WHERE dealership_id = $1 AND channel = 'google'`,
      [api.fixture.north.id],
    )) as unknown[];
    const file = await api
      .http()
      .get(`/api/dealer/syndication/${api.fixture.north.slug}/google/file`)
      .set('Cookie', sales.cookie)
      .set('User-Agent', 'Mozilla/5.0 console')
      .expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${api.fixture.north.slug}-google.csv"`);
    const [header] = parse(file.text, { record_delimiter: '\r\n' }) as string[][];
    expect(header).toEqual([...GOOGLE_COLUMNS]);
    const after = (await api.db.dataSource.query(
      `SELECT last_fetched_at, last_fetched_by FROM syndication_feeds WHERE dealership_id = $1 AND channel = 'google'`,
      [api.fixture.north.id],
    )) as unknown[];
    expect(after).toEqual(before);
    // Meta is off (no file), another dealership is not theirs, a stranger is signed out.
    await api
      .http()
      .get(`/api/dealer/syndication/${api.fixture.north.slug}/meta/file`)
      .set('Cookie', sales.cookie)
      .expect(404);
    await api
      .http()
      .get(`/api/dealer/syndication/${api.fixture.west.slug}/google/file`)
      .set('Cookie', sales.cookie)
      .expect(404);
    await api.http().get(`/api/dealer/syndication/${api.fixture.north.slug}/google/file`).expect(401);
  });
});
