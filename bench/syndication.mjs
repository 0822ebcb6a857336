#!/usr/bin/env node
// `npm run bench:syndication`: the Google and Meta feeds (issue 42) generated on a database of its
// own: one 2,000-car dealership, and 1,000 dealerships of 100 cars each; then 500-, 1,000- and
// 2,000-car dealerships each in a fresh process, to show the generation's memory does not grow
// with the feed. Every car has a VIN and stored photos (rows of `photos` marked stored), so it is
// written into both files. Prints seconds per feed and peak memory (the process's RSS high-water
// mark); never fails on time (non-zero exit only on a real error or a wrong count).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { createDataSource, ensureDatabase, runMigrations, dropDatabase } = require('@platform/db');
const { SyndicationFeedWriter } = require('@platform/stock');
const { SiteConfigStore } = require('@platform/site-config');

const SERVER = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const CHANNELS = ['google', 'meta'];
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** The child: generates both feeds of the given dealerships once each, and reports its figures as JSON. */
async function child(url, ids) {
  const db = createDataSource({ url, poolSize: 2, applicationName: 'bench-syndication' });
  await db.initialize();
  const writer = new SyndicationFeedWriter(db, new SiteConfigStore(db));
  const rssBefore = process.resourceUsage().maxRSS;
  const perFeed = [];
  let included = 0;
  let gzipBytes = 0;
  const started = process.hrtime.bigint();
  for (const id of ids)
    for (const channel of CHANNELS) {
      const t0 = process.hrtime.bigint();
      const result = await writer.generate(id, channel);
      perFeed.push(Number(process.hrtime.bigint() - t0) / 1e9);
      if (result.outcome !== 'generated') throw new Error(`dealership ${id} ${channel}: ${result.outcome}`);
      included += result.included;
      gzipBytes += result.gzipBytes;
    }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await db.destroy();
  process.stdout.write(
    JSON.stringify({ seconds, perFeed, included, gzipBytes, rssBefore, maxRss: process.resourceUsage().maxRSS }),
  );
}

/** `count` dealerships of `cars` cars each, every car listable by both channels. */
async function addDealerships(db, siteId, tag, count, cars) {
  const ids = await db.query(
    `INSERT INTO dealerships (site_id, slug, name)
     SELECT $1, $2 || '-' || n, 'Bench Motors ' || n FROM generate_series(1, $3) AS n RETURNING id`,
    [siteId, tag, count],
  );
  const dealershipIds = ids.map((row) => row.id);
  await db.query(
    `INSERT INTO locations (dealership_id, name, slug, "primary", street, city, state, postcode, time_zone, lat, long)
     SELECT d, 'Sales', 'sales-' || d, true, '1 Main St', 'Brisbane', 'QLD', '4000', 'Australia/Brisbane', -27.47, 153.02
     FROM unnest($1::int[]) AS d`,
    [dealershipIds],
  );
  // Cars in batches of dealerships, so one statement stays a few MB.
  const perBatch = Math.max(1, Math.floor(20_000 / cars));
  for (let i = 0; i < dealershipIds.length; i += perBatch) {
    const batch = dealershipIds.slice(i, i + perBatch);
    await db.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, badge, year, price, km, colour, simple_body, data)
       SELECT d, 'S' || n, 'bench-' || d || '-' || n, CASE WHEN n % 5 = 0 THEN 'new' ELSE 'used' END,
              'Toyota', 'Hilux', 'SR5', 2018 + n % 7, 30000 + (n * 37) % 40000, CASE WHEN n % 5 = 0 THEN 10 ELSE 5000 + n * 13 END,
              'White', 'ute',
              jsonb_build_object(
                'vin', 'JTDBR32E' || lpad(d::text, 4, '0') || lpad(n::text, 5, '0'),
                'dealercomments', 'One owner, full service history, "immaculate", tow bar, canopy, 5 seats.',
                'images', (SELECT jsonb_agg(jsonb_build_object('url', 'https://dealer.example/' || d || '/' || n || '-' || k || '.jpg')) FROM generate_series(1, 3) AS k))
       FROM unnest($1::int[]) AS d CROSS JOIN generate_series(1, $2) AS n`,
      [batch, cars],
    );
    await db.query(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height)
       SELECT d, 'https://dealer.example/' || d || '/' || n || '-' || k || '.jpg', 'stored',
              md5(d || '-' || n || '-' || k) || md5(k || '-' || n || '-' || d), 'jpeg', 1600, 1200
       FROM unnest($1::int[]) AS d CROSS JOIN generate_series(1, $2) AS n CROSS JOIN generate_series(1, 3) AS k`,
      [batch, cars],
    );
  }
  return dealershipIds;
}

function run(url, ids) {
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', url, ids.join(',')], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out);
}

async function main() {
  const url = `${SERVER}/bench_syndication_${process.pid}_${randomBytes(3).toString('hex')}`;
  await ensureDatabase(url);
  const db = createDataSource({ url, poolSize: 2, applicationName: 'bench-syndication' });
  await db.initialize();
  try {
    await runMigrations(db);
    const [site] = await db.query(`INSERT INTO sites (slug, name, config) VALUES ('bench', 'Bench', $1) RETURNING id`, [
      JSON.stringify({ syndication: { google_enabled: true, meta_enabled: true } }),
    ]);
    await db.query(`INSERT INTO site_hosts (host, site_id, "primary") VALUES ('bench.example.com.au', $1, true)`, [
      site.id,
    ]);
    const t0 = Date.now();
    const [big] = await addDealerships(db, site.id, 'big', 1, 2000);
    const sizes = {};
    for (const size of [500, 1000, 2000]) [sizes[size]] = await addDealerships(db, site.id, `size${size}`, 1, size);
    const small = await addDealerships(db, site.id, 'small', 1000, 100);
    await db.query('ANALYZE');
    console.log(`seeded 108,500 cars with 3 stored photos each in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)} at the start`);

    // Twice in one process: the first pass includes the process's first queries and code warming up.
    const one = run(url, [big, big]);
    const expectOne = 2 * 2 * 2000;
    if (one.included !== expectOne) throw new Error(`the 2,000-car feeds held ${one.included} cars, not ${expectOne}`);
    const [coldGoogle, coldMeta, google, meta] = one.perFeed.map((s) => s.toFixed(2));
    console.log(
      `2,000-car dealership: google ${google} s, meta ${meta} s per feed (first in a fresh process ${coldGoogle} s, ${coldMeta} s); ` +
        `${(one.gzipBytes / 2 / 1024).toFixed(0)} KB gzip for both; peak RSS ${mb(one.maxRss)}`,
    );

    const many = run(url, small);
    if (many.included !== 2 * 100_000) throw new Error(`the 1,000 dealerships' feeds held ${many.included} cars`);
    const sorted = [...many.perFeed].sort((a, b) => a - b);
    console.log(
      `1,000 dealerships of 100 cars: 2,000 feeds in ${many.seconds.toFixed(1)} s, ` +
        `${((many.seconds / many.perFeed.length) * 1000).toFixed(0)} ms per feed (p95 ${(sorted[Math.floor(sorted.length * 0.95)] * 1000).toFixed(0)} ms); peak RSS ${mb(many.maxRss)}`,
    );

    console.log('memory as the feed grows (a fresh process each; both feeds; RSS high-water before -> after):');
    for (const size of [500, 1000, 2000]) {
      const result = run(url, [sizes[size]]);
      console.log(
        `  ${String(size).padStart(5)} cars: ${result.perFeed.map((s) => s.toFixed(2)).join(' s, ')} s; ` +
          `peak RSS ${mb(result.rssBefore)} -> ${mb(result.maxRss)} (+${mb(result.maxRss - result.rssBefore)})`,
      );
    }
  } finally {
    await db.destroy();
    await dropDatabase(url);
  }
}

if (process.argv[2] === '--child')
  await child(
    process.argv[3],
    process.argv[4].split(',').map((id) => Number(id)),
  );
else await main();
