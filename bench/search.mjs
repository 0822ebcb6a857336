#!/usr/bin/env node
// `npm run bench:search`: loads one site with 200 dealerships and 100,000 realistic cars into its own
// database (COPY), builds the search projection with the platform's own reindex, then runs 1,000 seeded,
// realistic search requests against the PostgreSQL engine and the same requests against an in-memory
// itemsjs baseline. Prints setup time, latency percentiles, throughput and a count cross-check.
// Prints figures; never fails on time (non-zero exit only on a real error).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
// The ESM build on purpose: itemsjs 2.4.4's CommonJS build (dist/index.cjs) spreads the item store
// as `[].concat(map.values())`, so a `filter` function without a query matches nothing there.
import itemsjs from 'itemsjs';
import { loadSite, PAGE_FACETS } from './search-stock.mjs';

const require = createRequire(import.meta.url);
const { createDataSource, ensureDatabase, runMigrations, dropDatabase } = require('@platform/db');
const { buildSearchSql, createSearchEngine, InMemorySearchEngine, searchIndexPrefix } = require('@platform/search');
const { documentsAfter, SiteIndexer } = require('@platform/stock');
const { siteConfigStore } = require('@platform/site-config');
const { SearchRequestSchema, rangesOf, termFiltersOf } = require('@platform/domain');
const { Rng, VEHICLE_MODELS } = require('@platform/seed');

const CARS = Number(process.env.BENCH_CARS ?? 100000);
const DEALERSHIPS = Number(process.env.BENCH_DEALERSHIPS ?? 200);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1000);
const WARMUP = 50;
const DELTAS = Number(process.env.BENCH_DELTAS ?? 20);
const DELTA_CARS = Number(process.env.BENCH_DELTA_CARS ?? 300);
const CROSS_CHECKS = 20;
const SERVER = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
const DATABASE_URL = `${SERVER}/platform_bench_search_${tag}`;
/** Cars read per step when the bench reads the listed cars for its own baseline. */
const REINDEX_BATCH = 1000;
const CAR_SEED = 20260101;
const QUERY_SEED = 424242;
/** Term facets the generated requests filter on (the page facets plus dealership_name). */
const FILTER_FACETS = [
  'make',
  'make_model',
  'body',
  'car_type',
  'fuel',
  'transmission',
  'colour',
  'state',
  'dealership_name',
];
const RANGE_STATS = ['price', 'km', 'year'];
/** BENCH_ITEMSJS_LUNR=1: let itemsjs match free text with its own lunr index (see buildItemsjs). */
const ITEMSJS_LUNR = process.env.BENCH_ITEMSJS_LUNR === '1';
/** BENCH_EXPLAIN=1: print EXPLAIN ANALYZE of the broadest request (no text, no filters), as docs/performance.md shows it. */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

if (![CARS, DEALERSHIPS, QUERIES].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('BENCH_CARS, BENCH_DEALERSHIPS and BENCH_QUERIES must be positive integers');

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const since = (t0) => performance.now() - t0;

/** Seeded, realistic search requests: shapes drawn from what a stock search page sends. */
function generateRequests(rng, documents, count) {
  const pickDoc = () => documents[Math.floor(rng.float() * documents.length)];
  const valueOf = (doc, facet) => doc[facet];
  const requests = [];
  while (requests.length < count) {
    const anchor = pickDoc();
    const input = {
      page: rng.weighted([1, 2, 3], (p) => [0, 80, 13, 7][p]),
      hitsPerPage: 21,
      facets: PAGE_FACETS,
      filters: {},
      ranges: {},
    };
    input.sortBy = rng.weighted(
      ['relevance', 'created_at:desc', 'price:asc', 'price:desc'],
      (s) => ({ relevance: 40, 'created_at:desc': 20, 'price:asc': 25, 'price:desc': 15 })[s],
    );
    let filterCount;
    if (rng.chance(0.35)) {
      const badgeWord = (anchor.hit.badge ?? '').split(/\s+/)[0] ?? '';
      const kind = rng.weighted(
        ['model', 'make model', 'model badge', 'make', 'stocknum', 'year model'],
        (k) => ({ model: 35, 'make model': 15, 'model badge': 20, make: 10, stocknum: 10, 'year model': 10 })[k],
      );
      const model = anchor.model.toLowerCase();
      input.query = {
        model,
        'make model': `${anchor.make.toLowerCase()} ${model}`,
        'model badge': `${model} ${badgeWord.toLowerCase()}`.trim(),
        make: anchor.make.toLowerCase(),
        stocknum: anchor.stocknum,
        'year model': `${anchor.year} ${model}`,
      }[kind];
      if (kind === 'stocknum') {
        input.page = 1;
        requests.push(SearchRequestSchema.parse(input));
        continue;
      }
      filterCount = rng.weighted([0, 1, 2], (n) => [50, 30, 20][n]);
    } else {
      filterCount = rng.weighted([0, 1, 2, 3, 4], (n) => [12, 18, 30, 25, 15][n]);
    }
    const chosen = new Set();
    while (chosen.size < filterCount) {
      chosen.add(
        rng.weighted(
          FILTER_FACETS,
          (f) =>
            ({
              make: 25,
              make_model: 12,
              body: 15,
              car_type: 15,
              fuel: 6,
              transmission: 6,
              colour: 6,
              state: 12,
              dealership_name: 5,
            })[f],
        ),
      );
    }
    // A model is chosen after its make on a search page.
    if (chosen.has('make_model') && !chosen.has('make') && chosen.size < 4) chosen.add('make');
    for (const facet of chosen) {
      const values = [valueOf(anchor, facet)];
      if (facet !== 'make_model' && facet !== 'dealership_name' && rng.chance(0.2))
        values.push(valueOf(pickDoc(), facet));
      input.filters[facet] = [...new Set(values.filter((v) => v !== null && v !== undefined))];
    }
    if (rng.chance(0.4)) {
      const facet = rng.weighted(RANGE_STATS, (f) => ({ price: 55, km: 20, year: 25 })[f]);
      const round = (value, step, up) => (up ? Math.ceil(value / step) : Math.floor(value / step)) * step;
      if (facet === 'price') {
        const price = anchor.price ?? 30000;
        input.ranges.price = rng.chance(0.3)
          ? `:${round(price * 1.2, 5000, true)}`
          : `${round(price * 0.7, 5000, false)}:${round(price * 1.3, 5000, true)}`;
      } else if (facet === 'km') {
        input.ranges.km = rng.chance(0.6)
          ? `:${round((anchor.km ?? 50000) * 1.5 + 1, 10000, true)}`
          : `0:${round((anchor.km ?? 50000) + 1, 25000, true)}`;
      } else {
        input.ranges.year = rng.chance(0.5)
          ? `${anchor.year - rng.int(0, 3)}:`
          : `${anchor.year - rng.int(1, 3)}:${Math.min(new Date().getUTCFullYear(), anchor.year + rng.int(0, 2))}`;
      }
    }
    requests.push(SearchRequestSchema.parse(input));
  }
  return requests;
}

/** A short label of a request's shape, to see which kinds of searches are slow. */
const shapeOf = (request) => ({
  text: request.query ? (/\d{5}/.test(request.query) ? 'stock number' : 'text') : 'no text',
  filters: `${termFiltersOf(request).length} term filters`,
  range: rangesOf(request).map(([facet]) => `${facet} range`)[0] ?? 'no range',
  sort: `sort ${request.sortBy}`,
  page: `page ${request.page}`,
});

function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const total = sorted.reduce((sum, v) => sum + v, 0);
  return {
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1],
    mean: total / sorted.length,
    qps: sorted.length / (total / 1000),
  };
}
const ms = (value) => value.toFixed(1).padStart(7);
const latencyLine = (p) =>
  `p50 ${ms(p.p50)}  p95 ${ms(p.p95)}  p99 ${ms(p.p99)}  max ${ms(p.max)}  mean ${ms(p.mean)} ms   ${p.qps.toFixed(1)} queries/s`;

/**
 * The in-memory baseline. itemsjs holds every document and its bitmaps in this one process's memory
 * and answers without I/O, a network hop or concurrency control, so its figures are a lower bound for
 * what a search can cost, not a drop-in alternative (no multi-site, versioning or live updates).
 * Term facets are disjunctive (conjunction false) like the engines'; ranges go through its `filter`
 * function; range stats are the min/max of the whole matched set (not per facet without its own range).
 *
 * Free text goes through the same `filter` with the projection's semantics (every lower-case word a
 * substring of search_text), not through itemsjs's built-in lunr 1.0 index: at 90,000 documents that
 * index takes 35-50 s to build, and lunr splits 'd-max', 'c-class' or 'ls-m' into one- and two-letter
 * words whose prefix expansion over every VIN, rego and stock number token is quadratic ('d-max' 7 s,
 * 'd-max ls-m' 436-721 s). BENCH_ITEMSJS_LUNR=1 uses lunr anyway, to see that for yourself.
 */
function buildItemsjs(documents) {
  const items = documents.map((doc) => {
    const item = {
      id: doc.id,
      search_text: doc.search_text,
      price: doc.price,
      km: doc.km,
      year: doc.year,
      custom_rank: doc.custom_rank,
      created_at: doc.created_at,
      hit: doc.hit,
    };
    for (const facet of FILTER_FACETS) if (doc[facet] !== null) item[facet] = doc[facet];
    return item;
  });
  const aggregations = Object.fromEntries(FILTER_FACETS.map((facet) => [facet, { conjunction: false, size: 1000 }]));
  const engine = itemsjs(items, {
    aggregations,
    searchableFields: ITEMSJS_LUNR ? ['search_text'] : [],
    sortings: {
      relevance: { field: ['custom_rank', 'created_at', 'id'], order: ['desc', 'desc', 'desc'] },
      'created_at:desc': { field: ['created_at', 'id'], order: ['desc', 'desc'] },
      'price:desc': { field: ['price', 'id'], order: ['desc', 'desc'] },
      'price:asc': { field: ['price', 'id'], order: ['asc', 'asc'] },
    },
  });
  return (scope, request) => {
    const ranges = rangesOf(request);
    const positiveOnly = request.sortBy === 'price:asc' && scope.positivePriceOnPriceAsc;
    // Words as the PostgreSQL query builder splits them (lower case, on whitespace, at most 10).
    const words = ITEMSJS_LUNR
      ? []
      : (request.query ?? '')
          .toLowerCase()
          .split(/\s+/)
          .filter((word) => word !== '')
          .slice(0, 10);
    const filter =
      words.length > 0 || ranges.length > 0 || positiveOnly
        ? (item) =>
            words.every((word) => item.search_text.includes(word)) &&
            (!positiveOnly || item.price !== null) &&
            ranges.every(
              ([facet, range]) =>
                item[facet] !== null &&
                (range.min === null || item[facet] >= range.min) &&
                (range.max === null || item[facet] <= range.max),
            )
        : undefined;
    const result = engine.search({
      query: ITEMSJS_LUNR ? request.query : undefined,
      filters: Object.fromEntries(termFiltersOf(request)),
      filter,
      sort: request.sortBy,
      page: request.page,
      per_page: request.hitsPerPage,
      is_all_filtered_items: true,
    });
    const facetStats = {};
    for (const facet of RANGE_STATS) {
      let min = Infinity;
      let max = -Infinity;
      for (const item of result.data.allFilteredItems ?? []) {
        const value = item[facet];
        if (value === null) continue;
        if (value < min) min = value;
        if (value > max) max = value;
      }
      if (min <= max) facetStats[facet] = { min, max };
    }
    const facets = {};
    for (const [name, aggregation] of Object.entries(result.data.aggregations)) {
      facets[name] = Object.fromEntries(
        aggregation.buckets.filter((b) => b.doc_count > 0).map((b) => [b.key, b.doc_count]),
      );
    }
    return { hits: result.data.items.map((item) => item.hit), count: result.pagination.total, facets, facetStats };
  };
}

await ensureDatabase(DATABASE_URL);
const dataSource = createDataSource({ url: DATABASE_URL, poolSize: 4, applicationName: 'bench-search' });
// One cleanup for every way out (done, failed, interrupted): close connections, drop the database.
let cleanup;
const cleanUp = () =>
  (cleanup ??= (async () => {
    if (dataSource.isInitialized)
      await dataSource.destroy().catch((error) => console.error(`closing the data source: ${error.message}`));
    // BENCH_KEEP_DATABASE=1 leaves it for EXPLAIN ANALYZE and the like (drop it by hand afterwards).
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${DATABASE_URL}`);
    else await dropDatabase(DATABASE_URL);
  })());
let interrupted = null;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => {
    interrupted = signal;
    console.error(`${signal}: dropping the benchmark database`);
    cleanUp().finally(() => process.exit(code));
  });
}

try {
  await dataSource.initialize();
  await runMigrations(dataSource);
  // The projection alone (every search a statement), and the default engine that answers from an
  // in-process index of the same projection; the bench compares them request by request.
  const engine = createSearchEngine({
    dataSource,
    indexPrefix: searchIndexPrefix(`bench-search-${tag}`),
    memoryMaxDocuments: 0,
  });
  if (engine.kind !== 'postgres') throw new Error(`expected the PostgreSQL engine, got ${engine.kind}`);
  const memoryEngine = new InMemorySearchEngine(dataSource, { maxDocuments: CARS });
  const out = [];
  const print = (line = '') => {
    out.push(line);
    console.log(line);
  };

  // ---- Setup -------------------------------------------------------------------------------------
  const setupStart = performance.now();
  let t0 = performance.now();
  const {
    siteId,
    cars,
    generatedMs: generated,
    copiedMs: copied,
  } = await loadSite(dataSource, {
    slug: 'bench-search-group',
    name: 'Bench Search Motor Group',
    dealershipCount: DEALERSHIPS,
    carCount: CARS,
    seed: CAR_SEED,
  });
  const site = { id: siteId };

  // The projection, built by the platform's own reindex (SiteIndexer.reindex, as the ops endpoint
  // runs it): listed cars in id order, written into a new index version that is then swapped in.
  t0 = performance.now();
  await new SiteIndexer(dataSource, engine).reindex(site.id);
  const indexed = since(t0);
  // The same reads again, alone: how much of the reindex is reading cars rather than writing the projection.
  t0 = performance.now();
  const documents = [];
  for (let afterId = 0; ;) {
    const batch = await documentsAfter(dataSource.manager, site.id, afterId, REINDEX_BATCH, new Date());
    if (batch.length === 0) break;
    for (const document of batch) documents.push(document);
    afterId = batch[batch.length - 1].id;
  }
  const readAgain = since(t0);
  // Autovacuum would get here soon after a reindex; do it now so the runs see settled tables. (Without
  // statistics on search_index_versions the planner overestimates the per-row live-version subquery,
  // the plan's cost passes jit_above_cost and every search pays for JIT compilation.)
  t0 = performance.now();
  await dataSource.query('VACUUM (ANALYZE) search_documents');
  await dataSource.query('ANALYZE search_index_versions');
  const vacuumed = since(t0);
  const setupMs = since(setupStart);

  t0 = performance.now();
  const searchItems = buildItemsjs(documents);
  const itemsjsBuilt = since(t0);

  // What a site's first search after a change starts in the background (PostgreSQL answers meanwhile).
  const heapBefore = process.memoryUsage().heapUsed;
  t0 = performance.now();
  await memoryEngine.warm(site.id);
  const memoryBuilt = since(t0);
  if (!memoryEngine.holds(site.id)) throw new Error('the in-memory index was not built');
  const memoryHeap = process.memoryUsage().heapUsed - heapBefore;

  const [{ size }] = await dataSource.query(
    `SELECT pg_size_pretty(pg_total_relation_size('search_documents')) AS size`,
  );
  const statusCounts = cars.reduce((acc, car) => ((acc[car.status] = (acc[car.status] ?? 0) + 1), acc), {});
  const typeCounts = cars.reduce((acc, car) => ((acc[car.car_type] = (acc[car.car_type] ?? 0) + 1), acc), {});
  print(
    `search benchmark: ${CARS} cars across ${DEALERSHIPS} dealerships (${new Set(cars.map((c) => c.make)).size} makes, ${new Set(cars.map((c) => `${c.make}:${c.model}`)).size} models of ${VEHICLE_MODELS.length}), ${documents.length} listed, one site`,
  );
  print(
    `  stock: ${Object.entries(typeCounts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; ${Object.entries(statusCounts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  print(
    `  machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (other work on the machine skews the figures)`,
  );
  print(`setup ${seconds(setupMs)} (database ${DATABASE_URL.replace(/^.*\//, '')})`);
  print(`  generate cars              ${seconds(generated)}`);
  print(`  COPY cars + ANALYZE        ${seconds(copied)}`);
  print(
    `  build projection (reindex) ${seconds(indexed)}   ${Math.round(documents.length / (indexed / 1000))} documents/s, search_documents ${size}`,
  );
  print(`    of which reading cars     ~${seconds(readAgain)}   (the reindex's reads timed again on their own)`);
  print(`  VACUUM ANALYZE projection  ${seconds(vacuumed)}`);
  print(
    `  itemsjs index (in memory)  ${seconds(itemsjsBuilt)}   (not part of setup; free text via ${ITEMSJS_LUNR ? 'lunr' : 'substring filter'})`,
  );
  const { loadMs, buildMs } = memoryEngine.lastBuild;
  print(
    `  memory engine index        ${seconds(memoryBuilt)}   (rows read ${seconds(loadMs)}, index built ${seconds(buildMs)}; heap grew ${Math.round(memoryHeap / 1048576)} MB before collection)`,
  );

  // ---- Requests ----------------------------------------------------------------------------------
  const queryRng = new Rng(QUERY_SEED);
  const warmup = generateRequests(queryRng, documents, WARMUP);
  const requests = generateRequests(queryRng, documents, QUERIES);
  const scope = await siteConfigStore(dataSource).searchScope(site.id);

  const run = async (name, answer) => {
    for (const request of warmup) await answer(request);
    const latencies = [];
    const counts = [];
    const answers = [];
    let hits = 0;
    const started = performance.now();
    for (const [i, request] of requests.entries()) {
      const t = process.hrtime.bigint();
      const result = await answer(request);
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      counts.push(result.count);
      if (name !== 'itemsjs') answers.push(result);
      hits += result.hits.length;
      if ((i + 1) % 100 === 0 && i + 1 < requests.length)
        process.stderr.write(`  (${name}: ${i + 1}/${requests.length} in ${seconds(since(started))})\n`);
    }
    return { latencies, counts, answers, hits };
  };
  const pg = await run('postgres', (request) => engine.query(scope, request));
  const idx = await run('memory', (request) => memoryEngine.query(scope, request));
  const mem = await run('itemsjs', (request) => searchItems(scope, request));
  if (memoryEngine.answered.postgres > 0)
    throw new Error(`the memory engine fell back to PostgreSQL ${memoryEngine.answered.postgres} times`);

  const pgStats = percentiles(pg.latencies);
  const idxStats = percentiles(idx.latencies);
  const memStats = percentiles(mem.latencies);
  const average = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
  print();
  print(`${QUERIES} requests after ${WARMUP} warm-up, sequential, hitsPerPage 21, facets ${PAGE_FACETS.join(',')}`);
  print(`  postgres  ${latencyLine(pgStats)}`);
  print(`  memory    ${latencyLine(idxStats)}   (hits and freshness from PostgreSQL in one statement)`);
  print(`  itemsjs   ${latencyLine(memStats)}`);
  print(
    `  load average after the runs: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  print(
    `  ratio postgres / itemsjs: p50 ${(pgStats.p50 / memStats.p50).toFixed(1)}x, p95 ${(pgStats.p95 / memStats.p95).toFixed(1)}x; memory / itemsjs: p50 ${(idxStats.p50 / memStats.p50).toFixed(2)}x, p95 ${(idxStats.p95 / memStats.p95).toFixed(2)}x`,
  );
  print(
    `  postgres: average count ${Math.round(average(pg.counts))} (median ${percentiles(pg.counts).p50}), ${(pg.hits / QUERIES).toFixed(1)} hits per page, ${pg.counts.filter((c) => c === 0).length} empty results`,
  );
  print(
    `  itemsjs:  average count ${Math.round(average(mem.counts))} (median ${percentiles(mem.counts).p50}), ${(mem.hits / QUERIES).toFixed(1)} hits per page, ${mem.counts.filter((c) => c === 0).length} empty results`,
  );

  // Which request shapes cost what.
  print();
  print(
    'latency by request shape (ms)             n   pg p50   pg p95   memory p50   memory p95   itemsjs p50   itemsjs p95',
  );
  const shapes = requests.map(shapeOf);
  for (const dimension of ['text', 'filters', 'range', 'sort', 'page']) {
    const groups = new Map();
    shapes.forEach((shape, i) => {
      const key = shape[dimension];
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(i);
    });
    for (const [key, indexes] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      const p = percentiles(indexes.map((i) => pg.latencies[i]));
      const x = percentiles(indexes.map((i) => idx.latencies[i]));
      const m = percentiles(indexes.map((i) => mem.latencies[i]));
      print(
        `  ${key.padEnd(36)} ${String(indexes.length).padStart(5)} ${ms(p.p50)}  ${ms(p.p95)}      ${ms(x.p50)}      ${ms(x.p95)}       ${ms(m.p50)}       ${ms(m.p95)}`,
      );
    }
  }
  for (const [name, result, top] of [
    ['postgres', pg, 5],
    ['memory', idx, 3],
    ['itemsjs', mem, 3],
  ]) {
    print(`slowest ${name} requests:`);
    const slowest = result.latencies
      .map((latency, i) => [latency, i])
      .sort((a, b) => b[0] - a[0])
      .slice(0, top);
    for (const [latency, i] of slowest) {
      const { query, filters, ranges, sortBy, page } = requests[i];
      print(
        `  ${ms(latency)} ms  count ${String(result.counts[i]).padStart(6)}  ${JSON.stringify({ query, filters, ranges, sortBy, page })}`,
      );
    }
  }

  // Do both engines find the same cars? They should: the baseline matches text as the projection does
  // (with BENCH_ITEMSJS_LUNR=1 free text differs: lunr matches stemmed, prefix-expanded words).
  print();
  const step = Math.max(1, Math.floor(QUERIES / CROSS_CHECKS));
  const checked = requests
    .map((_, i) => i)
    .filter((i) => i % step === 0)
    .slice(0, CROSS_CHECKS);
  const differing = checked.filter((i) => pg.counts[i] !== mem.counts[i]);
  print(`count cross-check: ${checked.length - differing.length} of ${checked.length} requests agree`);
  for (const i of differing) {
    const { query, filters, ranges, sortBy } = requests[i];
    print(
      `  request ${i}: postgres ${pg.counts[i]}, itemsjs ${mem.counts[i]}  ${JSON.stringify({ query, filters, ranges, sortBy })}`,
    );
  }
  const allDiffering = requests.filter((_, i) => pg.counts[i] !== mem.counts[i]);
  print(
    `  over all ${QUERIES}: ${QUERIES - allDiffering.length} agree; of those differing, ${allDiffering.filter((r) => r.query).length} have free text`,
  );
  // The memory engine must give the projection's answer exactly: count, the page's cars in order,
  // every facet count and stat.
  const answerOf = ({ ms: _ms, ...answer }) =>
    JSON.stringify(answer, (key, value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
        : value,
    );
  const disagreeing = idx.answers.filter((answer, i) => answerOf(answer) !== answerOf(pg.answers[i]));
  print(
    `memory vs postgres, whole answers (count, hits in order, facets, stats): ${QUERIES - disagreeing.length} of ${QUERIES} identical`,
  );
  // ---- Deltas: a feed's change reaching the memory index --------------------------------------
  // A delta of DELTA_CARS repriced cars (a tenth of them withdrawn instead) is written to the
  // projection as the stock worker writes it; the next search catches the index up from the change
  // log and answers from memory. Timed: that first search, which includes the catch-up.
  const deltaRng = new Rng(QUERY_SEED + 1);
  const beforeDeltas = { ...memoryEngine.updates, postgres: memoryEngine.answered.postgres };
  const deltaWrites = [];
  const firstSearches = [];
  let deltasAgreeing = 0;
  const withdrawn = new Set();
  for (let delta = 0; delta < DELTAS; delta++) {
    const changed = new Map();
    while (changed.size < DELTA_CARS) {
      const document = documents[deltaRng.int(0, documents.length - 1)];
      if (!withdrawn.has(document.id)) changed.set(document.id, document);
    }
    const gone = [...changed.keys()].slice(0, Math.floor(DELTA_CARS / 10));
    const repriced = [...changed.values()].slice(gone.length).map((document) => ({
      ...document,
      price: document.price === null ? 19990 : document.price + 500,
      source_version: document.source_version + delta + 1,
    }));
    let t = performance.now();
    await engine.upsert(site.id, repriced);
    await engine.remove(site.id, gone);
    deltaWrites.push(since(t));
    for (const id of gone) withdrawn.add(id);
    const request = requests[delta % requests.length];
    t = performance.now();
    const fromMemory = await memoryEngine.query(scope, request);
    firstSearches.push(since(t));
    if (answerOf(fromMemory) === answerOf(await engine.query(scope, request))) deltasAgreeing++;
  }
  const deltaStats = percentiles(firstSearches);
  print();
  print(
    `deltas: ${DELTAS} of ${DELTA_CARS} cars (a tenth withdrawn), each then searched once: first search (catch-up included) p50 ${deltaStats.p50.toFixed(1)} / p95 ${deltaStats.p95.toFixed(1)} / max ${Math.max(...firstSearches).toFixed(1)} ms; projection write p50 ${percentiles(deltaWrites).p50.toFixed(0)} ms`,
  );
  print(
    `  caught up ${memoryEngine.updates.caughtUp - beforeDeltas.caughtUp} times (${memoryEngine.updates.rowsApplied - beforeDeltas.rowsApplied} rows), full builds ${memoryEngine.updates.builds - beforeDeltas.builds}, answered by PostgreSQL ${memoryEngine.answered.postgres - beforeDeltas.postgres}; whole answers identical to PostgreSQL ${deltasAgreeing} of ${DELTAS}`,
  );
  if (EXPLAIN) {
    const { sql, params } = buildSearchSql(scope, SearchRequestSchema.parse({ facets: PAGE_FACETS }), new Date());
    const plan = await dataSource.transaction(async (manager) => {
      // The settings the engine runs its statement with (PostgresSearchEngine.query).
      await manager.query(`SET LOCAL jit = off; SET LOCAL max_parallel_workers_per_gather = 0`);
      return manager.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    });
    print();
    print('EXPLAIN ANALYZE of the broadest request (no text, no filters, every page facet):');
    for (const row of plan) print(`  ${row['QUERY PLAN']}`);
  }
  await engine.close();
  await memoryEngine.close();
  if (disagreeing.length > 0 || deltasAgreeing < DELTAS) process.exitCode = 1;
} catch (error) {
  // Interrupted: the queries in flight fail as their connections close; the signal handler exits.
  if (!interrupted) throw error;
} finally {
  await cleanUp();
}
