#!/usr/bin/env node
// `npm run bench:onboarding` (issue 51): dealers onboarded one after another into a running
// platform, each timed until it is live. The built api and worker start on a freshly seeded demo
// database of their own (bench/platform-stack.mjs, no web); then for each of BENCH_ONBOARDING_DEALERS
// (100) dealers, in turn:
// - a document made from infra/onboarding/example-dealer.json with its own site slug, dealership
//   slug, location slugs, owner and development host (`bench-dealer-<i>`,
//   `bench-dealer-<i>.localhost`) is posted to `POST /api/ops/onboarding`;
// - the feed key in the answer pushes a JSON snapshot of 20-50 cars without photos (so nothing is
//   fetched) to `POST /api/feeds/{dealership}`;
// - the site's search (`POST /api/sites/{slug}/search`) is polled every BENCH_POLL_MS (100) until
//   it answers every pushed car.
// 'Live' is from the onboarding POST to the first search that answers the cars; a dealer not live
// within BENCH_LIVE_TIMEOUT_SECONDS (120) is an error, as is a failed POST or push. After each
// dealer its feed run is read back, to split the time into onboarding, push, queue, apply and
// search. Prints a line per 10 dealers, the percentiles and breakdown, and last
// `onboarding: N dealers, p95 live X s, errors E`. Prints figures; never fails on time: exits 1
// when a dealer errs or the stack does not start, 0 otherwise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { platformStack, root, waitUntil } from './platform-stack.mjs';

const numberFrom = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
};
const DEALERS = numberFrom('BENCH_ONBOARDING_DEALERS', 100);
const POLL_MS = numberFrom('BENCH_POLL_MS', 100);
const LIVE_TIMEOUT_SECONDS = numberFrom('BENCH_LIVE_TIMEOUT_SECONDS', 120);
const API_PORT = numberFrom('BENCH_API_PORT', 3501);
const API = `http://127.0.0.1:${API_PORT}`;

const example = JSON.parse(readFileSync(path.join(root, 'infra/onboarding/example-dealer.json'), 'utf8'));
const stack = platformStack({ name: 'onboarding', apiPort: API_PORT, webPort: API_PORT + 1, web: false });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
};
const s = (ms) => (ms / 1000).toFixed(1);

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

/** The example dealer as dealer `i`: every slug, host and owner its own, the rest as in the example. */
function documentFor(i) {
  const slug = `bench-dealer-${i}`;
  const doc = structuredClone(example);
  doc.site.slug = slug;
  doc.site.name = `Bench Dealer ${i}`;
  doc.site.config.theme.logo_alt = doc.site.name;
  doc.hosts = [{ host: `${slug}.localhost`, primary: true }];
  const [dealership] = doc.dealerships;
  dealership.slug = slug;
  dealership.name = doc.site.name;
  dealership.lead_emails = [`sales@${slug}.example.com`];
  dealership.owner = { email: `owner@${slug}.example.com`, name: `Owner ${i}` };
  for (const location of dealership.locations) location.slug = location.slug.replace('geelong-mitsubishi', slug);
  return doc;
}

const MODELS = [
  ['Triton', 'GLX', 'Dual Cab Utility', 'Diesel', 'Automatic'],
  ['Outlander', 'ES', 'SUV', 'Unleaded', 'CVT'],
  ['Pajero Sport', 'GLS', 'SUV', 'Diesel', 'Automatic'],
  ['ASX', 'LS', 'SUV', 'Unleaded', 'CVT'],
  ['Eclipse Cross', 'Exceed', 'SUV', 'Unleaded', 'CVT'],
];

/** 20-50 cars for dealer `i` (the count varies by dealer), none with a photo. */
function carsFor(i) {
  const count = 20 + ((i * 17) % 31);
  return Array.from({ length: count }, (_, n) => {
    const [model, badge, body, fuel, trans] = MODELS[(i + n) % MODELS.length];
    const used = n % 3 === 0;
    return {
      stocknum: `BD${i}-${n + 1}`,
      make: 'Mitsubishi',
      model,
      badge,
      year: used ? 2019 + (n % 6) : 2026,
      car_type: used ? 'used' : n % 3 === 1 ? 'new' : 'demo',
      price: 25_990 + 1_000 * ((i + 3 * n) % 40),
      km: used ? 10_000 + 3_000 * n : 15,
      colour: ['White', 'Grey', 'Red', 'Black'][n % 4],
      body,
      fuel,
      trans,
      location_slug: `${`bench-dealer-${i}`}-sales`,
    };
  });
}

/** Onboards dealer `i`, pushes its stock and waits until its search answers it. */
async function onboardOne(i) {
  const doc = documentFor(i);
  const cars = carsFor(i);
  const t0 = Date.now();
  const answer = await json('POST', `${API}/api/ops/onboarding`, { body: doc, token: stack.opsToken });
  const onboarded = Date.now();
  const [dealership] = answer.dealerships;
  const token = dealership.feed_key.key;
  const { feedRunId } = await json('POST', `${API}${dealership.feed_path}?mode=snapshot`, {
    token,
    body: { cars },
  });
  const pushed = Date.now();
  const deadline = t0 + LIVE_TIMEOUT_SECONDS * 1000;
  let searches = 0;
  for (;;) {
    searches++;
    const result = await json('POST', `${API}/api/sites/${doc.site.slug}/search`, { body: { hitsPerPage: 1 } });
    if (result.count === cars.length) break;
    if (Date.now() > deadline)
      throw new Error(`not live within ${LIVE_TIMEOUT_SECONDS} s (search answers ${result.count} of ${cars.length})`);
    await sleep(POLL_MS);
  }
  const live = Date.now();
  const run = await json('GET', `${API}/api/feeds/runs/${feedRunId}`, { token });
  const received = Date.parse(run.receivedAt);
  const started = Date.parse(run.startedAt);
  const finished = Date.parse(run.finishedAt);
  return {
    cars: cars.length,
    searches,
    liveMs: live - t0,
    onboardMs: onboarded - t0,
    pushMs: pushed - onboarded,
    queuedMs: started - received,
    applyMs: finished - started,
    searchMs: live - finished,
    runStatus: run.status,
  };
}

let exitCode = 0;
try {
  await stack.seed();
  stack.start();
  await waitUntil(`${API}/health/ready`, 90, async () => (await fetch(`${API}/health/ready`).catch(() => null))?.ok);
  console.log(
    `onboarding benchmark: ${DEALERS} dealers one after another, each a site, a dealership of two locations and a snapshot of 20-50 cars without photos; built api and worker on a seeded demo database; search polled every ${POLL_MS} ms; ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const results = [];
  let errors = 0;
  const started = Date.now();
  for (let i = 1; i <= DEALERS; i++) {
    try {
      results.push(await onboardOne(i));
    } catch (error) {
      errors++;
      console.error(`dealer ${i}: ${error.message}`);
    }
    if (i % 10 === 0 || i === DEALERS) {
      const last = results.slice(-10).map((r) => r.liveMs);
      console.log(
        `  ${String(i).padStart(4)} dealers in ${s(Date.now() - started)} s: last 10 live p50 ${s(percentile(last, 50))} s, max ${s(Math.max(...last))} s; errors ${errors}`,
      );
    }
  }
  const live = results.map((r) => r.liveMs);
  const p50 = (key) =>
    `${Math.round(
      percentile(
        results.map((r) => r[key]),
        50,
      ),
    )}`;
  const p95 = (key) =>
    `${Math.round(
      percentile(
        results.map((r) => r[key]),
        95,
      ),
    )}`;
  console.log(
    `  where the time went (p50 / p95 ms): onboarding POST ${p50('onboardMs')} / ${p95('onboardMs')}, feed push ${p50('pushMs')} / ${p95('pushMs')}, run queued ${p50('queuedMs')} / ${p95('queuedMs')}, run applied ${p50('applyMs')} / ${p95('applyMs')}, searchable after the run ${p50('searchMs')} / ${p95('searchMs')}; ${results.reduce((sum, r) => sum + r.cars, 0)} cars, ${results.reduce((sum, r) => sum + r.searches, 0)} searches; runs ${[...new Set(results.map((r) => r.runStatus))].join(', ')}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  live p50 ${s(percentile(live, 50))} s, p95 ${s(percentile(live, 95))} s, max ${s(Math.max(...live))} s (${results.length} of ${DEALERS} live)`,
  );
  console.log(`onboarding: ${DEALERS} dealers, p95 live ${s(percentile(live, 95))} s, errors ${errors}`);
  if (errors > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stack.stop();
}
process.exit(exitCode);
