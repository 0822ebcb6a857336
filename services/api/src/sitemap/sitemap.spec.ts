import { feedCar as car } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const DAY = 24 * 3600_000;

describe('sitemap API (real PostgreSQL and Redis)', () => {
  let h: SiteApiHarness;

  beforeAll(async () => {
    h = await createSiteApiHarness('sitemap', { siteConfig: { search: { visibility_filters: ['-make:Suzuki'] } } });
    await h.load(h.fixture.north.id, [
      car('IN', { make: 'Toyota', model: 'Hilux' }),
      car('SOON', { make: 'Ford', model: 'Ranger', status: 'coming_soon' }),
      car('JUSTSOLD', { make: 'Mazda', model: 'BT-50', status: 'sold', sold_date: new Date().toISOString() }),
      car('LONGSOLD', { status: 'sold', sold_date: new Date(Date.now() - 10 * DAY).toISOString() }),
      car('HIDDEN', { show_on_dealer_website: false }),
      car('SUZUKI', { make: 'Suzuki', model: 'Jimny' }),
    ]);
    await h.load(h.fixture.west.id, [car('WEST', { make: 'Isuzu', model: 'D-MAX' })]);
  });

  afterAll(() => h?.close());

  const slugOf = async (stocknum: string) =>
    ((await h.db.dataSource.query(`SELECT slug FROM cars WHERE stocknum = $1`, [stocknum])) as [{ slug: string }])[0]
      .slug;

  it('lists every car page the site shows, with when it last changed, and none it hides', async () => {
    const res = await h.http().get(`/api/sites/${h.siteSlug}/sitemap`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const listed = new Map((res.body.cars as { slug: string; lastmod: string }[]).map((c) => [c.slug, c.lastmod]));
    for (const stocknum of ['IN', 'SOON', 'JUSTSOLD', 'WEST']) expect(listed.has(await slugOf(stocknum))).toBe(true);
    for (const stocknum of ['LONGSOLD', 'HIDDEN', 'SUZUKI']) expect(listed.has(await slugOf(stocknum))).toBe(false);
    expect(listed.size).toBe(4);
    for (const lastmod of listed.values()) expect(Date.parse(lastmod)).toBeGreaterThan(Date.now() - DAY);
  });

  it('answers an unknown site with a 404 problem and a malformed slug with a 400', async () => {
    await h.http().get('/api/sites/no-such-site/sitemap').expect(404);
    await h.http().get('/api/sites/Not_A_Slug/sitemap').expect(400);
  });
});
