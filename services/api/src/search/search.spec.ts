import { appearanceKey, reportDay } from '@platform/events';
import { feedCar as car } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

describe('search API (real PostgreSQL, Redis and workers)', () => {
  let h: SiteApiHarness;
  const search = (body: unknown) =>
    h
      .http()
      .post(`/api/sites/${h.siteSlug}/search`)
      .send(body as object);

  beforeAll(async () => {
    h = await createSiteApiHarness('search');
    await h.load(h.fixture.north.id, [
      car('N1', {
        make: 'Toyota',
        model: 'Hilux',
        price: 45990,
        km: 20000,
        year: 2022,
        car_type: 'used',
        simple_body: 'ute',
        custom_rank: 5,
        images: [{ url: '/media/demo/ute-1.svg' }],
      }),
      car('N2', {
        make: 'Toyota',
        model: 'Hilux',
        price: 52990,
        km: 5000,
        year: 2024,
        car_type: 'demo',
        simple_body: 'ute',
        custom_rank: 9,
      }),
      car('N3', {
        make: 'Toyota',
        model: 'Corolla',
        price: 24990,
        km: 60000,
        year: 2019,
        simple_body: 'hatch',
        custom_rank: 1,
        categories: ['Special Offers'],
      }),
      car('N4', {
        make: 'Mazda',
        model: 'CX-5',
        price: 38990,
        km: 30000,
        year: 2021,
        simple_body: 'suv',
        custom_rank: 3,
      }),
      car('N5', {
        make: 'Mazda',
        model: 'BT-50',
        price: 0,
        km: 10,
        year: 2025,
        car_type: 'new',
        simple_body: 'ute',
        custom_rank: 2,
      }),
      car('N6', {
        make: 'Toyota',
        model: 'Hilux',
        price: 47990,
        status: 'sold',
        sold_date: new Date(Date.now() - 3600_000).toISOString(),
      }),
    ]);
    await h.load(h.fixture.west.id, [
      car('W1', {
        make: 'Toyota',
        model: 'Hilux',
        price: 41990,
        km: 80000,
        year: 2020,
        custom_rank: 4,
        categories: ['Special Offers'],
      }),
      car('W2', {
        make: 'Isuzu',
        model: 'D-Max',
        price: 55990,
        km: 15000,
        year: 2023,
        simple_body: 'ute',
        custom_rank: 6,
        categories: ['Special Offers'],
      }),
    ]);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('counts each hit of a results page as a search appearance in Redis, cache hit or not (issue 41)', async () => {
    const key = appearanceKey(h.prefix, reportDay(new Date().toISOString()));
    await h.redis.del(key);
    const first = await search({ filters: { make: ['Toyota'] } });
    await search({ filters: { make: ['Toyota'] } });
    const ids: number[] = first.body.hits.map((hit: { id: number }) => hit.id);
    expect(ids.length).toBeGreaterThan(0);
    let counts: Record<string, string> = {};
    for (let i = 0; i < 50 && Object.keys(counts).length < ids.length; i += 1) {
      counts = await h.redis.hgetall(key);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(counts).toEqual(Object.fromEntries(ids.map((id) => [String(id), '2'])));
  });

  it('answers hits, the true count, disjunctive facets, stats and paging', async () => {
    const res = await search({ filters: { make: ['Toyota'] }, facets: ['make', 'model', 'price'] }).expect(200);
    expect(res.body.count).toBe(5); // N1, N2, N3, N6 (sold, listed) and W1
    expect(res.body.page).toBe(1);
    expect(res.body.pages).toBe(1);
    expect(typeof res.body.ms).toBe('number');
    // The make facet ignores its own selection, so the other makes stay countable.
    expect(res.body.facets.make).toEqual({ Toyota: 5, Mazda: 2, Isuzu: 1 });
    expect(res.body.facets.model).toEqual({ Hilux: 4, Corolla: 1 });
    expect(res.body.facetStats.price).toEqual({ min: 24990, max: 52990 });
    const first = res.body.hits[0];
    expect(first).toMatchObject({
      stocknum: 'N2',
      slug: expect.any(String),
      make: 'Toyota',
      model: 'Hilux',
      dealership_slug: h.fixture.north.slug,
      city: 'Brisbane',
      status: 'in_stock',
    });
    expect(res.body.hits.map((hit: { stocknum: string }) => hit.stocknum)).toEqual(['N2', 'N1', 'W1', 'N3', 'N6']);
  });

  it('filters by make_model, ranges and text, and sorts by price', async () => {
    const res = await search({
      filters: { make_model: ['Toyota:Hilux'] },
      ranges: { price: '42000:50000' },
      sortBy: 'price:asc',
    }).expect(200);
    expect(res.body.hits.map((hit: { stocknum: string }) => hit.stocknum)).toEqual(['N1', 'N6']);
    const text = await search({ query: 'corolla' }).expect(200);
    expect(text.body.hits.map((hit: { stocknum: string }) => hit.stocknum)).toEqual(['N3']);
    const latest = await search({ sortBy: 'created_at:desc', hitsPerPage: 2, page: 2 }).expect(200);
    expect(latest.body).toMatchObject({ page: 2, pages: 4, count: 8 });
    expect(latest.body.hits).toHaveLength(2);
  });

  it('answers an empty result with 200 and count 0', async () => {
    const res = await search({ filters: { make: ['Ferrari'] } }).expect(200);
    expect(res.body).toMatchObject({ hits: [], count: 0, pages: 0 });
  });

  it.each([
    [
      'an unknown facet',
      { filters: { wheels: ['4'] } },
      'filters.wheels',
      "Unknown field 'wheels': remove it or check its spelling",
    ],
    [
      'a bad range',
      { ranges: { price: 'abc:1' } },
      'ranges.price',
      "Use 'min:max' with numbers, min not above max (either side may be empty)",
    ],
    [
      'a reversed range',
      { ranges: { km: '50:10' } },
      'ranges.km',
      "Use 'min:max' with numbers, min not above max (either side may be empty)",
    ],
    ['page 0', { page: 0 }, 'page', 'page starts at 1'],
    ['101 hits per page', { hitsPerPage: 101 }, 'hitsPerPage', expect.stringContaining('100')],
    ['an unknown sort', { sortBy: 'km:asc' }, 'sortBy', expect.stringContaining('relevance')],
  ])('refuses %s with a 400 naming the field', async (_what, body, path, message) => {
    const res = await search(body).expect(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body.errors).toEqual(expect.arrayContaining([{ path, message }]));
  });

  it.each(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'])(
    'refuses the filter %s like any unknown facet (own key as JSON.parse makes it)',
    async (name) => {
      const res = await h
        .http()
        .post(`/api/sites/${h.siteSlug}/search`)
        .set('Content-Type', 'application/json')
        .send(`{"filters":{"${name}":["x"]}}`)
        .expect(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.errors).toEqual([
        { path: `filters.${name}`, message: `Unknown field '${name}': remove it or check its spelling` },
      ]);
    },
  );

  it('answers an unknown site with 404', async () => {
    const res = await h.http().post('/api/sites/no-such-site/search').send({}).expect(404);
    expect(res.body.detail).toBe("No site has the slug 'no-such-site'.");
  });

  it('caches results until the index changes, so a pushed feed shows on the next search', async () => {
    const body = { filters: { make: ['Kia'] } };
    expect((await search(body).expect(200)).headers['x-search-cache']).toBe('miss');
    const cached = await search(body).expect(200);
    expect(cached.headers['x-search-cache']).toBe('hit');
    expect(cached.body.count).toBe(0);

    await h.load(h.fixture.north.id, [car('N7', { make: 'Kia', model: 'Sportage', price: 35990 })]);
    const fresh = await search(body).expect(200);
    expect(fresh.headers['x-search-cache']).toBe('miss');
    expect(fresh.body.count).toBe(1);
  });

  it('lists similar vehicles: same model first, then the price band, in stock, never itself', async () => {
    // A Hilux far below N1's band (35,990..55,990): the same model, but not similar.
    await h.load(h.fixture.west.id, [car('W9', { make: 'Toyota', model: 'Hilux', price: 4990, simple_body: 'hatch' })]);
    const slug = (await search({ query: 'N1' }).expect(200)).body.hits[0].slug;
    const res = await h.http().get(`/api/sites/${h.siteSlug}/cars/${slug}/similar`).expect(200);
    const stocknums = res.body.hits.map((hit: { stocknum: string }) => hit.stocknum);
    // Hiluxes in stock and in the band first (N2, W1; N6 is sold, W9 too cheap), then the band by rank (W2, N4, N7).
    expect(stocknums).toEqual(['N2', 'W1', 'W2', 'N4', 'N7']);
    expect(stocknums).not.toContain('N1');
  });

  it('searches the model directory by make, model and body', async () => {
    const res = await h
      .http()
      .post(`/api/sites/${h.siteSlug}/search/models`)
      .send({ make: 'Toyota', body: 'ute' })
      .expect(200);
    expect(res.body.hits.map((hit: { stocknum: string }) => hit.stocknum).sort()).toEqual(['N1', 'N2']);
    expect(Object.keys(res.body.facets).sort()).toEqual(['body', 'make', 'model']);
    await h.http().post(`/api/sites/${h.siteSlug}/search/models`).send({ manufacturer: 'Toyota' }).expect(400);
  });

  it('searches special offers of one dealership by category and price', async () => {
    const url = `/api/sites/${h.siteSlug}/search/special-offers`;
    const west = await h
      .http()
      .post(url)
      .send({ dealership_id: h.fixture.west.id, categories: ['Special Offers'] })
      .expect(200);
    expect(west.body.hits.map((hit: { stocknum: string }) => hit.stocknum).sort()).toEqual(['W1', 'W2']);
    const priced = await h
      .http()
      .post(url)
      .send({ dealership_id: h.fixture.west.id, price: '50000:60000' })
      .expect(200);
    expect(priced.body.hits.map((hit: { stocknum: string }) => hit.stocknum)).toEqual(['W2']);
    const missing = await h.http().post(url).send({}).expect(400);
    expect(missing.body.errors[0].path).toBe('dealership_id');
    const foreign = await h.http().post(url).send({ dealership_id: 999999 }).expect(400);
    expect(foreign.body.errors[0]).toEqual({
      path: 'dealership_id',
      message: expect.stringContaining(String(h.fixture.north.id)),
    });
  });

  it('fetches hits by filter and limit', async () => {
    const res = await h
      .http()
      .post(`/api/sites/${h.siteSlug}/search/hits`)
      .send({ filters: { body: ['ute'] }, sortBy: 'price:desc', limit: 2 })
      .expect(200);
    expect(res.body.hits.map((hit: { stocknum: string }) => hit.stocknum)).toEqual(['W2', 'N2']);
    await h.http().post(`/api/sites/${h.siteSlug}/search/hits`).send({ limit: 0 }).expect(400);
  });

  it('documents the site API in OpenAPI', async () => {
    const res = await h.http().get('/api/docs/openapi.json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/sites/{siteSlug}/search',
        '/api/sites/{siteSlug}/search/hits',
        '/api/sites/{siteSlug}/cars/{slug}',
        '/api/sites/{siteSlug}/cars/{slug}/similar',
        '/api/sites/{siteSlug}/locations',
        '/api/sites/{siteSlug}/delivery',
        '/api/geo/postcodes/{postcode}',
        '/api/cars/{slug}/view.json',
        '/api/cars/{slug}/autogauge',
        '/api/cars/{slug}/phone-reveal',
        '/api/cars/{slug}/print.pdf',
        '/api/youx/quote',
      ]),
    );
  });
});
