#!/usr/bin/env node
// `npm run bench:insights`: stock insights (issue 41) at platform scale.
// Part 1, in a database of its own: 1,000 dealerships x 100 cars (one dealership with 2,000), 90 days
// of raw events (views and phone reveals per car and day, leads) generated with set-based SQL; then
// timed: the first start's backfill (the roll-up of 90 days into car_daily_facts), the ratings of
// every live car, and the nightly job exactly as the worker runs it (refreshInsights: appearances
// flushed, the last three days rolled up, old facts purged, every live car rated); then the api's
// stock list query and shaping (DealerInsights.stock) for the 2,000-car dealership, 30 times.
// Part 2, on the built api and web over a seeded demo database: a demo dealership given 2,000 live
// cars with 90 days of history, an owner signed in through the ops API, and the console's stock list
// page (/dealer/insights, every car on one page) rendered by Next 30 times after a warm-up.
// Prints figures; never fails on time.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { platformStack, waitUntil } from './platform-stack.mjs';

const require = createRequire(import.meta.url);
const { createDataSource, ensureDatabase, runMigrations, dropDatabase } = require('@platform/db');
const { rollUpAll, rollUpFacts, computeCarInsights, refreshInsights } = require('@platform/events');
const Redis = require('ioredis');
const { DealerInsights } = require('../services/api/dist/dealer/dealer-insights.js');

const DEALERSHIPS = Number(process.env.BENCH_DEALERSHIPS ?? 1000);
const CARS = Number(process.env.BENCH_CARS_PER_DEALERSHIP ?? 100);
const BIG = Number(process.env.BENCH_STOCK_LIST_CARS ?? 2000);
const DAYS = 90;
const LIST_RUNS = 30;
const PAGE_WARMUP = 5;
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3261);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3260);
const PAGE_SITE = process.env.BENCH_INSIGHTS_SITE ?? 'harbour-motor-group';
const SERVER = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const url = `${SERVER}/platform_bench_insights_${process.pid}_${randomBytes(3).toString('hex')}`;
if (![DEALERSHIPS, CARS, BIG].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('BENCH_DEALERSHIPS, BENCH_CARS_PER_DEALERSHIP and BENCH_STOCK_LIST_CARS must be positive integers');

const seconds = (ms) => (ms / 1000).toFixed(1);
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
const timed = async (label, work) => {
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  console.log(`${label.padEnd(44)} ${seconds(ms).padStart(7)} s`);
  return { ms, result };
};
/** PostgreSQL's own peak: the largest resident set of the server's processes is not visible from here, so its temp use is shown. */
const pgTemp = async (db) =>
  (await db.query(`SELECT temp_bytes FROM pg_stat_database WHERE datname = current_database()`))[0].temp_bytes;

const MODELS = [
  ['Toyota', 'HiLux', 52000],
  ['Toyota', 'RAV4', 42000],
  ['Toyota', 'Corolla', 30000],
  ['Mazda', 'CX-5', 38000],
  ['Mazda', '3', 29000],
  ['Ford', 'Ranger', 55000],
  ['Hyundai', 'i30', 27000],
  ['Kia', 'Sportage', 36000],
  ['Mitsubishi', 'Triton', 42000],
  ['Isuzu', 'D-Max', 50000],
  ['Nissan', 'X-Trail', 37000],
  ['Subaru', 'Forester', 40000],
];
const STATES = [
  ['NSW', 'Australia/Sydney'],
  ['VIC', 'Australia/Melbourne'],
  ['QLD', 'Australia/Brisbane'],
  ['WA', 'Australia/Perth'],
  ['SA', 'Australia/Adelaide'],
];

async function main() {
  console.log(
    `bench:insights: ${DEALERSHIPS} dealerships x ${CARS} cars (one with ${BIG}), ${DAYS} days; ${cpus().length} cores, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  await ensureDatabase(url);
  const db = createDataSource({ url, poolSize: 4, applicationName: 'bench-insights' });
  await db.initialize();
  try {
    await runMigrations(db);
    const now = new Date();
    const models = JSON.stringify(MODELS);
    const states = JSON.stringify(STATES);
    await timed('generate dealerships, cars, events, leads', async () => {
      const [site] = await db.query(
        `INSERT INTO sites (slug, name, config) VALUES ('bench', 'Bench', '{}') RETURNING id`,
      );
      await db.query(
        `INSERT INTO dealerships (site_id, slug, name) SELECT $1, 'd' || g, 'Dealership ' || g FROM generate_series(1, $2) g`,
        [site.id, DEALERSHIPS],
      );
      await db.query(
        `INSERT INTO locations (dealership_id, name, slug, "primary", street, city, state, postcode, time_zone)
         SELECT d.id, 'Sales', 'l' || d.id, true, '1 Main St', 'Town', s->>0, '2000', s->>1
         FROM dealerships d CROSS JOIN LATERAL (SELECT $1::jsonb -> (d.id % 5) AS s) x`,
        [states],
      );
      // Cars listed over the last 200 days; a third of those listed before the last 30 days sold.
      await db.query(
        `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price, km, created_at, status, sold_date)
         SELECT d.id, 'S' || n, 'c-' || d.id || '-' || n, 'used', m->>0, m->>1, y,
                round((m->>2)::int * power(0.88, 2026 - y) * (0.85 + 0.3 * random()) / 100) * 100, (2026 - y) * 15000 + (random() * 10000)::int,
                $2::timestamptz - (listed || ' days')::interval,
                CASE WHEN sold THEN 'sold' ELSE 'in_stock' END,
                CASE WHEN sold THEN $2::timestamptz - ((listed * random())::int || ' days')::interval END
         FROM dealerships d
         CROSS JOIN LATERAL generate_series(1, CASE WHEN d.id = (SELECT min(id) FROM dealerships) THEN $3::int ELSE $4::int END) n
         CROSS JOIN LATERAL (SELECT $1::jsonb -> ((d.id * 7 + n) % ${MODELS.length}) AS m, 2017 + (n % 9) AS y,
                                    (random() * 200)::int AS listed) a
         CROSS JOIN LATERAL (SELECT a.listed > 30 AND random() < 0.33 AS sold) b`,
        [models, now.toISOString(), BIG, CARS],
      );
      await db.query(
        `INSERT INTO car_event_days (car_id, site_id, kind, day, dealership_id, count)
         SELECT c.id, $2, k.kind, g::date, c.dealership_id, k.n
         FROM cars c
         CROSS JOIN LATERAL generate_series(
           GREATEST(c.created_at::date, $1::date - ${DAYS - 1}), LEAST($1::date, COALESCE(c.sold_date::date, $1::date)), interval '1 day') g
         CROSS JOIN LATERAL (SELECT (random() * 12 * CASE WHEN extract(isodow FROM g) IN (6, 7) THEN 1.6 ELSE 1 END)::int AS v) x
         CROSS JOIN LATERAL (VALUES ('view', x.v), ('phone_reveal', (x.v * random() * 0.15)::int)) k(kind, n)
         WHERE k.n > 0`,
        [now.toISOString(), site.id],
      );
      await db.query(
        `INSERT INTO leads (site_id, dealership_id, car_id, form, category, fields, user_data, status, created_at)
         SELECT $2, c.dealership_id, c.id, 'vehicle', 'Vehicle Enquiry', '{"name": "Bench"}', '{}', 'new',
                GREATEST(c.created_at, $1::timestamptz - interval '${DAYS} days') + random() * ($1::timestamptz - GREATEST(c.created_at, $1::timestamptz - interval '${DAYS} days'))
         FROM cars c WHERE random() < 0.3`,
        [now.toISOString(), site.id],
      );
    });
    const [counts] = await db.query(
      `SELECT (SELECT count(*) FROM cars)::int AS cars, (SELECT count(*) FROM car_event_days)::int AS events,
              (SELECT count(*) FROM leads)::int AS leads`,
    );
    console.log(`  ${counts.cars} cars, ${counts.events} event rows, ${counts.leads} leads`);
    await db.query('ANALYZE');
    const temp0 = await pgTemp(db);
    const from = new Date(now.getTime() - DAYS * 86_400_000).toISOString().slice(0, 10);
    const to = now.toISOString().slice(0, 10);
    const rollUp = await timed("first start's backfill: 90 days rolled up", () => rollUpAll(db, { from, to, now }));
    const ratings = await timed('ratings: every live car', () => computeCarInsights(db, now));
    console.log(
      `  ${rollUp.result.rows} fact rows, ${ratings.result.rated} cars rated; backfill and ratings ${seconds(rollUp.ms + ratings.ms)} s; ` +
        `PostgreSQL temp files ${Math.round((Number(await pgTemp(db)) - Number(temp0)) / 1048576)} MB`,
    );
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 3 });
    const prefix = `bench-insights-${process.pid}`;
    const nightly = await timed('nightly job (refreshInsights), as scheduled', () =>
      refreshInsights({ dataSource: db, redisUrl: '', prefix, now: () => now }, redis).finally(() => redis.quit()),
    );
    console.log(
      `  ${nightly.result.rows} fact rows (three days), ${nightly.result.rated} cars rated; ` +
        `node peak RSS ${Math.round(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 1048576)} MB`,
    );

    const insights = new DealerInsights(db);
    const [big] = await db.query(`SELECT min(id) AS id FROM dealerships`);
    const times = [];
    let listed = 0;
    for (let i = 0; i < LIST_RUNS; i++) {
      const started = performance.now();
      const list = await insights.stock(
        [big.id],
        { sort: i % 2 ? 'views7' : 'days', order: 'desc', limit: 100, page: 1 + (i % 3) },
        now,
      );
      times.push(performance.now() - started);
      listed = list.matching;
    }
    console.log(
      `stock list api, pages of 100 of ${listed} live cars (query and shaping), ${LIST_RUNS} runs: ${percentiles(times)}`,
    );
  } finally {
    clearInterval(sampler);
    await db.destroy();
    await dropDatabase(url);
  }
  if (process.env.BENCH_INSIGHTS_PAGE !== '0') await stockListPage();
}

function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return `p50 ${Math.round(at(0.5))} ms, p95 ${Math.round(at(0.95))} ms, max ${Math.round(sorted.at(-1))} ms`;
}

/** A request through node:http, which lets the Host header name the site; resolves once the whole body is read. */
function request(method, url, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Part 2: the console's stock list page of a 2,000-car dealership, rendered by the built web. */
async function stockListPage() {
  const stack = platformStack({ name: 'insights', apiPort: API_PORT, webPort: WEB_PORT });
  const api = `http://127.0.0.1:${API_PORT}`;
  try {
    await stack.seed();
    const db = createDataSource({ url: stack.databaseUrl, poolSize: 2, applicationName: 'bench-insights-page' });
    await db.initialize();
    const now = new Date();
    let dealership;
    try {
      [dealership] = await db.query(
        `SELECT d.id, d.slug FROM dealerships d JOIN sites s ON s.id = d.site_id WHERE s.slug = $1 ORDER BY d.id LIMIT 1`,
        [PAGE_SITE],
      );
      if (!dealership) throw new Error(`The demo has no site ${PAGE_SITE} (BENCH_INSIGHTS_SITE)`);
      // The dealership's demo cars make way for 2,000 live ones listed over 200 days, viewed daily.
      await db.query(`UPDATE cars SET withdrawn_at = now() WHERE dealership_id = $1 AND withdrawn_at IS NULL`, [
        dealership.id,
      ]);
      await db.query(
        `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price, km, created_at, status)
         SELECT $1, 'B' || n, 'bench-' || n, 'used', m->>0, m->>1, y,
                round((m->>2)::int * power(0.88, 2026 - y) * (0.85 + 0.3 * random()) / 100) * 100,
                (2026 - y) * 15000 + (random() * 10000)::int, $2::timestamptz - ((random() * 200)::int || ' days')::interval, 'in_stock'
         FROM generate_series(1, $3::int) n
         CROSS JOIN LATERAL (SELECT $4::jsonb -> (n % ${MODELS.length}) AS m, 2017 + (n % 9) AS y) a`,
        [dealership.id, now.toISOString(), BIG, JSON.stringify(MODELS)],
      );
      await db.query(
        `INSERT INTO car_event_days (car_id, site_id, kind, day, dealership_id, count)
         SELECT c.id, d.site_id, 'view', g::date, c.dealership_id, (random() * 12)::int + 1
         FROM cars c JOIN dealerships d ON d.id = c.dealership_id
         CROSS JOIN LATERAL generate_series(GREATEST(c.created_at::date, $2::date - ${DAYS - 1}), $2::date, interval '1 day') g
         WHERE c.dealership_id = $1 AND c.withdrawn_at IS NULL
         ON CONFLICT DO NOTHING`,
        [dealership.id, now.toISOString()],
      );
      const from = new Date(now.getTime() - DAYS * 86_400_000).toISOString().slice(0, 10);
      await rollUpFacts(db, { from, to: now.toISOString().slice(0, 10), now, dealershipIds: [dealership.id] });
      await computeCarInsights(db, now);
    } finally {
      await db.destroy();
    }

    stack.start();
    const host = `${PAGE_SITE}.localhost:${WEB_PORT}`;
    await waitUntil(
      'the api',
      90,
      async () => (await request('GET', `${api}/health/ready`).catch(() => ({}))).status === 200,
    );
    const ops = { authorization: `Bearer ${stack.opsToken}`, 'content-type': 'application/json' };
    const user = await request('POST', `${api}/api/ops/dealerships/${dealership.slug}/users`, {
      headers: ops,
      body: JSON.stringify({ email: 'bench-owner@example.com', name: 'Bench Owner', role: 'owner' }),
    });
    if (user.status !== 201) throw new Error(`adding the owner answered ${user.status}: ${user.text}`);
    const link = await request('POST', `${api}/api/ops/dealer-users/${JSON.parse(user.text).id}/sign-in-link`, {
      headers: ops,
    });
    const token = new URL(JSON.parse(link.text).url).searchParams.get('token');
    const signedIn = await request('POST', `${api}/api/dealer/sign-in/link`, {
      headers: { 'content-type': 'application/json', 'x-site-slug': PAGE_SITE },
      body: JSON.stringify({ token }),
    });
    if (signedIn.status !== 200) throw new Error(`signing in answered ${signedIn.status}: ${signedIn.text}`);
    const cookie = String(signedIn.headers['set-cookie']?.[0] ?? '').split(';')[0];
    const page = (n = 1) =>
      request('GET', `http://127.0.0.1:${WEB_PORT}/dealer/insights${n > 1 ? `?page=${n}` : ''}`, {
        headers: { host, cookie },
      });
    await waitUntil('the web', 90, async () => (await page().catch(() => ({}))).status === 200);

    let rows = 0;
    let bytes = 0;
    for (let i = 0; i < PAGE_WARMUP; i++) await page(1 + (i % 3));
    const times = [];
    for (let i = 0; i < LIST_RUNS; i++) {
      const started = performance.now();
      const answer = await page(1 + (i % 3));
      times.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`the stock list page answered ${answer.status}`);
      rows = (answer.text.match(/<tr>/g) ?? []).length;
      bytes = Buffer.byteLength(answer.text);
    }
    console.log(
      `stock list page (/dealer/insights, pages 1-3, Next server render, ${rows} table rows, ${Math.round(bytes / 1024)} KB of HTML), ${LIST_RUNS} runs after ${PAGE_WARMUP}: ${percentiles(times)}`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
