#!/usr/bin/env node
// `npm run bench:ingest`: pushes a 10,000-car snapshot through the real api and worker (built
// dist, their own database and Redis prefix), waits until every car is searchable, and prints
// cars/s end to end; then loads the same rows with COPY for comparison. Prints figures; never fails
// on time.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { createDataSource, ensureDatabase, runMigrations, dropDatabase } = require('@platform/db');
const { createSearchEngine, searchIndexPrefix } = require('@platform/search');
const { siteConfigStore } = require('@platform/site-config');
const { SearchRequestSchema } = require('@platform/domain');
const { from: copyFrom } = require('pg-copy-streams');
const Redis = require('ioredis');

const CARS = Number(process.env.BENCH_CARS ?? 10000);
const SERVER = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
const DATABASE_URL = `${SERVER}/platform_bench_${tag}`;
const REDIS_PREFIX = `bench-${tag}`;
const OPS_TOKEN = randomBytes(24).toString('hex');
const AUTH_SECRET = randomBytes(32).toString('hex');
const ALERT_LINK_SECRET = randomBytes(32).toString('hex');
const PORT = Number(process.env.BENCH_API_PORT ?? 3201);
const api = `http://127.0.0.1:${PORT}`;
// Production mode refuses to start without an SMS gateway and a mail server (sign-in needs them);
// the bench never signs anyone in, so placeholder addresses that are never called stand in.
const SMS_GATEWAY_URL = 'http://127.0.0.1:9/unused-by-the-ingest-bench';
const SMTP_URL = 'smtp://127.0.0.1:9';
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL,
  REDIS_URL,
  REDIS_PREFIX,
  OPS_TOKEN,
  AUTH_SECRET,
  ALERT_LINK_SECRET,
  SMS_GATEWAY_URL,
  SMTP_URL,
  PORT: String(PORT),
  WORKER_PORT: String(PORT + 1),
  LOG_LEVEL: 'warn',
};

const MAKES = [
  ['Toyota', ['Hilux', 'Corolla', 'RAV4', 'LandCruiser']],
  ['Mazda', ['CX-5', 'BT-50', 'Mazda3']],
  ['Isuzu', ['D-Max', 'MU-X']],
  ['Ford', ['Ranger', 'Everest']],
  ['Kia', ['Sportage', 'Seltos']],
];
function carAt(i) {
  const [make, models] = MAKES[i % MAKES.length];
  return {
    stocknum: `B${String(i).padStart(6, '0')}`,
    make,
    model: models[Math.floor(i / MAKES.length) % models.length],
    year: 2012 + (i % 13),
    car_type: ['new', 'used', 'demo'][i % 3],
    price: 9990 + (i % 70) * 1000,
    km: (i * 7919) % 200000,
    colour: ['White', 'Black', 'Silver', 'Red', 'Blue'][i % 5],
    simple_body: ['suv', 'ute', 'hatch', 'sedan'][i % 4],
    features: ['Reversing camera', 'Bluetooth', 'Cruise control'].slice(0, 1 + (i % 3)),
    images: [`/media/demo/suv-${1 + (i % 4)}.svg`],
    dealercomments: 'One owner, full service history, immaculate condition inside and out.',
  };
}

const children = [];
function start(name, script) {
  const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  children.push(child);
}

async function waitFor(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function json(method, route, { body, headers = {} } = {}) {
  const response = await fetch(`${api}${route}`, { method, body, headers });
  const parsed = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

await ensureDatabase(DATABASE_URL);
const dataSource = createDataSource({ url: DATABASE_URL, poolSize: 4, applicationName: 'bench' });
await dataSource.initialize();
const redis = new Redis(REDIS_URL);
try {
  await runMigrations(dataSource);
  const [site] = await dataSource.query(
    `INSERT INTO sites (slug, name) VALUES ('bench-motors', 'Bench Motors') RETURNING id`,
  );
  const [dealer] = await dataSource.query(
    `INSERT INTO dealerships (site_id, slug, name) VALUES ($1, 'bench-dealer', 'Bench Dealer') RETURNING id`,
    [site.id],
  );
  await dataSource.query(
    `INSERT INTO locations (dealership_id, name, slug, "primary", street, city, state, postcode, time_zone) VALUES ($1, 'Bench Sales', 'bench-sales', true, '1 Test St', 'Brisbane', 'QLD', '4000', 'Australia/Brisbane')`,
    [dealer.id],
  );

  start('api', 'services/api/dist/main.js');
  start('worker', 'services/worker/dist/main.js');
  await Promise.all([waitFor(`${api}/health/ready`, 60), waitFor(`http://127.0.0.1:${PORT + 1}/health/ready`, 60)]);
  const { key } = await json('POST', '/api/ops/dealerships/bench-dealer/feed-keys', {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
  });

  const cars = Array.from({ length: CARS }, (_, i) => carAt(i));
  const body = JSON.stringify(cars);
  const engine = createSearchEngine({
    dataSource,
    opensearchUrl: process.env.OPENSEARCH_URL || undefined,
    indexPrefix: searchIndexPrefix(REDIS_PREFIX),
  });
  const scope = await siteConfigStore(dataSource).searchScope(site.id);
  const countRequest = SearchRequestSchema.parse({ hitsPerPage: 1, facets: [] });

  const t0 = performance.now();
  const { feedRunId } = await json('POST', '/api/feeds/bench-dealer', {
    body,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  const accepted = performance.now();
  let run;
  do {
    await new Promise((resolve) => setTimeout(resolve, 50));
    run = await json('GET', `/api/feeds/runs/${feedRunId}`, { headers: { authorization: `Bearer ${key}` } });
  } while (run.status === 'queued' || run.status === 'running');
  const ingested = performance.now();
  if (run.status !== 'succeeded') throw new Error(`feed run ended ${run.status}: ${JSON.stringify(run).slice(0, 500)}`);
  let searchable = 0;
  while (searchable < CARS) {
    searchable = (await engine.query(scope, countRequest)).count;
    if (searchable < CARS) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const done = performance.now();
  const endToEnd = done - t0;

  // The same rows, loaded straight into a copy of the cars table with COPY: the floor for comparison.
  await dataSource.query(`CREATE TABLE bench_copy (LIKE cars INCLUDING DEFAULTS)`);
  const csvField = (value) => (value === null || value === undefined ? '' : `"${String(value).replace(/"/g, '""')}"`);
  const lines = cars.map(
    (car, i) =>
      [
        i + 1,
        dealer.id,
        car.stocknum,
        `bench-${car.stocknum}`,
        car.car_type,
        car.make,
        car.model,
        car.year,
        car.price,
        car.km,
        car.colour,
        car.simple_body,
        JSON.stringify({ features: car.features, images: car.images, dealercomments: car.dealercomments }),
      ]
        .map(csvField)
        .join(',') + '\n',
  );
  const client = await dataSource.driver.master.connect();
  const c0 = performance.now();
  try {
    await pipeline(
      Readable.from(lines),
      client.query(
        copyFrom(
          `COPY bench_copy (id, dealership_id, stocknum, slug, car_type, make, model, year, price, km, colour, simple_body, data) FROM STDIN WITH (FORMAT csv)`,
        ),
      ),
    );
  } finally {
    client.release();
  }
  const copyMs = performance.now() - c0;

  const mb = (body.length / 1024 / 1024).toFixed(1);
  process.stdout.write(
    [
      `ingest benchmark: ${CARS} cars, ${mb} MB JSON snapshot, search engine ${engine.kind}`,
      `  accepted (stored, 202)     ${seconds(accepted - t0)}`,
      `  applied (run ${run.status})   ${seconds(ingested - t0)}   counts ${JSON.stringify(run.counts)}`,
      `  all searchable             ${seconds(endToEnd)}`,
      `  end to end                 ${Math.round(CARS / (endToEnd / 1000))} cars/s`,
      `  COPY of the same rows      ${seconds(copyMs)} (${Math.round(CARS / (copyMs / 1000))} cars/s)`,
      `  ratio end to end / COPY    ${(endToEnd / copyMs).toFixed(1)}x`,
      '',
    ].join('\n'),
  );
  await engine.close();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map(
      (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve))),
    ),
  );
  const keys = await redis.keys(`${REDIS_PREFIX}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await dataSource.destroy();
  await dropDatabase(DATABASE_URL);
}
