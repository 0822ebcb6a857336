import {
  FACET_NAMES,
  parseVisibilityFilters,
  SearchRequestSchema,
  type SearchRequestInput,
  type SearchScope,
} from '@platform/domain';
import { car, documentOf, NOW } from '../contract/fixtures';
import {
  assertIndexPrefix,
  buildBulkDelete,
  buildBulkUpsert,
  buildPurgeBody,
  buildSearchBody,
  buildSwapAliases,
  siteIndexNames,
  versionOf,
} from './request-bodies';

const scope = (overrides: Partial<SearchScope> = {}): SearchScope => ({
  siteId: 101,
  dealershipIds: [1, 2],
  visibilityFilters: [],
  positivePriceOnPriceAsc: false,
  ...overrides,
});
const body = (input: SearchRequestInput = {}, scopeOverrides: Partial<SearchScope> = {}) =>
  buildSearchBody(scope(scopeOverrides), SearchRequestSchema.parse(input), NOW);

const VISIBLE = [
  { term: { show_on_dealer_website: true } },
  {
    bool: {
      should: [
        { terms: { status: ['in_stock', 'coming_soon'] } },
        {
          bool: {
            filter: [{ term: { status: 'sold' } }, { range: { listed_until: { gt: '2026-06-15T02:00:00.000Z' } } }],
          },
        },
      ],
      minimum_should_match: 1,
    },
  },
];
const baseFilter = (b: ReturnType<typeof body>) => (b.query as { bool: { filter: unknown[] } }).bool.filter;

describe('buildSearchBody', () => {
  it('applies base visibility and the site scope in filter context, with exact totals and only the hit stored for cards', () => {
    expect(body({ facets: [] })).toEqual({
      query: { bool: { filter: [...VISIBLE, { terms: { dealership_id: [1, 2] } }] } },
      sort: [
        { available: { order: 'desc', unmapped_type: 'boolean' } },
        { custom_rank: { order: 'desc' } },
        { created_at: { order: 'desc' } },
        { id: { order: 'desc' } },
      ],
      from: 0,
      size: 21,
      track_total_hits: true,
      _source: ['hit'],
      aggs: {},
    });
  });

  it('adds site visibility filters: only as terms (OR within a field), exclude as must_not, multi-value fields alike', () => {
    const filters = parseVisibilityFilters([
      'car_type:used',
      'car_type:demo',
      '-make:Suzuki',
      '-stocknum:S1',
      'categories:Clearance',
    ]);
    expect(baseFilter(body({ facets: [] }, { visibilityFilters: filters })).slice(3)).toEqual([
      { terms: { car_type: ['used', 'demo'] } },
      { terms: { categories: ['Clearance'] } },
      { bool: { must_not: [{ terms: { make: ['Suzuki'] } }] } },
      { bool: { must_not: [{ terms: { stocknum: ['S1'] } }] } },
    ]);
  });

  it('requires every text word as a lower-case substring of search_text, escaping wildcard characters', () => {
    expect(baseFilter(body({ query: '  TOYOTA   sr5 ', facets: [] })).slice(3)).toEqual([
      { wildcard: { search_text: { value: '*toyota*' } } },
      { wildcard: { search_text: { value: '*sr5*' } } },
    ]);
    expect(baseFilter(body({ query: 'S7 123abc a*b?c\\', facets: [] })).slice(3)).toEqual([
      { wildcard: { search_text: { value: '*s7*' } } },
      { wildcard: { search_text: { value: '*123abc*' } } },
      { wildcard: { search_text: { value: '*a\\*b\\?c\\\\*' } } },
    ]);
  });

  it('puts facet selections in post_filter and leaves each facet’s own selection out of its counts (disjunctive)', () => {
    const result = body({
      filters: { make: ['Toyota', 'Isuzu'], colour: ['Red'] },
      facets: ['make', 'colour', 'car_type'],
    });
    expect(result.post_filter).toEqual({
      bool: { filter: [{ terms: { make: ['Toyota', 'Isuzu'] } }, { terms: { colour: ['Red'] } }] },
    });
    expect(result.aggs).toEqual({
      make: {
        filter: { bool: { filter: [{ terms: { colour: ['Red'] } }] } },
        aggs: { values: { terms: { field: 'make', size: 200 } } },
      },
      colour: {
        filter: { bool: { filter: [{ terms: { make: ['Toyota', 'Isuzu'] } }] } },
        aggs: { values: { terms: { field: 'colour', size: 200 } } },
      },
      car_type: {
        filter: { bool: { filter: [{ terms: { make: ['Toyota', 'Isuzu'] } }, { terms: { colour: ['Red'] } }] } },
        aggs: { values: { terms: { field: 'car_type', size: 200 } } },
      },
    });
  });

  it('measures range facets with stats over every selection but the facet’s own range', () => {
    const result = body({ ranges: { price: '20000:35000', year: '2022:', km: ':10' }, facets: ['price', 'year'] });
    const price = { range: { price: { gte: 20000, lte: 35000 } } };
    const year = { range: { year: { gte: 2022 } } };
    const km = { range: { km: { lte: 10 } } };
    expect(result.post_filter).toEqual({ bool: { filter: [price, year, km] } });
    expect(result.aggs).toEqual({
      price: { filter: { bool: { filter: [year, km] } }, aggs: { stats: { stats: { field: 'price' } } } },
      year: { filter: { bool: { filter: [price, km] } }, aggs: { stats: { stats: { field: 'year' } } } },
    });
  });

  it('uses match_all for a facet nothing else narrows, and no post_filter without selections', () => {
    const result = body({ ranges: { price: ':' }, facets: ['price', 'make'] });
    expect(result.post_filter).toBeUndefined();
    expect(result.aggs).toEqual({
      price: { filter: { match_all: {} }, aggs: { stats: { stats: { field: 'price' } } } },
      make: { filter: { match_all: {} }, aggs: { values: { terms: { field: 'make', size: 200 } } } },
    });
  });

  it('aggregates every facet when the request names none', () => {
    expect(Object.keys(body().aggs ?? {})).toEqual([...FACET_NAMES]);
  });

  it.each([
    [
      'relevance',
      [
        { available: { order: 'desc', unmapped_type: 'boolean' } },
        { custom_rank: { order: 'desc' } },
        { created_at: { order: 'desc' } },
        { id: { order: 'desc' } },
      ],
    ],
    ['created_at:desc', [{ created_at: { order: 'desc' } }, { id: { order: 'desc' } }]],
    ['price:desc', [{ price: { order: 'desc', missing: '_last' } }, { id: { order: 'desc' } }]],
    ['price:asc', [{ price: { order: 'asc', missing: '_last' } }, { id: { order: 'asc' } }]],
  ] as const)('sorts %s like the PostgreSQL ORDER BY, with its tie-breaks', (sortBy, sort) => {
    expect(body({ sortBy, facets: [] }).sort).toEqual(sort);
  });

  it('adds price > 0 only for lowest price on a site that asks for it', () => {
    const priced = { range: { price: { gt: 0 } } };
    expect(baseFilter(body({ sortBy: 'price:asc', facets: [] }, { positivePriceOnPriceAsc: true }))).toContainEqual(
      priced,
    );
    expect(baseFilter(body({ sortBy: 'price:asc', facets: [] }))).not.toContainEqual(priced);
    expect(
      baseFilter(body({ sortBy: 'price:desc', facets: [] }, { positivePriceOnPriceAsc: true })),
    ).not.toContainEqual(priced);
  });

  it('pages with from and size, and asks no hits past the result window instead of failing', () => {
    expect(body({ page: 3, hitsPerPage: 4 })).toMatchObject({ from: 8, size: 4 });
    expect(body({ page: 100, hitsPerPage: 100 })).toMatchObject({ from: 9900, size: 100 });
    expect(body({ page: 101, hitsPerPage: 100 })).toMatchObject({ from: 0, size: 0, track_total_hits: true });
  });
});

describe('write bodies', () => {
  const newer = documentOf(car({ id: 40, make: 'Kia', model: 'Sportage' }));

  it('indexes each document into each index under its car id, versioned by source_version (external_gte)', () => {
    expect(buildBulkUpsert(['a-v1', 'a-v2'], [newer])).toEqual([
      { index: { _index: 'a-v1', _id: '40', version: newer.source_version, version_type: 'external_gte' } },
      newer,
      { index: { _index: 'a-v2', _id: '40', version: newer.source_version, version_type: 'external_gte' } },
      newer,
    ]);
  });

  it('deletes by car id from each index', () => {
    expect(buildBulkDelete(['a-v1', 'a-v2'], [40, 41])).toEqual([
      { delete: { _index: 'a-v1', _id: '40' } },
      { delete: { _index: 'a-v1', _id: '41' } },
      { delete: { _index: 'a-v2', _id: '40' } },
      { delete: { _index: 'a-v2', _id: '41' } },
    ]);
  });

  it('purges sold cars whose listing window has passed', () => {
    expect(buildPurgeBody(NOW)).toEqual({
      query: {
        bool: {
          filter: [{ term: { status: 'sold' } }, { range: { listed_until: { lte: '2026-06-15T02:00:00.000Z' } } }],
        },
      },
    });
  });

  it('swaps the read alias to the new version and drops the building alias in one change', () => {
    const names = siteIndexNames('p', 7);
    expect(buildSwapAliases(names, ['p-site-7-v1'], 'p-site-7-v2')).toEqual({
      actions: [
        { remove: { index: 'p-site-7-v1', alias: 'p-site-7' } },
        { add: { index: 'p-site-7-v2', alias: 'p-site-7' } },
        { remove: { index: 'p-site-7-v2', alias: 'p-site-7-building' } },
      ],
    });
  });
});

describe('index names', () => {
  it('names a site’s versions, read alias and building alias under the prefix', () => {
    const names = siteIndexNames('platform-dev', 1);
    expect(names).toMatchObject({
      read: 'platform-dev-site-1',
      building: 'platform-dev-site-1-building',
      versions: 'platform-dev-site-1-v*',
    });
    expect(names.version(3)).toBe('platform-dev-site-1-v3');
  });

  it('reads the version of the site’s own indices only', () => {
    const names = siteIndexNames('p', 1);
    expect(versionOf(names, 'p-site-1-v12')).toBe(12);
    expect(versionOf(names, 'p-site-10-v1')).toBeNull();
    expect(versionOf(names, 'p-site-1-v')).toBeNull();
    expect(versionOf(names, 'p-site-1-building')).toBeNull();
  });

  it('refuses prefixes OpenSearch would refuse as index names', () => {
    expect(() => assertIndexPrefix('platform-dev')).not.toThrow();
    expect(() => assertIndexPrefix('Platform')).toThrow(/lower-case/);
    expect(() => assertIndexPrefix('_x')).toThrow();
    expect(() => assertIndexPrefix('')).toThrow();
  });
});
