#!/usr/bin/env node
// `npm run bench:media`: a dealer's photos through the real pipeline (issue 38). A local photo host
// serves BENCH_MEDIA_CARS cars x BENCH_MEDIA_PHOTOS distinct camera JPEGs of 1-3 MB (each address
// its own bytes, so nothing is saved by the content hash); the built api and worker (production
// mode, their own database, Redis prefix and media folder) take one feed snapshot naming them all,
// then the same snapshot again. Prints photos per second, seconds until every car's first photo
// (images position 0) is servable (stored: the pages draw a stored photo, and the api makes a
// variant not made yet on its first request) and until every photo is stored, seconds until every
// first photo's eager variants are made ahead (by the mediaVariants queue, after the photo is
// stored), bytes stored, variants made, the worker's peak memory and what the second snapshot
// fetched again. The last line is the summary. Figures only; never fails on time.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntil } from './platform-stack.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { createDataSource, ensureDatabase, runMigrations, dropDatabase } = require('@platform/db');
const { renderDemoPhoto, renderVehicleSvg, DEMO_BODY_TYPES } = require('@platform/seed');
const { EAGER_PHOTO_VARIANTS } = require('@platform/domain');

const CARS = Number(process.env.BENCH_MEDIA_CARS ?? 2000);
const PHOTOS = Number(process.env.BENCH_MEDIA_PHOTOS ?? 20);
const POOL = Number(process.env.BENCH_MEDIA_POOL ?? 24);
const SERVER = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
const DATABASE_URL = `${SERVER}/platform_bench_media_${tag}`;
const OPS_TOKEN = randomBytes(24).toString('hex');
const PORT = Number(process.env.BENCH_API_PORT ?? 3221);
const api = `http://127.0.0.1:${PORT}`;
const mediaDir = mkdtempSync(path.join(tmpdir(), 'bench-media-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL,
  REDIS_URL,
  REDIS_PREFIX: `bench-media-${tag}`,
  OPS_TOKEN,
  AUTH_SECRET: randomBytes(32).toString('hex'),
  ALERT_LINK_SECRET: randomBytes(32).toString('hex'),
  // Production mode wants these; the bench signs no one in and takes no payment.
  SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused-by-the-media-bench',
  SMTP_URL: 'smtp://127.0.0.1:9',
  STRIPE_SECRET_KEY: 'sk_test_unused_by_the_bench',
  STRIPE_WEBHOOK_SECRET: 'whsec_unused_by_the_bench',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_unused_by_the_bench',
  STRIPE_API_URL: 'http://127.0.0.1:9',
  // The photo host is on loopback, which production refuses unless it is listed.
  OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
  MEDIA_STORE: 'local',
  MEDIA_STORE_DIR: mediaDir,
  PORT: String(PORT),
  WORKER_PORT: String(PORT + 1),
  LOG_LEVEL: 'warn',
};

// --- The photo host: POOL camera photos, each address made distinct by a JPEG comment. ---
const pool = [];
const t0pool = performance.now();
for (let i = 0; i < POOL; i++) {
  const body = DEMO_BODY_TYPES[i % DEMO_BODY_TYPES.length];
  // Two camera sizes: 2400 x 1500 (about 1 MB) and 3200 x 2000 (about 2 MB).
  const size = i % 2 === 0 ? { width: 2400, height: 1500 } : { width: 3200, height: 2000 };
  pool.push(await renderDemoPhoto(renderVehicleSvg(body, 1 + (i % 6)), 1000 + i, size));
}
const poolMs = performance.now() - t0pool;
/** The photo at an address: a pool photo with the address in a COM segment after SOI (its own hash). */
function photoAt(name) {
  const base = pool[Number.parseInt(createHash('sha1').update(name).digest('hex').slice(0, 8), 16) % POOL];
  const text = Buffer.from(`bench ${name}`);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]), text]);
  return Buffer.concat([base.subarray(0, 2), segment, base.subarray(2)]);
}
const hostCounts = { sent: 0, notModified: 0, bytes: 0 };
const etagOf = (name) => `"${createHash('sha1').update(name).digest('hex')}"`;
const host = createServer((request, response) => {
  const name = /^\/photos\/(c\d+-\d+\.jpg)$/.exec(request.url ?? '')?.[1];
  if (!name) return response.writeHead(404).end();
  const etag = etagOf(name);
  if (request.headers['if-none-match'] === etag) {
    hostCounts.notModified += 1;
    return response.writeHead(304, { etag }).end();
  }
  const bytes = photoAt(name);
  hostCounts.sent += 1;
  hostCounts.bytes += bytes.length;
  response.writeHead(200, { etag, 'content-type': 'image/jpeg', 'content-length': bytes.length }).end(bytes);
});
await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
const photoBase = `http://127.0.0.1:${host.address().port}/photos`;

function carAt(i) {
  return {
    stocknum: `M${String(i).padStart(6, '0')}`,
    make: 'Toyota',
    model: ['Hilux', 'Corolla', 'RAV4'][i % 3],
    year: 2015 + (i % 10),
    car_type: 'used',
    price: 19990 + (i % 50) * 1000,
    km: (i * 7919) % 200000,
    images: Array.from({ length: PHOTOS }, (_, k) => `${photoBase}/c${i}-${k}.jpg`),
  };
}

const children = [];
function start(name, script) {
  const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  children.push(child);
  return child;
}
/** Until the address answers 200 (the platform's health routes). */
const waitFor = (url, seconds) =>
  waitUntil(url, seconds, async () => {
    try {
      return (await fetch(url)).ok;
    } catch {
      return false; // not up yet
    }
  });
async function json(method, route, { body, headers = {} } = {}) {
  const response = await fetch(`${api}${route}`, { method, body, headers });
  const parsed = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed;
}
/** The worker's peak resident memory so far (VmHWM), in MB. */
const peakMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
};
const folderBytes = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size, 0);

await ensureDatabase(DATABASE_URL);
const dataSource = createDataSource({ url: DATABASE_URL, poolSize: 2, applicationName: 'bench-media' });
await dataSource.initialize();
let summary = null;
try {
  await runMigrations(dataSource);
  const [site] = await dataSource.query(
    `INSERT INTO sites (slug, name) VALUES ('bench-media', 'Bench Media') RETURNING id`,
  );
  const [dealer] = await dataSource.query(
    `INSERT INTO dealerships (site_id, slug, name) VALUES ($1, 'bench-photos', 'Bench Photos') RETURNING id`,
    [site.id],
  );
  await dataSource.query(
    `INSERT INTO locations (dealership_id, name, slug, "primary", street, city, state, postcode, time_zone) VALUES ($1, 'Bench Yard', 'bench-yard', true, '1 Test St', 'Geelong', 'VIC', '3220', 'Australia/Melbourne')`,
    [dealer.id],
  );
  start('api', 'services/api/dist/main.js');
  const worker = start('worker', 'services/worker/dist/main.js');
  await Promise.all([waitFor(`${api}/health/ready`, 60), waitFor(`http://127.0.0.1:${PORT + 1}/health/ready`, 60)]);
  const { key } = await json('POST', '/api/ops/dealerships/bench-photos/feed-keys', {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
  });
  const body = JSON.stringify(Array.from({ length: CARS }, (_, i) => carAt(i)));

  async function push() {
    const { feedRunId } = await json('POST', '/api/feeds/bench-photos', {
      body,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });
    let run;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      run = await json('GET', `/api/feeds/runs/${feedRunId}`, { headers: { authorization: `Bearer ${key}` } });
    } while (run.status === 'queued' || run.status === 'running');
    if (run.status !== 'succeeded') throw new Error(`feed run ended ${run.status}`);
  }
  // A first photo is servable once stored and its car settled (settle_due cleared: the car's
  // projection and pages take it). A first photo's variants are done once all its eager ones are
  // made, or once it is refused (undecodable, found by its variants job): then none are owed.
  // Every photo is done once it has a state and its cars are settled.
  const counts = async () => {
    const [row] = await dataSource.query(
      `SELECT
         (SELECT count(*)::int FROM car_photos cp JOIN photos p ON p.id = cp.photo_id
           WHERE cp.field = 'images' AND cp.position = 0 AND p.status = 'stored' AND NOT p.settle_due) AS first_stored,
         (SELECT count(*)::int FROM car_photos cp JOIN photos p ON p.id = cp.photo_id
           WHERE cp.field = 'images' AND cp.position = 0 AND p.status <> 'pending'
             AND (p.status <> 'stored' OR p.variants @> $1::text[])) AS first_variants,
         (SELECT count(*)::int FROM photos WHERE status <> 'pending' AND NOT settle_due) AS settled,
         (SELECT count(*)::int FROM photos) AS total,
         (SELECT count(*)::int FROM photos WHERE status = 'stored') AS stored,
         (SELECT coalesce(sum(cardinality(variants)), 0)::int FROM photos) AS variants`,
      [EAGER_PHOTO_VARIANTS],
    );
    return row;
  };

  console.log(
    `media bench: ${CARS} cars x ${PHOTOS} photos from a local host (pool of ${POOL} camera JPEGs made in ${(poolMs / 1000).toFixed(1)} s, ` +
      `${(pool.reduce((s, b) => s + b.length, 0) / POOL / 1e6).toFixed(2)} MB average)`,
  );
  const t0 = performance.now();
  await push();
  const applied = performance.now();
  let firstAt = null;
  let allAt = null;
  let variantsAt = null;
  let now = await counts();
  for (;;) {
    const at = performance.now();
    if (firstAt === null && now.first_stored >= CARS) firstAt = at;
    if (allAt === null && now.total > 0 && now.settled >= now.total) allAt = at;
    if (variantsAt === null && now.first_variants >= CARS) variantsAt = at;
    if (allAt !== null && variantsAt !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
    now = await counts();
  }
  // A first photo refused never counts as stored: then the time is when every photo settled.
  if (firstAt === null) firstAt = allAt;
  const seconds = (ms) => ms / 1000;
  const fetched = hostCounts.sent;
  const storedBytes = folderBytes(mediaDir);
  console.log(`  feed applied in ${seconds(applied - t0).toFixed(1)} s`);
  console.log(
    `  first photo of every car servable (stored, car settled) at ${seconds(firstAt - t0).toFixed(1)} s; all ${now.total} photos settled at ${seconds(allAt - t0).toFixed(1)} s (${now.stored} stored)`,
  );
  console.log(`  first photos' variants made ahead at ${seconds(variantsAt - t0).toFixed(1)} s`);
  console.log(
    `  ${(now.total / seconds(allAt - t0)).toFixed(1)} photos/s; fetched ${fetched} (${(hostCounts.bytes / 1e9).toFixed(2)} GB); stored ${(storedBytes / 1e9).toFixed(2)} GB; ${now.variants} variants`,
  );

  // The same snapshot again: nothing changed, so no photo bytes should come back.
  const sentBefore = hostCounts.sent;
  const t1 = performance.now();
  await push();
  // Let the relay and workers act on whatever the second run queued.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  let pending = 1;
  while (pending > 0) {
    [{ pending }] = await dataSource.query(
      `SELECT (SELECT count(*)::int FROM photo_fetches) + (SELECT count(*)::int FROM photos WHERE status = 'pending') AS pending`,
    );
    if (pending > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const refetched = hostCounts.sent - sentBefore;
  console.log(
    `  identical snapshot: settled in ${seconds(performance.now() - t1).toFixed(1)} s, refetched ${refetched}, conditional 304s ${hostCounts.notModified}`,
  );
  const peak = peakMb(worker.pid);
  summary = `media: first photos in ${seconds(firstAt - t0).toFixed(1)} s, all photos in ${seconds(allAt - t0).toFixed(1)} s, refetched ${refetched}, peak worker ${Math.round(peak)} MB`;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  host.close();
  await dataSource.destroy();
  await dropDatabase(DATABASE_URL).catch(() => undefined);
  rmSync(mediaDir, { recursive: true, force: true });
}
if (summary) console.log(summary);
