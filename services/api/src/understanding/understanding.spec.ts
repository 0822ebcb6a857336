import fc from 'fast-check';
import { feedCar as car } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

/**
 * A shopper's sentence against a real site's stock (issue 55): read with the site's own
 * vocabulary (its facets, locations, finance), and the request it gives finds exactly the cars it
 * says; nothing a shopper types is a 5xx.
 */
describe('GET /api/sites/{slug}/search/understand (real PostgreSQL)', () => {
  let h: SiteApiHarness;
  const understand = (q: string) => h.http().get(`/api/sites/${h.siteSlug}/search/understand`).query({ q });

  beforeAll(async () => {
    h = await createSiteApiHarness('understand');
    const ute = { make: 'Toyota', model: 'HiLux', simple_body: 'ute', year: 2022, km: 30000 };
    await h.load(h.fixture.north.id, [
      car('U1', { ...ute, price: 45990, colour: 'White', simple_fuel: 'Diesel', simple_transmission: 'Automatic' }),
      car('U2', { ...ute, price: 56990, colour: 'White', simple_fuel: 'Diesel', simple_transmission: 'Automatic' }),
      car('U3', { ...ute, price: 41990, colour: 'Silver', simple_fuel: 'Diesel', simple_transmission: 'Automatic' }),
      car('U4', { ...ute, price: 39990, colour: 'White', simple_fuel: 'Diesel', simple_transmission: 'Manual' }),
      car('U5', { ...ute, price: 38990, colour: 'White', simple_fuel: 'Petrol', simple_transmission: 'Automatic' }),
      car('C1', { make: 'Mazda', model: 'CX-5', price: 30990, colour: 'White', simple_body: 'suv', year: 2021 }),
    ]);
  });

  afterAll(async () => {
    await h?.close();
  });

  it("reads 'white hilux under 50k diesel auto' as the site's filters, and the search finds only the car it describes", async () => {
    const answer = await understand('white hilux under 50k diesel auto').expect(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(answer.body.request).toEqual({
      filters: {
        colour: ['White'],
        make: ['Toyota'],
        make_model: ['Toyota:HiLux'],
        fuel: ['Diesel'],
        transmission: ['Automatic'],
      },
      ranges: { price: ':50000' },
    });
    expect(answer.body.parts.map((part: { label: string }) => part.label)).toEqual([
      'White',
      'Toyota HiLux',
      'Under $50,000',
      'Diesel',
      'Automatic',
    ]);
    const found = await h.http().post(`/api/sites/${h.siteSlug}/search`).send(answer.body.request).expect(200);
    expect(found.body.hits.map((hit: { stocknum: string }) => hit.stocknum)).toEqual(['U1']);
  });

  it('keeps what it does not understand as the free-text query, and a make the site does not stock is not a filter', async () => {
    const answer = await understand('cx5 with apple carplay').expect(200);
    expect(answer.body.request.filters).toEqual({ make: ['Mazda'], make_model: ['Mazda:CX-5'] });
    expect(answer.body.request.query).toBe('apple carplay');
    const ferrari = await understand('ferrari').expect(200);
    expect(ferrari.body.request).toEqual({ query: 'ferrari', filters: {}, ranges: {} });
  });

  it('answers an unknown site 404, a missing or overlong q 400 naming q, and anything typed without a 5xx (property)', async () => {
    await h.http().get('/api/sites/no-such-site/search/understand').query({ q: 'ute' }).expect(404);
    const missing = await h.http().get(`/api/sites/${h.siteSlug}/search/understand`).expect(400);
    expect(missing.body.errors[0].path).toBe('q');
    const long = await understand('ute '.repeat(600)).expect(400);
    expect(long.body.errors[0].path).toBe('q');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.stringMatching(/^[\w $,.\-'k]{0,80}$/),
          fc.constantFrom(
            '__proto__',
            'constructor',
            'NUL \u0000',
            'lone \ud800',
            '$-5k',
            '999999999999 km',
            'under $',
          ),
        ),
        async (q) => {
          const answer = await understand(q);
          if (answer.status === 400) {
            // Control characters are refused before the route (the api's query guard names query.q).
            expect(answer.body.errors[0].path).toMatch(/^(query\.)?q$/);
            return;
          }
          expect(answer.status).toBe(200);
          const found = await h.http().post(`/api/sites/${h.siteSlug}/search`).send(answer.body.request);
          expect(found.status).toBe(200);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/**
 * Typing suggestions from a real site's vocabulary (issue 55): the site's own makes, models and
 * places, cacheable, and nothing a shopper types is a 5xx.
 */
describe('GET /api/sites/{slug}/search/suggest (real PostgreSQL)', () => {
  let h: SiteApiHarness;
  const suggest = (q: string) => h.http().get(`/api/sites/${h.siteSlug}/search/suggest`).query({ q });

  beforeAll(async () => {
    h = await createSiteApiHarness('suggest');
    await h.load(h.fixture.north.id, [
      car('S1', { make: 'Toyota', model: 'HiLux', simple_body: 'ute', price: 45990, colour: 'White' }),
      car('S2', { make: 'Toyota', model: 'HiAce', simple_body: 'van', price: 39990, colour: 'Silver' }),
      car('S3', { make: 'Mazda', model: 'CX-5', simple_body: 'suv', price: 30990, colour: 'White' }),
    ]);
  });

  afterAll(async () => {
    await h?.close();
  });

  it("completes the last word from the site's own stock, cacheable for a minute", async () => {
    const answer = await suggest('white hi').expect(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(answer.body.suggestions.slice(0, 2)).toEqual([
      { label: 'Toyota HiAce', kind: 'model', completion: 'white Toyota HiAce' },
      { label: 'Toyota HiLux', kind: 'model', completion: 'white Toyota HiLux' },
    ]);
    // A make the site does not stock is never offered.
    const ford = await suggest('for').expect(200);
    expect(ford.body.suggestions.map((s: { label: string }) => s.label)).not.toContain('Ford');
    expect((await suggest('hilux ').expect(200)).body).toEqual({ suggestions: [] });
  });

  it('answers an unknown site 404, a missing or overlong q 400 naming q, and anything typed without a 5xx (property)', async () => {
    await h.http().get('/api/sites/no-such-site/search/suggest').query({ q: 'to' }).expect(404);
    const missing = await h.http().get(`/api/sites/${h.siteSlug}/search/suggest`).expect(400);
    expect(missing.body.errors[0].path).toBe('q');
    const long = await suggest('ute '.repeat(600)).expect(400);
    expect(long.body.errors[0].path).toBe('q');
    const repeated = await h.http().get(`/api/sites/${h.siteSlug}/search/suggest?q=to&q=ma`);
    expect(repeated.status).toBe(400);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.stringMatching(/^[\w $,.\-'k]{0,80}$/),
          fc.constantFrom('__proto__', 'constructor', 'NUL \u0000', 'lone \ud800', '%', '😀', ' '),
        ),
        async (q) => {
          const answer = await suggest(q);
          if (answer.status === 400) {
            expect(answer.body.errors[0].path).toMatch(/^(query\.)?q$/);
            return;
          }
          expect(answer.status).toBe(200);
          expect(answer.body.suggestions.length).toBeLessThanOrEqual(8);
        },
      ),
      { numRuns: 60 },
    );
  });
});
