#!/usr/bin/env node
// `npm run bench:insights`: stock insights (issue 41) at platform scale, in a database of its own.
// 1,000 dealerships x 100 cars (one dealership with 2,000, for the console's stock list), 90 days of
// raw events (views and phone reveals per car and day, leads) generated with set-based SQL; then the
// nightly work timed: the roll-up of 90 days into car_daily_facts and the ratings of every live car.
// Then the console's stock list of the 2,000-car dealership (the api's DealerInsights.stock, the
// query and shaping the endpoint serves) 30 times: p50 and p95. Prints figures; never fails on time.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';

const require = createRequire(import.meta.url);
const { createDataSource, ensureDatabase, runMigrations, dropDatabase } = require('@platform/db');
const { rollUpAll, computeCarInsights } = require('@platform/events');
const { DealerInsights } = require('../services/api/dist/dealer/dealer-insights.js');

const DEALERSHIPS = Number(process.env.BENCH_DEALERSHIPS ?? 1000);
const CARS = Number(process.env.BENCH_CARS_PER_DEALERSHIP ?? 100);
const BIG = Number(process.env.BENCH_STOCK_LIST_CARS ?? 2000);
const DAYS = 90;
const LIST_RUNS = 30;
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
    const rollUp = await timed('roll-up: 90 days into car_daily_facts', () => rollUpAll(db, { from, to, now }));
    const ratings = await timed('ratings: every live car', () => computeCarInsights(db, now));
    console.log(
      `  ${rollUp.result.rows} fact rows, ${ratings.result.rated} cars rated; nightly total ${seconds(rollUp.ms + ratings.ms)} s; ` +
        `node peak RSS ${Math.round(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 1048576)} MB; ` +
        `PostgreSQL temp files ${Math.round((Number(await pgTemp(db)) - Number(temp0)) / 1048576)} MB`,
    );

    const insights = new DealerInsights(db);
    const [big] = await db.query(`SELECT min(id) AS id FROM dealerships`);
    const times = [];
    let listed = 0;
    for (let i = 0; i < LIST_RUNS; i++) {
      const started = performance.now();
      const list = await insights.stock([big.id], { sort: i % 2 ? 'views7' : 'days', order: 'desc', limit: 2000 }, now);
      times.push(performance.now() - started);
      listed = list.cars.length;
    }
    times.sort((a, b) => a - b);
    const at = (p) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)];
    console.log(
      `stock list of ${listed} live cars (api query and shaping), ${LIST_RUNS} runs: p50 ${Math.round(at(0.5))} ms, p95 ${Math.round(at(0.95))} ms`,
    );
  } finally {
    clearInterval(sampler);
    await db.destroy();
    await dropDatabase(url);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
