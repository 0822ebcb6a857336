#!/usr/bin/env node
// `npm run bench:alerts`: 10,000 saved searches (one shopper each) on one site of its own database,
// then a 10,000-car snapshot through the real pipeline (intake, ingest, the indexer's drain into the
// PostgreSQL search projection) and the alert matcher and dispatcher, timed end to end. Then the
// same snapshot again (nothing may be sent) and a brute-force cross-check of a sample of searches.
// Prints figures; never fails on time (non-zero exit only on a real error or a wrong count).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';

const require = createRequire(import.meta.url);
const { createDataSource, ensureDatabase, runMigrations, dropDatabase } = require('@platform/db');
const { PostgresSearchEngine } = require('@platform/search');
const { FeedIntake, FeedIngest, SiteIndexer, documentsAfter } = require('@platform/stock');
const { AlertMatcher, AlertDispatcher } = require('@platform/leads');
const { SavedSearchCriteriaSchema, matchesSavedSearch, selectiveKeys, savedSearchName } = require('@platform/domain');
const { createStockFixture } = require('@platform/testing');
const { VEHICLE_MODELS } = require('@platform/seed');

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 10000);
const CARS = Number(process.env.BENCH_CARS ?? 10000);
const CROSS_CHECKS = 200;
const SERVER = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
if (![SEARCHES, CARS].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('BENCH_SEARCHES and BENCH_CARS must be positive integers');

// A seeded generator, so every run matches the same cars against the same searches.
let state = 0x2545f491;
const random = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

// The demo catalogue's models (make, model, body, badges with their new prices), as the seed uses them.
const MODELS = VEHICLE_MODELS.filter((model) => !model.caravan && model.since <= 2022);
const COLOURS = ['White', 'Black', 'Silver', 'Grey', 'Blue', 'Red'];
const STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA'];
const NOW_YEAR = 2026;

function car(index) {
  const model = pick(MODELS);
  const [badge, newPrice] = pick(model.badges);
  const year = Math.max(model.since, 2012) + Math.floor(random() * (NOW_YEAR - Math.max(model.since, 2012) + 1));
  const age = NOW_YEAR - year;
  return {
    stocknum: `B${index}`,
    make: model.make,
    model: model.model,
    badge,
    year,
    car_type: age === 0 ? 'new' : 'used',
    price: Math.round((newPrice * model.depreciation ** age * (0.9 + random() * 0.2)) / 100) * 100,
    km: age === 0 ? 10 : Math.round(age * (8000 + random() * 14000)),
    body: model.body_label,
    colour: pick(COLOURS),
  };
}

/** Searches as shoppers make them: mostly one model under a price, some a make and body, a few only a body. */
function criteria() {
  const model = pick(MODELS);
  const [, newPrice] = pick(model.badges);
  const cap = Math.round((newPrice * (0.5 + random() * 0.5)) / 1000) * 1000;
  const filters = {};
  const ranges = { price: `:${cap}` };
  const roll = random();
  if (roll < 0.65) {
    filters.make_model = [`${model.make}:${model.model}`];
    if (random() < 0.5) ranges.year = `${2016 + Math.floor(random() * 8)}:`;
    if (random() < 0.6) filters.car_type = ['used'];
  } else if (roll < 0.85) {
    filters.make = [model.make];
    filters.body = [model.body];
  } else {
    filters.body = [model.body];
    filters.state = [pick(STATES)];
    ranges.km = `:${50000 + Math.floor(random() * 4) * 25000}`;
  }
  return SavedSearchCriteriaSchema.parse({ filters, ranges });
}

const ms = (start) => Math.round(performance.now() - start);
const url = `${SERVER}/platform_bench_alerts_${tag}`;

async function main() {
  console.log(`bench:alerts: ${SEARCHES.toLocaleString()} saved searches, ${CARS.toLocaleString()}-car snapshot`);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  await ensureDatabase(url);
  const db = createDataSource({ url, poolSize: 4 });
  await db.initialize();
  try {
    await runMigrations(db);
    const fixture = await createStockFixture(db, 'bench');
    const siteId = fixture.siteId;

    let start = performance.now();
    const shopperIds = (
      await db.query(
        `INSERT INTO shoppers (site_id, phone) SELECT $1, '+614' || lpad(n::text, 8, '0') FROM generate_series(1, $2) n RETURNING id`,
        [siteId, SEARCHES],
      )
    ).map((row) => row.id);
    const all = shopperIds.map(() => criteria());
    const CHUNK = 2000;
    for (let i = 0; i < all.length; i += CHUNK) {
      const part = all.slice(i, i + CHUNK);
      await db.query(
        `INSERT INTO saved_searches (shopper_id, site_id, name, criteria, page_path, selective_keys)
         SELECT s, $1, n, c::jsonb, '/search', string_to_array(k, '|')
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) AS t(s, n, c, k)`,
        [
          siteId,
          shopperIds.slice(i, i + CHUNK),
          part.map((c) => savedSearchName(c)),
          part.map((c) => JSON.stringify(c)),
          part.map((c) => selectiveKeys(c).join('|')),
        ],
      );
    }
    const catchAll = all.filter((c) => selectiveKeys(c)[0] === '*').length;
    console.log(
      `setup: ${SEARCHES.toLocaleString()} saved searches in ${ms(start)} ms (${catchAll} filed under the match-all key)`,
    );

    const snapshot = Array.from({ length: CARS }, (_, i) => car(i + 1));
    const intake = new FeedIntake(db);
    const ingest = new FeedIngest(db);
    const indexer = new SiteIndexer(db, new PostgresSearchEngine(db));
    const matcher = new AlertMatcher(db, { maxPerDay: 10 });
    const dispatcher = new AlertDispatcher(db, { maxPerDay: 10 });
    const push = async (cars, dispatch = dispatcher, match = matcher) => {
      const t0 = performance.now();
      const id = await intake.receive({
        dealershipId: fixture.north.id,
        mode: 'snapshot',
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify(cars)),
      });
      const run = await ingest.run(id);
      if (run.status === 'failed') throw new Error('the snapshot failed to apply');
      const tIngest = ms(t0);
      const t1 = performance.now();
      await indexer.drain(siteId);
      const tIndex = ms(t1);
      const t2 = performance.now();
      const matched = await match.run(siteId);
      const tMatch = ms(t2);
      const t3 = performance.now();
      const notifications = await dispatch.dispatchInstant();
      const tDispatch = ms(t3);
      return { tIngest, tIndex, tMatch, tDispatch, total: ms(t0), matched, notifications };
    };

    const first = await push(snapshot);
    const [{ shoppers }] = await db.query(`SELECT count(DISTINCT shopper_id)::int AS shoppers FROM shopper_alerts`);
    const [{ capped }] = await db.query(`SELECT count(*)::int AS capped FROM shopper_alerts WHERE status = 'capped'`);
    console.log(
      `snapshot 1 (all new): ingest ${first.tIngest} ms, index ${first.tIndex} ms, match ${first.tMatch} ms, dispatch ${first.tDispatch} ms; end to end ${(first.total / 1000).toFixed(2)} s`,
    );
    console.log(
      `  ${first.matched.cars.toLocaleString()} cars matched against ${SEARCHES.toLocaleString()} searches: ${(first.matched.alerts + first.matched.counted).toLocaleString()} matches, ${first.matched.alerts.toLocaleString()} stored as alerts for ${shoppers.toLocaleString()} shoppers and ${first.matched.counted.toLocaleString()} counted beyond a search's daily allowance of 10; ${first.notifications.toLocaleString()} notifications sent, ${capped.toLocaleString()} alerts over a shopper's daily limit of 10`,
    );

    const again = await push(snapshot);
    console.log(
      `snapshot 2 (the same again): end to end ${(again.total / 1000).toFixed(2)} s, ${again.matched.cars} cars changed, ${again.matched.alerts} alerts, ${again.notifications} notifications`,
    );
    if (again.matched.alerts + again.matched.counted !== 0 || again.notifications !== 0)
      throw new Error('the unchanged snapshot alerted');

    // Brute force on a sample: every listed car against the search, by the domain rule alone.
    const documents = [];
    for (let after = 0; ;) {
      const page = await documentsAfter(db.manager, siteId, after, 1000, new Date());
      if (page.length === 0) break;
      documents.push(...page);
      after = page[page.length - 1].id;
    }
    const rows = await db.query(
      `SELECT s.id, s.criteria, (SELECT count(*)::int FROM shopper_alerts a WHERE a.saved_search_id = s.id)
         + (SELECT coalesce(sum(u.matches), 0)::int FROM saved_search_unstored_matches u WHERE u.saved_search_id = s.id) AS alerts
       FROM saved_searches s ORDER BY s.id LIMIT $1`,
      [CROSS_CHECKS],
    );
    let agree = 0;
    for (const row of rows)
      if (documents.filter((d) => matchesSavedSearch(d, row.criteria)).length === row.alerts) agree += 1;
    console.log(
      `cross-check: ${agree} of ${rows.length} sampled searches have exactly the matches (stored and counted) a full scan finds`,
    );
    if (agree !== rows.length) throw new Error('the matcher and the full scan disagree');

    // The next day's feed: 2,000 shoppers follow a car each; the snapshot drops 317 prices by 5%,
    // sells 500 cars (missing from it) and lists 500 new ones.
    await db.query(
      `INSERT INTO watchlist_items (shopper_id, car_id)
       SELECT s.id, c.id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM shoppers LIMIT 2000) s
       JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM cars) c ON c.n = (s.n * 7919) % $1 + 1`,
      [CARS],
    );
    const day = snapshot
      .slice(0, CARS - 500)
      .map((c, i) => (i % 30 === 0 ? { ...c, price: Math.round(c.price * 0.95) } : c));
    for (let i = 0; i < 500; i++) day.push(car(CARS + i + 1));
    const before = Object.fromEntries(
      (await db.query(`SELECT kind, count(*)::int AS n FROM shopper_alerts GROUP BY kind`)).map((r) => [r.kind, r.n]),
    );
    // The next day: each shopper's daily allowance starts again.
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const daily = await push(
      day,
      new AlertDispatcher(db, { maxPerDay: 10, now: () => tomorrow }),
      new AlertMatcher(db, { maxPerDay: 10, now: () => tomorrow }),
    );
    const after = Object.fromEntries(
      (await db.query(`SELECT kind, count(*)::int AS n FROM shopper_alerts GROUP BY kind`)).map((r) => [r.kind, r.n]),
    );
    const made = (kind) => (after[kind] ?? 0) - (before[kind] ?? 0);
    console.log(
      `snapshot 3 (a day's feed: ${Math.ceil((CARS - 500) / 30)} price drops, 500 sold, 500 new): ingest ${daily.tIngest} ms, index ${daily.tIndex} ms, match ${daily.tMatch} ms, dispatch ${daily.tDispatch} ms; end to end ${(daily.total / 1000).toFixed(2)} s`,
    );
    console.log(
      `  ${daily.matched.cars.toLocaleString()} changed cars: ${made('new_match')} new matches stored (${daily.matched.counted} counted), ${made('price_drop')} price drops, ${made('sold')} sold alerts to followers; ${daily.notifications} notifications sent`,
    );
  } finally {
    await db.destroy();
    await dropDatabase(url);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
