#!/usr/bin/env node
// `npm run bench:load`: holds the search API at 200 requests/s and a vehicle page at 50 requests/s
// (autocannon, loopback) against the built api and web on a freshly seeded demo database of their
// own, and prints p50/p95/p99 latency and errors for each. Prints figures; never fails on time.
// BENCH_SECONDS (default 60), BENCH_SEARCH_RATE (200) and BENCH_PAGE_RATE (50) change the run.
import http from 'node:http';
import { createRequire } from 'node:module';
import { platformStack, waitUntil } from './platform-stack.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { createDataSource } = require('@platform/db');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Unmeasured seconds at the same rate first: a freshly started process compiles its code and fills its caches. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const SEARCH_RATE = Number(process.env.BENCH_SEARCH_RATE ?? 200);
const PAGE_RATE = Number(process.env.BENCH_PAGE_RATE ?? 50);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3301);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3300);
const SITE = 'harbour-motor-group';
const stack = platformStack({ name: 'load', apiPort: API_PORT, webPort: WEB_PORT });

/** The status of a GET; node:http, because fetch will not send a Host header of our choosing. */
const statusOf = (url, headers) =>
  new Promise((resolve) => {
    const request = http.get(url, { headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });

const waitFor = (url, seconds, headers = {}) =>
  waitUntil(url, seconds, async () => (await statusOf(url, headers)) === 200);

/** The search page's requests: every facet, a filter or two, a range, a sort, a page. */
function searchBodies() {
  const makes = ['Toyota', 'Mazda', 'Ford', 'Hyundai', 'Kia', 'Isuzu', 'Subaru', 'MG'];
  const bodies = [];
  for (let i = 0; i < 40; i++) {
    bodies.push({
      hitsPerPage: 21,
      page: 1 + (i % 3),
      filters: i % 4 === 0 ? {} : { make: [makes[i % makes.length]], ...(i % 3 === 0 ? { car_type: ['used'] } : {}) },
      ranges: i % 2 === 0 ? { price: `${5000 + (i % 5) * 5000}:${60000 + (i % 4) * 10000}` } : {},
      sortBy: ['relevance', 'price:asc', 'price:desc', 'created_at:desc'][i % 4],
      ...(i % 5 === 0 ? { query: ['hilux', 'suv', 'diesel', 'auto'][i % 4] } : {}),
    });
  }
  return bodies;
}

/** Runs autocannon, keeping every response time (autocannon's own table has no p95). */
function run(options) {
  const times = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve({ result, times })));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

function report(name, target, { result, times }) {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  process.stdout.write(
    `${name.padEnd(14)} target ${String(target).padStart(3)} req/s  achieved ${(result.requests.total / result.duration).toFixed(1).padStart(6)} req/s  ` +
      `p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? Number.NaN)}  ` +
      `2xx ${result['2xx']}  non-2xx ${result.non2xx}  errors ${result.errors}  timeouts ${result.timeouts}\n`,
  );
}

try {
  await stack.seed();
  const dataSource = createDataSource({ url: stack.databaseUrl, poolSize: 1, applicationName: 'load-bench' });
  await dataSource.initialize();
  const [car] = await dataSource.query(
    `SELECT c.slug FROM cars c JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 AND c.status = 'in_stock' AND c.withdrawn_at IS NULL ORDER BY jsonb_array_length(c.data->'images') DESC, c.id LIMIT 1`,
    [SITE],
  );
  await dataSource.destroy();

  stack.start();
  const host = `${SITE}.localhost:${WEB_PORT}`;
  await waitFor(`http://127.0.0.1:${API_PORT}/health/ready`, 90);
  await waitFor(`http://127.0.0.1:${WEB_PORT}/cars/${car.slug}`, 90, { host });

  const bodies = searchBodies();
  process.stdout.write(
    `load benchmark: ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up at the same rate, on loopback, demo data, search engine ${process.env.SEARCH_MEMORY_MAX_DOCUMENTS === '0' ? 'postgres' : 'memory (PostgreSQL projection held in memory)'}, car ${car.slug}\n`,
  );
  const searchLoad = {
    url: `http://127.0.0.1:${API_PORT}`,
    connections: 20,
    overallRate: SEARCH_RATE,
    requests: bodies.map((body) => ({
      method: 'POST',
      path: `/api/sites/${SITE}/search`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })),
  };
  if (WARMUP_SECONDS > 0) await run({ ...searchLoad, duration: WARMUP_SECONDS });
  report('search API', SEARCH_RATE, await run({ ...searchLoad, duration: SECONDS }));
  const pageLoad = {
    url: `http://127.0.0.1:${WEB_PORT}/cars/${car.slug}`,
    headers: { host },
    connections: 10,
    overallRate: PAGE_RATE,
  };
  if (WARMUP_SECONDS > 0) await run({ ...pageLoad, duration: WARMUP_SECONDS });
  report('vehicle page', PAGE_RATE, await run({ ...pageLoad, duration: SECONDS }));
} finally {
  await stack.stop();
}
