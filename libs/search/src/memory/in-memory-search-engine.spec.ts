import fc from 'fast-check';
import {
  FACET_NAMES,
  parseVisibilityFilters,
  SearchRequestSchema,
  SORT_VALUES,
  type SearchRequest,
  type SearchRequestInput,
  type SearchResult,
  type SearchScope,
} from '@platform/domain';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { searchEngineContract } from '../contract/search-engine.contract';
import { car, daysAgo, daysAhead, documentOf, NOW } from '../contract/fixtures';
import { PostgresSearchEngine } from '../postgres/postgres-search-engine';
import { InMemorySearchEngine } from './in-memory-search-engine';

describe('InMemorySearchEngine (real PostgreSQL): the SearchEngine contract, answered from memory', () => {
  searchEngineContract(async () => {
    const db: TestDatabase = await createTestDatabase('platform_search_mem');
    const engine = new InMemorySearchEngine(db.dataSource);
    return {
      engine,
      // Builds the site's index, so the contract's searches after each write are answered from memory.
      settle: async () => {
        await engine.warm(101);
        if (!engine.holds(101)) throw new Error('the index of site 101 was not built');
      },
      teardown: async () => {
        await engine.close();
        await db.destroy();
      },
    };
  });
});

const SITE = 202;
const withoutMs = ({ ms: _ms, ...rest }: SearchResult): Omit<SearchResult, 'ms'> => rest;

describe('InMemorySearchEngine (real PostgreSQL): freshness and agreement with the projection', () => {
  let db: TestDatabase;
  let memory: InMemorySearchEngine;
  let postgres: PostgresSearchEngine;
  const scope = (overrides: Partial<SearchScope> = {}): SearchScope => ({
    siteId: SITE,
    dealershipIds: [1, 2],
    visibilityFilters: [],
    positivePriceOnPriceAsc: false,
    ...overrides,
  });
  const request = (input: SearchRequestInput = {}) => SearchRequestSchema.parse(input);

  beforeAll(async () => {
    db = await createTestDatabase('platform_search_mem_agree');
    memory = new InMemorySearchEngine(db.dataSource);
    postgres = new PostgresSearchEngine(db.dataSource);
  });

  afterAll(async () => {
    await memory?.close();
    await db?.destroy();
  });

  it('answers from PostgreSQL until the index is built, then from memory, and never from a stale index', async () => {
    await memory.dropSite(SITE);
    await memory.upsert(SITE, [documentOf(car({ id: 1, make: 'Toyota', model: 'Hilux' }), SITE)]);
    expect(memory.holds(SITE)).toBe(false);
    const first = await memory.query(scope(), request(), NOW);
    expect(first.count).toBe(1);
    await memory.warm(SITE);
    expect(memory.holds(SITE)).toBe(true);
    const fromMemory = memory.answered.memory;
    expect((await memory.query(scope(), request(), NOW)).count).toBe(1);
    expect(memory.answered.memory).toBe(fromMemory + 1);

    // A write through another process (here the plain projection engine) moves the revision in its
    // own transaction; the next search notices in its hits statement, catches the index up from the
    // change log and answers from memory, without a rebuild.
    await postgres.upsert(SITE, [documentOf(car({ id: 2, make: 'Kia', model: 'Sportage' }), SITE)]);
    const before = { ...memory.answered, ...memory.updates };
    const after = await memory.query(scope(), request({ facets: ['make'] }), NOW);
    expect(after.count).toBe(2);
    expect(after.facets['make']).toEqual({ Toyota: 1, Kia: 1 });
    expect(memory.answered.memory).toBe(before.memory + 1);
    expect(memory.answered.postgres).toBe(before.postgres);
    expect(memory.updates.caughtUp).toBe(before.caughtUp + 1);
    expect(memory.updates.builds).toBe(before.builds);

    // An upsert replacing a held car's content (INSERT ... ON CONFLICT DO UPDATE) moves it too.
    await postgres.upsert(SITE, [documentOf(car({ id: 2, make: 'Kia', model: 'Cerato', updated_at: NOW }), SITE)]);
    expect((await memory.query(scope(), request({ filters: { model: ['Cerato'] } }), NOW)).count).toBe(1);
    expect((await memory.query(scope(), request({ filters: { model: ['Sportage'] } }), NOW)).count).toBe(0);

    // A write straight to the table (psql, a migration) is logged by the same triggers.
    await db.dataSource.query(`UPDATE search_documents SET make = 'Ford' WHERE site_id = $1 AND id = 2`, [SITE]);
    expect((await memory.query(scope(), request({ filters: { make: ['Ford'] } }), NOW)).count).toBe(1);
    await db.dataSource.query(`DELETE FROM search_documents WHERE site_id = $1 AND id = 2`, [SITE]);
    expect((await memory.query(scope(), request(), NOW)).count).toBe(1);
    expect(memory.updates.builds).toBe(before.builds);
    expect(memory.answered.postgres).toBe(before.postgres);
  });

  it('rebuilds instead of catching up across a gap the change log no longer covers', async () => {
    await memory.dropSite(SITE);
    await memory.upsert(SITE, [documentOf(car({ id: 1, make: 'Toyota', model: 'Hilux' }), SITE)]);
    await memory.warm(SITE);
    await postgres.upsert(SITE, [documentOf(car({ id: 2, make: 'Kia', model: 'Rio' }), SITE)]);
    // Housekeeping pruned the entry for car 2: the index cannot know what changed, so it must not
    // claim to be current. PostgreSQL answers while a build runs; then memory answers again.
    await postgres.pruneChangeLog(new Date(Date.now() + 60_000));
    const before = { ...memory.answered, ...memory.updates };
    expect((await memory.query(scope(), request(), NOW)).count).toBe(2);
    expect(memory.answered.postgres).toBe(before.postgres + 1);
    expect(memory.updates.caughtUp).toBe(before.caughtUp);
    await memory.warm(SITE);
    expect((await memory.query(scope(), request(), NOW)).count).toBe(2);
    expect(memory.answered.memory).toBe(before.memory + 1);
  });

  it('keeps answering a site from memory while a reindex writes its new version, and swaps with it', async () => {
    await memory.dropSite(SITE);
    await memory.upsert(SITE, [documentOf(car({ id: 1, make: 'Toyota', model: 'Hilux' }), SITE)]);
    await memory.warm(SITE);
    const session = await memory.beginReindex(SITE);
    await session.write([documentOf(car({ id: 3, make: 'Mazda', model: 'CX-5' }), SITE)]);
    const fromMemory = memory.answered.memory;
    expect((await memory.query(scope(), request(), NOW)).hits.map((hit) => hit.id)).toEqual([1]);
    expect(memory.answered.memory).toBe(fromMemory + 1);
    await session.commit();
    expect((await memory.query(scope(), request(), NOW)).hits.map((hit) => hit.id)).toEqual([3]);
  });

  it("bounds nothing with a range open on both sides (':'), as the projection engine: cars without the value still match", async () => {
    await memory.dropSite(SITE);
    await memory.upsert(SITE, [
      documentOf(car({ id: 1, make: 'Toyota', model: 'Hilux', price: null, km: null }), SITE),
      documentOf(car({ id: 2, make: 'Toyota', model: 'Hilux', price: 30000 }), SITE),
    ]);
    await memory.warm(SITE);
    for (const ranges of [{ price: ':' }, { km: ' : ' }, { price: ':', km: '0:' }]) {
      const fromMemory = memory.answered.memory;
      const answer = await memory.query(scope(), request({ ranges }), NOW);
      expect(memory.answered.memory).toBe(fromMemory + 1);
      expect(withoutMs(answer)).toEqual(withoutMs(await postgres.query(scope(), request({ ranges }), NOW)));
    }
    expect((await memory.query(scope(), request({ ranges: { price: ':' } }), NOW)).count).toBe(2);
  });

  it('holds no site larger than its limit, and evicts the least recently used site to stay within it', async () => {
    const small = new InMemorySearchEngine(db.dataSource, { maxDocuments: 2 });
    await small.dropSite(SITE);
    await small.dropSite(SITE + 1);
    await small.upsert(
      SITE,
      [1, 2, 3].map((id) => documentOf(car({ id, make: 'Toyota', model: 'Hilux' }), SITE)),
    );
    await small.warm(SITE);
    expect(small.holds(SITE)).toBe(false);
    expect((await small.query(scope(), request(), NOW)).count).toBe(3);
    await small.remove(SITE, [3]);
    await small.upsert(SITE + 1, [documentOf(car({ id: 4, make: 'Kia', model: 'Rio' }), SITE + 1)]);
    await small.warm(SITE);
    expect(small.holds(SITE)).toBe(true);
    await small.warm(SITE + 1);
    expect(small.holds(SITE + 1)).toBe(true);
    expect(small.holds(SITE)).toBe(false);
    await small.close();
  });

  // Small value domains so generated stock shares makes, prices and dates: ties, NULLs, sold cars
  // either side of their window and hidden cars are common, where the two engines could disagree.
  const carArbitrary = fc.record({
    make: fc.constantFrom('Toyota', 'Mazda', 'Kia'),
    model: fc.constantFrom('Hilux', 'CX-5', 'Rio'),
    badge: fc.option(fc.constantFrom('GX', 'SR5'), { nil: null }),
    car_type: fc.constantFrom('new', 'used', 'demo'),
    status: fc.constantFrom('in_stock', 'in_stock', 'coming_soon', 'sold'),
    listed: fc.constantFrom(-1, 1),
    price: fc.option(fc.constantFrom(0, 9990, 20000, 35000, 35000, 60000), { nil: null }),
    km: fc.option(fc.constantFrom(5, 20000, 90000), { nil: null }),
    year: fc.constantFrom(2018, 2021, 2024),
    colour: fc.option(fc.constantFrom('White', 'Red'), { nil: null }),
    custom_rank: fc.constantFrom(0, 0, 5, 50),
    created: fc.constantFrom(1, 2, 3),
    shown: fc.constantFrom(true, true, true, false),
    dealership_id: fc.constantFrom(1, 1, 2, 3),
    categories: fc.subarray(['Special Offers', 'Clearance', 'Special Offers']),
  });
  const requestArbitrary = fc.record(
    {
      query: fc.constantFrom('toyota', 'hilux gx', 's1', 'x', '%', 'hi_ux', 'TOYOTA  Hilux'),
      sortBy: fc.constantFrom(...SORT_VALUES),
      page: fc.constantFrom(1, 1, 2),
      hitsPerPage: fc.constantFrom(3, 21),
      filters: fc.record(
        {
          make: fc.subarray(['Toyota', 'Mazda', 'Ferrari'], { minLength: 1 }),
          colour: fc.subarray(['White', 'Red'], { minLength: 1 }),
          categories: fc.subarray(['Special Offers', 'Clearance'], { minLength: 1 }),
          car_type: fc.subarray(['new', 'used'], { minLength: 1 }),
        },
        { requiredKeys: [] },
      ),
      ranges: fc.record(
        {
          price: fc.constantFrom('10000:40000', ':20000', '35000:', '0:0', ':'),
          year: fc.constantFrom('2020:', ':2021'),
          km: fc.constantFrom(':20000', '10:90000.5', ' : '),
        },
        { requiredKeys: [] },
      ),
      facets: fc.subarray([...FACET_NAMES], { minLength: 1 }),
      ids: fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 99]),
    },
    { requiredKeys: [] },
  );
  const scopeArbitrary = fc.record({
    dealershipIds: fc.constantFrom([1, 2], [2], [1, 2, 3]),
    visibilityFilters: fc.constantFrom([], ['car_type:used'], ['-make:Kia', '-stocknum:S2'], ['-colour:Red']),
    positivePriceOnPriceAsc: fc.boolean(),
  });

  it('answers every request exactly as the PostgreSQL engine does over the same rows (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(carArbitrary, { minLength: 0, maxLength: 14 }),
        fc.array(fc.tuple(requestArbitrary, scopeArbitrary), { minLength: 6, maxLength: 6 }),
        async (cars, requests) => {
          await memory.dropSite(SITE);
          const documents = cars.map((input, index) => {
            const { listed, created, shown, categories, ...fields } = input;
            const sold = fields.status === 'sold';
            return documentOf(
              car({
                id: index + 1,
                ...fields,
                show_on_dealer_website: shown,
                created_at: daysAgo(created),
                sold_date: sold ? daysAgo(2) : null,
                listed_until: sold ? (listed > 0 ? daysAhead(1) : daysAgo(1)) : null,
                data: { categories },
              }),
              SITE,
            );
          });
          await memory.upsert(SITE, documents);
          await memory.warm(SITE);
          // An empty site has no live version to hold; any other is answered from memory below.
          if (documents.length > 0) expect(memory.holds(SITE)).toBe(true);
          for (const [input, scopeInput] of requests) {
            const parsed = request(input);
            const searchScope = scope({
              ...scopeInput,
              visibilityFilters: parseVisibilityFilters(scopeInput.visibilityFilters),
            });
            const before = memory.answered.memory;
            const fromMemory = await memory.query(searchScope, parsed, NOW);
            if (documents.length > 0) expect(memory.answered.memory).toBe(before + 1);
            const fromPostgres = await postgres.query(searchScope, parsed, NOW);
            expect(withoutMs(fromMemory)).toEqual(withoutMs(fromPostgres));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  const changeArbitrary = fc.oneof(
    fc.record({
      kind: fc.constant('upsert' as const),
      ids: fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { minLength: 1 }),
      car: carArbitrary,
    }),
    fc.record({
      kind: fc.constant('remove' as const),
      ids: fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { minLength: 1 }),
    }),
    fc.record({
      kind: fc.constant('sell' as const),
      ids: fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { minLength: 1 }),
      listed: fc.constantFrom(-1, 1),
    }),
    fc.record({ kind: fc.constant('purge' as const) }),
    fc.record({
      kind: fc.constant('reprice' as const),
      ids: fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { minLength: 1 }),
    }),
  );
  type CarInput = typeof carArbitrary extends fc.Arbitrary<infer T> ? T : never;
  const documentFrom = (id: number, input: CarInput) => {
    const { listed, created, shown, categories, ...fields } = input;
    const sold = fields.status === 'sold';
    return documentOf(
      car({
        id,
        ...fields,
        show_on_dealer_website: shown,
        created_at: daysAgo(created),
        sold_date: sold ? daysAgo(2) : null,
        listed_until: sold ? (listed > 0 ? daysAhead(1) : daysAgo(1)) : null,
        data: { categories },
      }),
      SITE,
    );
  };

  it('stays equal to the PostgreSQL engine, in two processes, through random changes applied incrementally (property)', async () => {
    // Two engines on one database stand for two api processes; neither rebuilds for waste here, so
    // every answer after the first build comes from an index brought forward by the change log.
    const first = new InMemorySearchEngine(db.dataSource, { maxDocuments: 1_000, maxWaste: Infinity });
    const second = new InMemorySearchEngine(db.dataSource, { maxDocuments: 1_000, maxWaste: Infinity });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(carArbitrary, { minLength: 1, maxLength: 10 }),
          fc.array(fc.tuple(changeArbitrary, requestArbitrary, scopeArbitrary), { minLength: 1, maxLength: 8 }),
          async (initial, steps) => {
            await postgres.dropSite(SITE);
            await postgres.upsert(
              SITE,
              initial.map((input, index) => documentFrom(index + 1, input)),
            );
            // Built from the first revision; every later step is caught up, never rebuilt.
            await first.warm(SITE);
            await second.warm(SITE);
            const builds = first.updates.builds + second.updates.builds;
            for (const [change, input, scopeInput] of steps) {
              if (change.kind === 'upsert') {
                await postgres.upsert(
                  SITE,
                  change.ids.map((id) => documentFrom(id, change.car)),
                );
              } else if (change.kind === 'remove') {
                await postgres.remove(SITE, change.ids);
              } else if (change.kind === 'sell') {
                await db.dataSource.query(
                  `UPDATE search_documents SET status = 'sold', listed_until = $3 WHERE site_id = $1 AND id = ANY($2::int[])`,
                  [SITE, change.ids, (change.listed > 0 ? daysAhead(1) : daysAgo(1)).toISOString()],
                );
              } else if (change.kind === 'reprice') {
                await db.dataSource.query(
                  `UPDATE search_documents SET price = coalesce(price, 0) + 1000 WHERE site_id = $1 AND id = ANY($2::int[])`,
                  [SITE, change.ids],
                );
              } else {
                await postgres.purgeExpired(NOW);
              }
              // The generated request, and the whole site in every order with every facet, so a
              // changed car put back in the wrong place of an order is seen.
              const checks: [SearchRequest, SearchScope][] = [
                [
                  request(input),
                  scope({ ...scopeInput, visibilityFilters: parseVisibilityFilters(scopeInput.visibilityFilters) }),
                ],
                ...SORT_VALUES.map((sortBy): [SearchRequest, SearchScope] => [
                  request({ sortBy, hitsPerPage: 21, facets: [...FACET_NAMES] }),
                  scope({ dealershipIds: [1, 2, 3] }),
                ]),
              ];
              for (const [parsed, searchScope] of checks) {
                const expected = withoutMs(await postgres.query(searchScope, parsed, NOW));
                for (const engine of [first, second]) {
                  const fromMemory = engine.answered.memory;
                  expect(withoutMs(await engine.query(searchScope, parsed, NOW))).toEqual(expected);
                  expect(engine.answered.memory).toBe(fromMemory + 1);
                }
              }
            }
            expect(first.updates.builds + second.updates.builds).toBe(builds);
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      await first.close();
      await second.close();
    }
    // About 10 s on a quiet 2-core machine; generous, as the whole suite runs two projects at once.
  }, 180_000);
});
