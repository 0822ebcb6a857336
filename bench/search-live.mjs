#!/usr/bin/env node
// `npm run bench:search-live`: search while a large group's feeds keep arriving, against two api
// processes. One group site (BENCH_GROUP_CARS, 100,000 cars in 200 dealerships) and
// BENCH_SMALL_SITES small sites (1,000 of BENCH_SMALL_CARS, 500 cars) are loaded with COPY and
// indexed; then two built api processes and a worker start on the bench's own database, and for
// BENCH_SECONDS (300):
// - autocannon searches the group site at BENCH_RATE (100 req/s) in all, half on each process,
//   with 2,000 distinct search-page requests (so Redis's answer cache rarely spares the engine);
// - the group's dealerships push delta feeds through the real feed API, one every 4.5 s on average
//   (BENCH_DELTA_EVERY_MS), of 100-400 cars each (a tenth withdrawn, the rest repriced), which the
//   worker applies and projects as it would in production;
// - after each run ends, one of its repriced cars is searched for on each process until its new
//   price shows: 'visible' is from the run's finishedAt to the first answer showing it, on the
//   slower process (it includes this bench's 100 ms polling of the run);
// - the small sites get occasional searches (BENCH_SMALL_RATE, 5 req/s).
// It prints the share of the group's searches the engines answered from memory (the api's own
// metrics), latency percentiles, visibility, memory per process and full rebuilds after warm-up,
// and last a line to track over time. Prints figures; never fails on time (non-zero exit only
// when something errs).
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { root, stackEnv, waitUntil } from './platform-stack.mjs';
import { loadSite, PAGE_FACETS } from './search-stock.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { createDataSource, ensureDatabase, runMigrations, dropDatabase } = require('@platform/db');
const { createSearchEngine, searchIndexPrefix } = require('@platform/search');
const { SiteIndexer } = require('@platform/stock');
const { Rng } = require('@platform/seed');

const numberFrom = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
};
const GROUP_CARS = numberFrom('BENCH_GROUP_CARS', 100_000);
const GROUP_DEALERSHIPS = numberFrom('BENCH_GROUP_DEALERSHIPS', 200);
const SMALL_SITES = numberFrom('BENCH_SMALL_SITES', 1_000);
const SMALL_CARS = numberFrom('BENCH_SMALL_CARS', 500);
const SECONDS = numberFrom('BENCH_SECONDS', 300);
const RATE = numberFrom('BENCH_RATE', 100);
const SMALL_RATE = numberFrom('BENCH_SMALL_RATE', 5);
const DELTA_EVERY_MS = numberFrom('BENCH_DELTA_EVERY_MS', 4_500);
const WARMUP_SECONDS = numberFrom('BENCH_WARMUP_SECONDS', 20);
const API_PORT = numberFrom('BENCH_API_PORT', 3401);
/** Every site held at once by default, so a rebuild after warm-up can only mean a fallen-behind index. */
const MEMORY_MAX_DOCUMENTS = numberFrom('BENCH_MEMORY_MAX_DOCUMENTS', GROUP_CARS + SMALL_SITES * SMALL_CARS + 10_000);
const SEED = 20261125;

const env = {
  ...stackEnv({ name: 'bench_search_live', apiPort: API_PORT }),
  SEARCH_MEMORY_MAX_DOCUMENTS: String(MEMORY_MAX_DOCUMENTS),
};
const apiPorts = [API_PORT, API_PORT + 10];
const apis = apiPorts.map((port) => `http://127.0.0.1:${port}`);
const children = [];
const since = (t0) => performance.now() - t0;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function start(label, args, overrides = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, ...overrides },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => process.stderr.write(`[${label}] ${chunk}`));
  children.push(child);
}

async function json(method, url, { body, token } = {}) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** The memory engine's counters and the process's memory, from one api's Prometheus metrics. */
async function metricsOf(api) {
  const response = await fetch(`${api}/api/ops/metrics`, { headers: { authorization: `Bearer ${env.OPS_TOKEN}` } });
  const text = await response.text();
  const value = (pattern) => {
    const line = text.split('\n').find((l) => pattern.test(l));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  return {
    memory: value(/^search_memory_answers_total\{.*answered_by="memory"/),
    postgres: value(/^search_memory_answers_total\{.*answered_by="postgres"/),
    catchUps: value(/^search_memory_index_updates_total\{.*kind="catch_up"/),
    builds: value(/^search_memory_index_updates_total\{.*kind="build"/),
    compactions: value(/^search_memory_index_updates_total\{.*kind="compaction"/),
    documents: value(/^search_memory_documents\{/),
    sites: value(/^search_memory_sites\{/),
    rss: value(/^process_resident_memory_bytes\{/),
    heap: value(/^nodejs_heap_size_used_bytes\{/),
  };
}

/** Search-page requests over the group's stock: filters, ranges, sorts, pages, some free text. */
function searchBodies(rng, cars, count) {
  const bodies = [];
  const sorts = ['relevance', 'price:asc', 'price:desc', 'created_at:desc'];
  for (let i = 0; i < count; i++) {
    const car = cars[rng.int(0, cars.length - 1)];
    const filters = {};
    if (rng.chance(0.6)) filters.make = [car.make];
    if (filters.make && rng.chance(0.4)) filters.make_model = [`${car.make}|${car.model}`];
    if (rng.chance(0.3)) filters.car_type = [car.car_type];
    if (rng.chance(0.2)) filters.body = [car.simple_body];
    const ranges = {};
    if (rng.chance(0.35)) ranges.price = `${5000 * rng.int(0, 4)}:${30000 + 10000 * rng.int(0, 6)}`;
    if (rng.chance(0.15)) ranges.year = `${2015 + rng.int(0, 8)}:`;
    bodies.push({
      hitsPerPage: 21,
      page: rng.chance(0.8) ? 1 : rng.int(2, 4),
      sortBy: sorts[rng.int(0, sorts.length - 1)],
      filters,
      ranges,
      facets: PAGE_FACETS,
      ...(rng.chance(0.1) ? { query: car.model.toLowerCase() } : {}),
    });
  }
  return bodies;
}

const dataSource = createDataSource({ url: env.DATABASE_URL, poolSize: 4, applicationName: 'bench-search-live' });
let stopping = false;
async function cleanUp() {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await sleep(1500);
  if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${env.DATABASE_URL}`);
  else await dropDatabase(env.DATABASE_URL).catch(() => undefined);
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the platform and dropping the benchmark database`);
    cleanUp().finally(() => process.exit(code));
  });
}

try {
  // ---- Stock -------------------------------------------------------------------------------------
  let t0 = performance.now();
  await ensureDatabase(env.DATABASE_URL);
  await dataSource.initialize();
  await runMigrations(dataSource);
  const group = await loadSite(dataSource, {
    slug: 'live-group',
    name: 'Live Motor Group',
    dealershipCount: GROUP_DEALERSHIPS,
    carCount: GROUP_CARS,
    seed: SEED,
  });
  const small = [];
  for (let i = 0; i < SMALL_SITES; i++) {
    const site = await loadSite(dataSource, {
      slug: `live-small-${i}`,
      name: `Live Small ${i}`,
      dealershipCount: 1,
      carCount: SMALL_CARS,
      seed: SEED + 10 + i,
      idOffset: GROUP_CARS + i * SMALL_CARS,
      slugPrefix: `small-${i}-`,
      analyze: false,
    });
    small.push({ slug: `live-small-${i}`, siteId: site.siteId, cars: site.cars });
  }
  await dataSource.query(`SELECT setval(pg_get_serial_sequence('cars', 'id'), (SELECT max(id) FROM cars))`);
  await dataSource.query('ANALYZE');
  const loaded = since(t0);
  t0 = performance.now();
  const projection = createSearchEngine({
    dataSource,
    indexPrefix: searchIndexPrefix(env.REDIS_PREFIX),
    memoryMaxDocuments: 0,
  });
  const indexer = new SiteIndexer(dataSource, projection);
  await indexer.reindex(group.siteId);
  for (const site of small) await indexer.reindex(site.siteId);
  await dataSource.query('VACUUM (ANALYZE) search_documents');
  const indexed = since(t0);

  // ---- Platform ----------------------------------------------------------------------------------
  for (const [i, port] of apiPorts.entries())
    start(`api ${i + 1}`, ['services/api/dist/main.js'], { PORT: String(port) });
  start('worker', ['services/worker/dist/main.js']);
  for (const api of apis)
    await waitUntil(
      `${api}/health/ready`,
      90,
      async () => (await fetch(`${api}/health/ready`).catch(() => null))?.ok === true,
    );
  const keys = new Map();
  for (const dealership of group.dealerships) {
    const { key } = await json('POST', `${apis[0]}/api/ops/dealerships/${dealership.slug}/feed-keys`, {
      token: env.OPS_TOKEN,
    });
    keys.set(dealership.slug, key);
  }

  const print = (line = '') => console.log(line);
  print(
    `search-live benchmark: group site ${GROUP_CARS} cars in ${GROUP_DEALERSHIPS} dealerships, ${SMALL_SITES} small sites of ${SMALL_CARS} cars; two api processes and a worker; ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  print(
    `setup: stock loaded in ${seconds(loaded)}, projection built in ${seconds(indexed)}; SEARCH_MEMORY_MAX_DOCUMENTS ${MEMORY_MAX_DOCUMENTS} per process`,
  );

  // ---- Warm-up: every site searched on each process until held --------------------------------------
  t0 = performance.now();
  const rng = new Rng(SEED + 1);
  const groupCars = group.cars.filter((car) => car.status === 'in_stock');
  const bodies = searchBodies(rng, groupCars, 2_000);
  const search = (api, slug, body) => json('POST', `${api}/api/sites/${slug}/search`, { body });
  const smallBody = (site) => ({ hitsPerPage: 21, facets: PAGE_FACETS, filters: { make: [site.cars[0].make] } });
  for (const api of apis) {
    await search(api, 'live-group', bodies[0]);
    for (const site of small) await search(api, site.slug, smallBody(site));
  }
  const heldAll = async () =>
    (await Promise.all(apis.map(metricsOf))).every((m) => m.sites >= 1 + SMALL_SITES && m.documents > 0);
  await waitUntil('every site held by both api processes', 300, heldAll);
  const bodiesForWarmup = bodies.slice(0, 200);
  for (const body of bodiesForWarmup) await Promise.all(apis.map((api) => search(api, 'live-group', body)));
  const warmupEnd = performance.now() + WARMUP_SECONDS * 1000;
  while (performance.now() < warmupEnd)
    await Promise.all(apis.map((api) => search(api, 'live-group', bodies[rng.int(0, bodies.length - 1)])));
  const warmed = since(t0);
  const before = await Promise.all(apis.map(metricsOf));
  print(
    `warm-up ${seconds(warmed)}: ${before.map((m, i) => `api ${i + 1} holds ${m.sites} sites, ${m.documents} documents, RSS ${Math.round(m.rss / 1048576)} MB`).join('; ')}`,
  );

  // ---- The run -----------------------------------------------------------------------------------
  const runStarted = performance.now();
  const runEnds = runStarted + SECONDS * 1000;
  const deltaRng = new Rng(SEED + 2);
  const carsByDealership = new Map();
  for (const car of groupCars) {
    if (!carsByDealership.has(car.dealership_slug)) carsByDealership.set(car.dealership_slug, []);
    carsByDealership.get(car.dealership_slug).push({ ...car, price: car.price || 19990 });
  }
  const dealershipSlugs = [...carsByDealership.keys()];
  const deltas = [];
  const errors = { delta: 0, probe: 0, small: 0 };
  const feedRow = (car) => ({
    stocknum: car.stocknum,
    make: car.make,
    model: car.model,
    badge: car.badge,
    year: car.year,
    car_type: car.car_type,
    status: 'in_stock',
    price: car.price,
    km: car.km,
    colour: car.colour,
    body: car.data.body,
    trans: car.data.trans,
    fuel: car.data.fuel,
    drive: car.data.drive,
    seats: car.seats,
    custom_rank: car.custom_rank,
    categories: car.data.categories,
  });
  /** Pushes one delta, waits for its run, then finds when each process first shows its change. */
  async function pushDelta(index) {
    const slug = dealershipSlugs[deltaRng.int(0, dealershipSlugs.length - 1)];
    const pool = carsByDealership.get(slug);
    if (pool.length < 20) return;
    const size = Math.min(pool.length - 10, deltaRng.int(100, 400));
    const chosen = new Set();
    while (chosen.size < size) chosen.add(deltaRng.int(0, pool.length - 1));
    const picked = [...chosen].map((i) => pool[i]);
    const gone = picked.slice(0, Math.floor(size / 10));
    const repriced = picked.slice(gone.length);
    for (const car of repriced) car.price += 100 * (1 + (index % 50));
    carsByDealership.set(
      slug,
      pool.filter((car) => !gone.includes(car)),
    );
    const api = apis[index % apis.length];
    const token = keys.get(slug);
    const pushedAt = Date.now();
    const { feedRunId } = await json('POST', `${api}/api/feeds/${slug}?mode=delta`, {
      token,
      body: { cars: repriced.map(feedRow), deleted: gone.map((car) => car.stocknum) },
    });
    let run;
    for (;;) {
      run = await json('GET', `${api}/api/feeds/runs/${feedRunId}`, { token });
      if (['succeeded', 'partial', 'failed'].includes(run.status)) break;
      await sleep(100);
    }
    if (run.status !== 'succeeded')
      throw new Error(`delta run ${feedRunId} ended ${run.status}: ${JSON.stringify(run.errors).slice(0, 300)}`);
    const finishedAt = Date.parse(run.finishedAt);
    const probe = repriced[0];
    const visibleAfter = await Promise.all(
      apis.map(async (probeApi) => {
        const deadline = Date.now() + 60_000;
        for (;;) {
          const answer = await search(probeApi, 'live-group', { query: probe.stocknum, hitsPerPage: 1 });
          if (answer.hits[0]?.stocknum === probe.stocknum && answer.hits[0].price === probe.price)
            return Date.now() - finishedAt;
          if (Date.now() > deadline)
            throw new Error(`${probe.stocknum} did not show its new price on ${probeApi} within 60 s`);
          await sleep(20);
        }
      }),
    );
    deltas.push({ cars: size, runMs: finishedAt - pushedAt, visibleMs: Math.max(...visibleAfter) });
  }
  const deltaLoop = (async () => {
    const pending = [];
    for (let index = 0; ; index++) {
      // Arrivals of a Poisson process: exponential gaps averaging DELTA_EVERY_MS.
      await sleep(-Math.log(1 - deltaRng.float()) * DELTA_EVERY_MS);
      if (performance.now() >= runEnds || stopping) break;
      pending.push(
        pushDelta(index).catch((error) => {
          errors.delta++;
          console.error(`delta ${index}: ${error.message}`);
        }),
      );
    }
    await Promise.all(pending);
  })();
  const smallLatencies = [];
  const smallLoop = (async () => {
    if (SMALL_RATE <= 0 || small.length === 0) return;
    for (let index = 0; performance.now() < runEnds && !stopping; index++) {
      await sleep(1000 / SMALL_RATE);
      const site = small[rng.int(0, small.length - 1)];
      const t = performance.now();
      try {
        await search(apis[index % apis.length], site.slug, { ...smallBody(site), page: rng.int(1, 2) });
        smallLatencies.push(since(t));
      } catch (error) {
        errors.small++;
        console.error(`small site search: ${error.message}`);
      }
    }
  })();
  const latencies = [];
  const loads = apis.map(
    (api) =>
      new Promise((resolve, reject) => {
        const instance = autocannon(
          {
            url: api,
            connections: 10,
            overallRate: RATE / apis.length,
            duration: SECONDS,
            requests: bodies.map((body) => ({
              method: 'POST',
              path: '/api/sites/live-group/search',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })),
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
      }),
  );
  const results = await Promise.all(loads);
  await Promise.all([deltaLoop, smallLoop]);
  const after = await Promise.all(apis.map(metricsOf));

  // ---- Figures -----------------------------------------------------------------------------------
  const answered = { memory: 0, postgres: 0 };
  let rebuilds = 0;
  let catchUps = 0;
  let compactions = 0;
  after.forEach((m, i) => {
    compactions += m.compactions - before[i].compactions;
    answered.memory += m.memory - before[i].memory;
    answered.postgres += m.postgres - before[i].postgres;
    rebuilds += m.builds - before[i].builds;
    catchUps += m.catchUps - before[i].catchUps;
  });
  const share = (100 * answered.memory) / Math.max(1, answered.memory + answered.postgres);
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const loadErrors = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  const visible = deltas.map((d) => d.visibleMs / 1000);
  const p = (values, q) => percentile(values, q).toFixed(1);
  print();
  print(
    `${SECONDS} s at ${RATE} req/s on the group site (${requests} searches, ${(requests / SECONDS).toFixed(1)} req/s achieved), ${deltas.length} delta feeds (${Math.round(deltas.reduce((s, d) => s + d.cars, 0) / Math.max(1, deltas.length))} cars each on average), ${smallLatencies.length} small-site searches`,
  );
  print(
    `  engine answers after warm-up: memory ${answered.memory}, PostgreSQL ${answered.postgres} (${share.toFixed(2)}% from memory; the rest of the searches were answered from the api's Redis answer cache); catch-ups ${catchUps}, full builds ${rebuilds}, compactions ${compactions}`,
  );
  print(
    `  group site searches: p50 ${p(latencies, 50)} / p95 ${p(latencies, 95)} / p99 ${p(latencies, 99)} / max ${Math.max(...latencies).toFixed(1)} ms`,
  );
  print(`  small site searches: p50 ${p(smallLatencies, 50)} / p95 ${p(smallLatencies, 95)} ms`);
  print(
    `  visible after the run ended (slower process): p50 ${p(visible, 50)} / p99 ${p(visible, 99)} / max ${Math.max(...visible).toFixed(1)} s; run from push to finish p50 ${p(
      deltas.map((d) => d.runMs / 1000),
      50,
    )} s`,
  );
  after.forEach((m, i) =>
    print(
      `  api ${i + 1}: RSS ${Math.round(m.rss / 1048576)} MB, heap used ${Math.round(m.heap / 1048576)} MB, ${m.sites} sites and ${m.documents} documents held`,
    ),
  );
  print(
    `  errors: search ${loadErrors}, delta ${errors.delta}, small sites ${errors.small}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const errorCount = loadErrors + errors.delta + errors.small;
  print(
    `search-live: memory ${share.toFixed(1)}%, p95 ${p(latencies, 95)} ms, p99 ${p(latencies, 99)} ms, visible p99 ${p(visible, 99)} s, rebuilds ${rebuilds}, errors ${errorCount}`,
  );
  if (errorCount > 0) process.exitCode = 1;
} finally {
  await cleanUp();
}
