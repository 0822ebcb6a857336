import fc from 'fast-check';
import { TERM_FACETS, type TermFacet } from '../search/facets';
import {
  alertDedupeKey,
  carAlertEvents,
  documentKeys,
  FollowCarBodySchema,
  groupDigest,
  lastDigestMoment,
  localDayStart,
  matchesSavedSearch,
  MAX_SAVED_SEARCH_NAME,
  SavedSearchCriteriaSchema,
  savedSearchName,
  SaveSearchBodySchema,
  selectiveKeys,
  UpdateSavedSearchBodySchema,
  withinDailyLimit,
  type MatchableDocument,
  type SavedSearchCriteria,
} from './index';

// Small value pools, so generated searches and cars often meet.
const POOL = ['a', 'b', 'c'];
const MULTI: readonly TermFacet[] = ['categories', 'filtered_features'];
const value = fc.constantFrom(...POOL);
const FACETS: readonly TermFacet[] = [
  'make',
  'model',
  'make_model',
  'body',
  'car_type',
  'state',
  'categories',
  'colour',
];

const documentArb: fc.Arbitrary<MatchableDocument> = fc
  .record({
    single: fc.record(Object.fromEntries(FACETS.filter((f) => !MULTI.includes(f)).map((f) => [f, fc.option(value)]))),
    categories: fc.uniqueArray(value, { maxLength: 3 }),
    words: fc.uniqueArray(fc.constantFrom('toyota', 'rav4', 'gx', 'hilux'), { maxLength: 3 }),
    price: fc.option(fc.integer({ min: 1, max: 100 })),
    km: fc.option(fc.integer({ min: 0, max: 100 })),
    year: fc.integer({ min: 2000, max: 2010 }),
  })
  .map((r) => {
    const doc = Object.fromEntries(TERM_FACETS.map((f) => [f, null])) as Record<string, unknown>;
    Object.assign(doc, r.single, {
      categories: r.categories,
      filtered_features: [],
      search_text: r.words.join(' '),
      price: r.price,
      km: r.km,
      year: r.year,
      subscription_price: null,
      weekly_price: null,
    });
    return doc as unknown as MatchableDocument;
  });

const rangeArb = fc
  .tuple(fc.option(fc.integer({ min: 0, max: 100 })), fc.option(fc.integer({ min: 0, max: 100 })))
  .map(([a, b]) => (a !== null && b !== null && a > b ? `${b}:${a}` : `${a ?? ''}:${b ?? ''}`));
const criteriaArb: fc.Arbitrary<SavedSearchCriteria> = fc
  .record({
    filters: fc.dictionary(fc.constantFrom(...FACETS), fc.uniqueArray(value, { maxLength: 2 }), { maxKeys: 3 }),
    price: fc.option(rangeArb),
    km: fc.option(rangeArb),
    query: fc.option(fc.constantFrom('toyota', 'RAV4 toyota', 'hi', '  ', 'x')),
  })
  .map((r) =>
    SavedSearchCriteriaSchema.parse({
      filters: r.filters,
      ranges: { ...(r.price ? { price: r.price } : {}), ...(r.km ? { km: r.km } : {}) },
      ...(r.query ? { query: r.query } : {}),
    }),
  );

/** The filter semantics spelt out plainly, one criterion at a time: what the engines do. */
function bruteForce(doc: MatchableDocument, c: SavedSearchCriteria): boolean {
  const record = doc as unknown as Record<string, unknown>;
  const words = (c.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.every((w) => doc.search_text.indexOf(w) !== -1)) return false;
  for (const facet of Object.keys(c.filters) as TermFacet[]) {
    const wanted = c.filters[facet] ?? [];
    if (wanted.length === 0) continue;
    const held = record[facet];
    const ok = Array.isArray(held)
      ? held.some((v) => wanted.includes(v))
      : typeof held === 'string' && wanted.includes(held);
    if (!ok) return false;
  }
  for (const [facet, text] of Object.entries(c.ranges)) {
    const [lo, hi] = (text as string).split(':');
    if (lo === '' && hi === '') continue;
    const n = record[facet] as number | null;
    if (n === null) return false;
    if (lo !== '' && n < Number(lo)) return false;
    if (hi !== '' && n > Number(hi)) return false;
  }
  return true;
}

describe('saved-search matching', () => {
  it('agrees with a brute-force reading of the filter semantics', () => {
    fc.assert(
      fc.property(documentArb, criteriaArb, (doc, c) => matchesSavedSearch(doc, c) === bruteForce(doc, c)),
      {
        numRuns: 2000,
      },
    );
  });

  it("bounds nothing with a range open on both sides (':'), as the engines: a car without a price still matches", () => {
    const [doc] = fc.sample(
      documentArb.map((d) => ({ ...d, search_text: '', price: null, km: null })),
      1,
    );
    if (!doc) throw new Error('fast-check gave no sample');
    expect(matchesSavedSearch(doc, SavedSearchCriteriaSchema.parse({ ranges: { price: ':', km: ' : ' } }))).toBe(true);
    expect(matchesSavedSearch(doc, SavedSearchCriteriaSchema.parse({ ranges: { price: ':40000' } }))).toBe(false);
  });

  it('never misses a match through the selective-key index', () => {
    fc.assert(
      fc.property(documentArb, criteriaArb, (doc, c) => {
        if (!matchesSavedSearch(doc, c)) return true;
        const keys = new Set(documentKeys(doc));
        return selectiveKeys(c).some((key) => keys.has(key));
      }),
      { numRuns: 2000 },
    );
  });

  it('indexes a search by its most selective facet', () => {
    const c = SavedSearchCriteriaSchema.parse({
      filters: { car_type: ['used'], make: ['Toyota'], make_model: ['Toyota:RAV4'] },
    });
    expect(selectiveKeys(c)).toEqual(['make_model=Toyota:RAV4']);
    expect(selectiveKeys(SavedSearchCriteriaSchema.parse({ ranges: { price: ':40000' } }))).toEqual(['*']);
  });
});

describe('savedSearchName', () => {
  it('reads like a sentence', () => {
    const c = SavedSearchCriteriaSchema.parse({
      filters: { car_type: ['used'], make: ['Toyota'], make_model: ['Toyota:RAV4'], state: ['VIC'] },
      ranges: { price: ':40000' },
    });
    expect(savedSearchName(c)).toBe('Used Toyota RAV4 under $40,000 in VIC');
    expect(savedSearchName(c, 'Pre-Owned')).toBe('Pre-Owned Toyota RAV4 under $40,000 in VIC');
    expect(savedSearchName(SavedSearchCriteriaSchema.parse({}))).toBe('All cars');
    expect(savedSearchName(SavedSearchCriteriaSchema.parse({ filters: { body: ['suv'] }, query: 'tow bar' }))).toBe(
      "SUV matching 'tow bar'",
    );
  });

  it('names a search by what it searched, also as a recent-search chip: make, model, body, price', () => {
    const name = (input: unknown) => savedSearchName(SavedSearchCriteriaSchema.parse(input));
    expect(name({ ranges: { price: ':40000' } })).toBe('Cars under $40,000');
    expect(name({ filters: { make: ['Toyota'] }, ranges: { price: '10000:50000' } })).toBe('Toyota $10,000 to $50,000');
    expect(name({ filters: { make_model: ['Toyota:Hilux'] } })).toBe('Toyota Hilux');
    expect(name({ filters: { body: ['cabChassis'] }, ranges: { km: ':60000' } })).toBe('Cab Chassis under 60,000 km');
  });

  it('is never empty nor longer than a name may be', () => {
    fc.assert(
      fc.property(criteriaArb, fc.string({ maxLength: 300 }), (c, q) => {
        const name = savedSearchName({ ...c, query: q.slice(0, 200) });
        return name.length > 0 && name.length <= MAX_SAVED_SEARCH_NAME;
      }),
    );
  });
});

describe('boundaries', () => {
  const valid = { criteria: { filters: { make: ['Toyota'] } }, page_path: '/search/used?x=1' };

  it('accepts a save and fills the defaults', () => {
    // Nothing is ticked for the shopper: a search saved without channels has no alerts.
    expect(SaveSearchBodySchema.parse(valid)).toMatchObject({ channels: [], frequency: 'instant' });
  });

  it('asks a follow for at least one channel, and never turns alerts on by pausing', () => {
    const paths = (schema: typeof FollowCarBodySchema | typeof UpdateSavedSearchBodySchema, input: unknown) =>
      schema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths(FollowCarBodySchema, { car_id: 7 })).toEqual(['channels']);
    expect(paths(FollowCarBodySchema, { car_id: 7, channels: [] })).toEqual(['channels']);
    expect(FollowCarBodySchema.parse({ car_id: 7, channels: ['sms'] })).toMatchObject({ source: 'vehicle_page' });
    expect(paths(FollowCarBodySchema, { car_id: 7, channels: ['sms'], source: 'unsubscribe_link' })).toEqual([
      'source',
    ]);
    expect(paths(UpdateSavedSearchBodySchema, { paused: false })).toEqual(['paused']);
    expect(UpdateSavedSearchBodySchema.parse({ channels: [] })).toEqual({ channels: [] });
  });

  it('refuses hostile keys and values in what it adds (prototype names, NUL, lone surrogates, huge strings)', () => {
    const hostileKey = fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'source\u0000',
      '\ud800',
      'x'.repeat(10_000),
    );
    const hostileValue = fc.oneof(
      fc.constantFrom('\u0000', '\ud800', '\udfff', 'x'.repeat(100_000), '__proto__', null, [], {}),
      fc
        .string({ unit: 'binary', maxLength: 20 })
        .filter((v) => !['sms', 'email', 'watchlist', 'vehicle_page'].includes(v)),
    );
    fc.assert(
      fc.property(hostileKey, hostileValue, hostileValue, (key, a, b) => {
        const follow = JSON.parse(JSON.stringify({ car_id: 7, channels: ['sms'] })) as Record<string, unknown>;
        Object.defineProperty(follow, key, { value: a, enumerable: true });
        expect(FollowCarBodySchema.safeParse(follow).success).toBe(false);
        expect(FollowCarBodySchema.safeParse({ car_id: 7, channels: ['sms'], source: a }).success).toBe(false);
        expect(FollowCarBodySchema.safeParse({ car_id: 7, channels: [a, b] }).success).toBe(false);
        expect(UpdateSavedSearchBodySchema.safeParse({ paused: a, channels: [b] }).success).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what could leave the site, unknown facets, and email alerts without an address, naming the field', () => {
    const paths = (input: unknown) =>
      SaveSearchBodySchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths({ ...valid, page_path: '//evil.example' })).toEqual(['page_path']);
    expect(paths({ ...valid, criteria: { filters: { nope: ['x'] } } })).toEqual(['criteria.filters']);
    expect(paths({ ...valid, channels: ['email'] })).toEqual(['email']);
    expect(paths({ ...valid, name: 'x'.repeat(101) })).toEqual(['name']);
    expect(paths({ ...valid, criteria: { ranges: { price: '9:1' } } })).toEqual(['criteria.ranges.price']);
  });

  it('never throws on hostile input, and what it accepts is bounded', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (a, b, c) => {
        for (const schema of [SaveSearchBodySchema, UpdateSavedSearchBodySchema, FollowCarBodySchema]) {
          for (const input of [a, { ...valid, name: a, channels: b, frequency: c }, { car_id: a, channels: b }]) {
            const result = schema.safeParse(input);
            if (result.success && 'name' in result.data && typeof result.data.name === 'string')
              expect(result.data.name.length).toBeLessThanOrEqual(MAX_SAVED_SEARCH_NAME);
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(FollowCarBodySchema.safeParse({ car_id: 2 ** 40 }).success).toBe(false);
  });
});

describe('car alert events', () => {
  const state = { price: 40000, status: 'in_stock', reserved: false };
  it('tells of a new listing, a lower price, a reservation and a sale, and nothing else', () => {
    expect(carAlertEvents(null, { ...state, listed: true })).toEqual(['new_match']);
    expect(carAlertEvents(null, { ...state, status: 'sold', listed: true })).toEqual([]);
    expect(carAlertEvents(state, { ...state, listed: true })).toEqual([]);
    expect(carAlertEvents(state, { ...state, price: 41000, listed: true })).toEqual([]);
    expect(carAlertEvents(state, { ...state, price: 38000, listed: true })).toEqual(['price_drop']);
    expect(carAlertEvents(state, { ...state, price: 0, listed: true })).toEqual([]);
    expect(carAlertEvents(state, { ...state, reserved: true, listed: true })).toEqual(['reserved']);
    expect(carAlertEvents(state, { ...state, status: 'sold', listed: true })).toEqual(['sold']);
    expect(carAlertEvents({ ...state, status: 'sold' }, { ...state, status: 'sold', listed: true })).toEqual([]);
  });
  it('names each change once', () => {
    const subject = { savedSearchId: null, carId: 7, price: 38000 };
    expect(alertDedupeKey('price_drop', subject)).toBe('price_drop:7:38000');
    expect(alertDedupeKey('sold', subject)).toBe('sold:7');
  });
});

describe('digest and daily limit', () => {
  it('sends at the local morning hour, the day counted in the site zone', () => {
    const zone = 'Australia/Melbourne';
    // 2026-11-25 07:30 in Melbourne (UTC+11) is 2026-11-24 20:30 UTC: the last digest was yesterday's 8:00.
    expect(lastDigestMoment(new Date('2026-11-24T20:30:00Z'), zone, 8).toISOString()).toBe('2026-11-23T21:00:00.000Z');
    expect(lastDigestMoment(new Date('2026-11-24T21:30:00Z'), zone, 8).toISOString()).toBe('2026-11-24T21:00:00.000Z');
    expect(localDayStart(new Date('2026-11-24T21:30:00Z'), zone).toISOString()).toBe('2026-11-24T13:00:00.000Z');
  });

  it('never sends past the limit and loses nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.nat()), fc.nat(30), fc.nat(30), (due, sent, limit) => {
        const { send, capped } = withinDailyLimit(due, sent, limit);
        return send.length <= Math.max(0, limit - sent) && [...send, ...capped].join() === due.join();
      }),
    );
  });

  it('groups a day by saved search, then the followed cars, each car once with its latest news', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 25, 0, m));
    const groups = groupDigest([
      { kind: 'price_drop', savedSearchId: null, savedSearchName: null, carId: 1, createdAt: at(1) },
      { kind: 'new_match', savedSearchId: 's2', savedSearchName: 'Utes', carId: 2, createdAt: at(2) },
      { kind: 'new_match', savedSearchId: 's1', savedSearchName: 'SUVs', carId: 3, createdAt: at(3) },
      { kind: 'sold', savedSearchId: null, savedSearchName: null, carId: 1, createdAt: at(4) },
      { kind: 'new_match', savedSearchId: 's2', savedSearchName: 'Utes', carId: 4, createdAt: at(5) },
    ]);
    expect(groups.map((g) => [g.title, g.alerts.map((a) => `${a.kind}:${a.carId}`)])).toEqual([
      ['Utes', ['new_match:2', 'new_match:4']],
      ['SUVs', ['new_match:3']],
      ['Cars you follow', ['sold:1']],
    ]);
  });
});
