import { parse } from 'csv-parse/sync';
import type request from 'supertest';
import { GOOGLE_COLUMNS } from '@platform/domain';
import { SiteConfigStore } from '@platform/site-config';
import { SyndicationFeedWriter } from '@platform/stock';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-site-links-0123456789';
const WEB_PORT = 3123;

/**
 * Security issue 49, item 6: every absolute link the api and the worker write to a site (a dealer's
 * sign-in link from ops or by email, the invitation email, the feed URLs, the photo and page links
 * inside a feed) is on the site's one public origin: its primary host over https, or in development
 * its `*.localhost` host on the web's port, where the link actually opens.
 */
describe('absolute links to a site (real PostgreSQL): the site’s one public origin', () => {
  let api: SiteApiHarness;
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);
  let development: string;

  async function signInLink(email: string): Promise<string> {
    const added = await ops(api.http().post(`/api/ops/dealerships/${api.fixture.north.slug}/users`))
      .send({ email, name: email.split('@')[0], role: 'owner' })
      .expect(201);
    const link = await ops(api.http().post(`/api/ops/dealer-users/${added.body.id}/sign-in-link`)).expect(201);
    return link.body.url as string;
  }

  beforeAll(async () => {
    api = await createSiteApiHarness('site-links', { env: { OPS_TOKEN, WEB_PORT: String(WEB_PORT) } });
    development = `http://${api.siteSlug}.localhost:${WEB_PORT}`;
    const db = api.db.dataSource;
    await db.query(`UPDATE sites SET config = $2 WHERE id = $1`, [
      api.fixture.siteId,
      JSON.stringify({ syndication: { google_enabled: true, meta_enabled: false } }),
    ]);
    await db.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price, km, colour, data)
       VALUES ($1, 'L1', 'ute-l1', 'used', 'Isuzu', 'D-Max', 2023, 51990, 9000, 'White', $2)`,
      [
        api.fixture.north.id,
        JSON.stringify({ vin: 'MPATFS86JPT000009', images: [{ url: 'https://dealer.example/l1.jpg' }] }),
      ],
    );
    await db.query(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height)
       VALUES ($1, 'https://dealer.example/l1.jpg', 'stored', $2, 'jpeg', 1600, 1200)`,
      [api.fixture.north.id, 'd'.repeat(64)],
    );
    // Written as the worker writes it, with the worker's WEB_PORT.
    await new SyndicationFeedWriter(db, new SiteConfigStore(db), { webPort: WEB_PORT }).generate(
      api.fixture.north.id,
      'google',
    );
  });

  afterAll(async () => {
    await api?.close();
  });

  it('puts a *.localhost site’s links on the web’s port: sign-in link, invitation email, feed URLs and the feed’s own links', async () => {
    const link = await signInLink('owner@links.example');
    expect(link).toMatch(new RegExp(`^${development}/dealer/sign-in\\?token=[^&]+$`));

    const token = new URL(link).searchParams.get('token');
    const answer = await api.http().post('/api/dealer/sign-in/link').send({ token }).expect(200);
    const cookie = (answer.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    await api
      .http()
      .post('/api/dealer/users')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', answer.body.csrfToken as string)
      .send({ email: 'invited@links.example', name: 'Invited', role: 'viewer', dealership: api.fixture.north.slug })
      .expect(201);
    const [mail] = (await api.db.dataSource.query(
      `SELECT raw FROM outbound_emails WHERE 'invited@links.example' = ANY(recipients)`,
    )) as { raw: string }[];
    // Quoted-printable: a line ending in '=' continues on the next.
    const text = mail!.raw.replace(/=\r?\n/g, '');
    expect(text).toContain(`Sign in at ${development}/dealer/sign-in with this email address`);

    const { body } = await ops(api.http().get(`/api/ops/dealerships/${api.fixture.north.slug}/syndication`)).expect(
      200,
    );
    const feedUrl = body.feeds[0].url as string;
    expect(feedUrl).toMatch(
      new RegExp(`^${development}/feeds/${api.fixture.north.slug}/google/[A-Za-z0-9_-]{43}\\.csv$`),
    );
    const report = await api.http().get('/api/dealer/syndication').set('Cookie', cookie).expect(200);
    expect(report.body.feeds.find((feed: { channel: string }) => feed.channel === 'google').url).toBe(feedUrl);

    const file = await api.http().get(new URL(feedUrl).pathname).set('Accept-Encoding', 'identity').expect(200);
    const [header, row] = parse(file.text, { record_delimiter: '\r\n' }) as string[][];
    expect(header).toEqual([...GOOGLE_COLUMNS]);
    expect(row?.[GOOGLE_COLUMNS.indexOf('link')]).toMatch(new RegExp(`^${development}/cars/ute-l1\\?`));
    expect(row?.[GOOGLE_COLUMNS.indexOf('image_link')]).toMatch(new RegExp(`^${development}/media/`));
  });

  it('puts a site with a real primary host on https, with no port', async () => {
    await api.db.dataSource.query(`INSERT INTO site_hosts (site_id, host, "primary") VALUES ($1, $2, true)`, [
      api.fixture.siteId,
      'www.sitelinks.example.com.au',
    ]);
    expect(await signInLink('second@links.example')).toMatch(
      /^https:\/\/www\.sitelinks\.example\.com\.au\/dealer\/sign-in\?token=[^&]+$/,
    );
    const { body } = await ops(api.http().get(`/api/ops/dealerships/${api.fixture.north.slug}/syndication`)).expect(
      200,
    );
    expect(body.feeds[0].url).toMatch(/^https:\/\/www\.sitelinks\.example\.com\.au\/feeds\//);
  });
});
