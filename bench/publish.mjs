#!/usr/bin/env node
// `npm run bench:publish` (issue 52): how long a site change published through the site editor takes
// to reach each process of the platform. The built api, worker and web start in production mode on a
// freshly seeded demo database of their own (bench/platform-stack.mjs), the worker sending lead emails
// to a mail server of the bench's own on loopback (SMTP_URL). A dealer is onboarded from
// infra/onboarding/example-dealer.json; then BENCH_PUBLISHES (20) times, in turn, its dealership layer
// is published through the ops API (`PUT .../layers/dealership:{slug}/draft`, `POST .../publish`)
// with one of two values, alternating: its sales location's Saturday hours and its lead notification
// address. From the moment the publish is answered, each process is watched until it first shows it:
// - api: `GET /api/sites/{slug}/config` gives the new Saturday hours (polled every BENCH_POLL_MS, 100);
// - worker: a lead submitted through `POST /api/sites/{slug}/leads` as the publish is answered reaches
//   the bench's mail server addressed to the new address (the moment the worker names it as a
//   recipient); this includes the lead relay's poll (LEAD_RELAY_INTERVAL_MS, 1 s);
// - web: the location page, in the web's page cache before the publish (X-Page-Cache HIT), fetched
//   anonymously through the site's host, shows the new hours (polled every BENCH_POLL_MS).
// Prints a line per publish and p50 / p95 / max per process, last
// `publish: N publishes, api p95 X ms, worker p95 Y ms, web p95 Z ms, over 5 s K, errors E`.
// Never fails on time: exits 1 when a change is not seen at all within BENCH_SEEN_TIMEOUT_SECONDS
// (30) or the stack does not start.
import http from 'node:http';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { platformStack, root, waitUntil } from './platform-stack.mjs';

const numberFrom = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
};
const PUBLISHES = numberFrom('BENCH_PUBLISHES', 20);
const POLL_MS = numberFrom('BENCH_POLL_MS', 100);
const SEEN_TIMEOUT_MS = numberFrom('BENCH_SEEN_TIMEOUT_SECONDS', 30) * 1000;
const API_PORT = numberFrom('BENCH_API_PORT', 3541);
const WEB_PORT = numberFrom('BENCH_WEB_PORT', 3540);
const API = `http://127.0.0.1:${API_PORT}`;
/** The issue's bound: every process sees a publish within 5 s. */
const BOUND_MS = 5_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
};

/**
 * A mail server that accepts every message and tells `onRecipient` each RCPT TO address with the
 * moment it was named: enough SMTP for nodemailer (no TLS, no AUTH offered).
 */
function startMailServer(onRecipient) {
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    socket.write('220 bench-publish ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 2.0.0 accepted\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-bench-publish\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          onRecipient((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase(), Date.now());
          socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 end with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 2.0.0 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function json(method, url, { body, token, headers = {} } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** An anonymous GET of a page through the site's host: status, the page cache's verdict and the HTML. */
const webPage = (host, pathname) =>
  new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port: WEB_PORT, path: pathname, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, cache: response.headers['x-page-cache'] ?? '-', body }),
      );
    });
    request.on('error', () => resolve({ status: 0, cache: '-', body: '' }));
  });

/** Milliseconds from `since` until `probe()` first answers true, polled every POLL_MS; null when never within SEEN_TIMEOUT_MS. */
async function firstSeen(since, probe) {
  while (Date.now() - since < SEEN_TIMEOUT_MS) {
    if (await probe().catch(() => false)) return Date.now() - since;
    await sleep(POLL_MS);
  }
  return null;
}

// The two values published in turn (the onboarded dealer starts with 9am - 4pm and its own address).
const tag = `${process.pid}`;
const slug = `bench-publish-${tag}`;
const location = `${slug}-sales`;
const VALUES = [
  { saturday: { open: '09:10', close: '15:50' }, shown: '9:10am - 3:50pm', email: `first@${slug}.example.com` },
  { saturday: { open: '09:20', close: '15:40' }, shown: '9:20am - 3:40pm', email: `second@${slug}.example.com` },
];

/** The example dealer with this run's slugs and only its development host. */
function dealerDocument() {
  const doc = JSON.parse(readFileSync(path.join(root, 'infra/onboarding/example-dealer.json'), 'utf8'));
  doc.site.slug = slug;
  doc.site.name = `Bench Publish ${tag}`;
  doc.site.config.theme.logo_alt = doc.site.name;
  doc.hosts = [{ host: `${slug}.localhost`, primary: true }];
  const [dealership] = doc.dealerships;
  dealership.slug = slug;
  dealership.name = doc.site.name;
  dealership.lead_emails = [`sales@${slug}.example.com`];
  dealership.owner = { email: `owner@${slug}.example.com`, name: `Owner ${tag}` };
  for (const place of dealership.locations) place.slug = place.slug.replace('geelong-mitsubishi', slug);
  return doc;
}

/** When each address was first named as a recipient by the worker. */
const recipients = new Map();
const mailServer = await startMailServer((address, at) => {
  if (!recipients.has(address)) recipients.set(address, []);
  recipients.get(address).push(at);
});
const stack = platformStack({
  name: 'publish',
  apiPort: API_PORT,
  webPort: WEB_PORT,
  env: {
    SMTP_URL: `smtp://127.0.0.1:${mailServer.address().port}`,
    // 20 leads from one client in a few minutes: past the public form's default of 10 a minute.
    LEAD_SUBMIT_LIMIT_PER_MINUTE: '1000',
  },
});
const host = `${slug}.localhost:${WEB_PORT}`;
const pagePath = `/locations/${location}`;
const layerPath = `${API}/api/ops/site-editor/layers/${encodeURIComponent(`dealership:${slug}`)}`;

const saturdayHours = async () => {
  const config = await json('GET', `${API}/api/sites/${slug}/config`);
  return config.locations.find((l) => l.slug === location).department_hours.sales.find((d) => d.weekday === 6)
    ?.formated_hours;
};

/** Waits until the location page is answered from the page cache showing `shown`, as a visited page is. */
async function cachedShowing(shown) {
  await waitUntil(`${pagePath} from the page cache with ${shown}`, 30, async () => {
    const page = await webPage(host, pagePath);
    return page.status === 200 && page.cache === 'HIT' && page.body.includes(shown);
  });
}

/** One publish of `value`, and when each process first showed it. */
async function publishOnce(i, value, previous) {
  await cachedShowing(previous.shown);
  const layer = await json('GET', layerPath, { token: stack.opsToken });
  const document = structuredClone(layer.published);
  document.locations[location].hours.sales.saturday = value.saturday;
  document.config = { ...document.config, leads: { ...document.config.leads, notify_emails: [value.email] } };
  await json('PUT', `${layerPath}/draft`, { token: stack.opsToken, body: { base_version: layer.version, document } });
  const startedAt = Date.now();
  await json('POST', `${layerPath}/publish`, { token: stack.opsToken });
  const publishedAt = Date.now();
  const mailsBefore = recipients.get(value.email)?.length ?? 0;
  let webCache = '-';
  const [apiMs, workerMs, webMs] = await Promise.all([
    firstSeen(publishedAt, async () => (await saturdayHours()) === value.shown),
    (async () => {
      await json('POST', `${API}/api/sites/${slug}/leads`, {
        body: {
          form: 'general',
          name: 'Pat Publish',
          email: `pat.${i}@example.com`,
          phone: '0412 345 678',
          message: 'Are you open on Saturday?',
          category: 'General Enquiry',
          location,
          terms_conditions: true,
        },
      });
      // The mail server notes the moment; this only waits for it.
      const seen = await firstSeen(publishedAt, async () => (recipients.get(value.email)?.length ?? 0) > mailsBefore);
      return seen === null ? null : recipients.get(value.email)[mailsBefore] - publishedAt;
    })(),
    firstSeen(publishedAt, async () => {
      const page = await webPage(host, pagePath);
      webCache = page.cache;
      return page.status === 200 && page.body.includes(value.shown) && !page.body.includes(previous.shown);
    }),
  ]);
  const stale = (recipients.get(previous.email)?.filter((at) => at > publishedAt).length ?? 0) > 0;
  return { publishMs: publishedAt - startedAt, apiMs, workerMs, webMs, webCache, stale };
}

let exitCode = 0;
try {
  await stack.seed();
  stack.start();
  await waitUntil(`${API}/health/ready`, 90, async () => (await fetch(`${API}/health/ready`).catch(() => null))?.ok);
  await waitUntil(`http://127.0.0.1:${WEB_PORT}/`, 90, async () => (await webPage('127.0.0.1', '/')).status > 0);
  await json('POST', `${API}/api/ops/onboarding`, { token: stack.opsToken, body: dealerDocument() });
  const original = { shown: '9am - 4pm', email: `sales@${slug}.example.com` };
  if ((await saturdayHours()) !== original.shown) throw new Error(`${location}'s Saturday is not ${original.shown}`);
  // The first renders of a new site are cold (Next compiles nothing in production, but loads the route).
  await cachedShowing(original.shown);
  console.log(
    `publish benchmark: ${PUBLISHES} publishes of a dealership layer (a location's Saturday hours and the lead notification address, two values in turn) through the ops site-editor API; built api, worker and web in production mode (SITE_CONFIG_CHECK_MS 0, PAGE_CACHE_VERSION_CHECK_MS 1000, LEAD_RELAY_INTERVAL_MS 1000); api and web polled every ${POLL_MS} ms; ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const results = [];
  let errors = 0;
  let previous = original;
  for (let i = 1; i <= PUBLISHES; i++) {
    const value = VALUES[(i - 1) % 2];
    try {
      const result = await publishOnce(i, value, previous);
      results.push(result);
      const ms = (v) => (v === null ? 'never' : `${v} ms`);
      console.log(
        `  ${String(i).padStart(3)}: publish ${result.publishMs} ms; seen by api ${ms(result.apiMs)}, worker ${ms(result.workerMs)}, web ${ms(result.webMs)} (${result.webCache})${result.stale ? '; a lead went to the old address' : ''}`,
      );
      if ([result.apiMs, result.workerMs, result.webMs].includes(null) || result.stale) errors++;
    } catch (error) {
      errors++;
      console.error(`publish ${i}: ${error.message}`);
    }
    previous = value;
  }
  const of = (key) => results.map((r) => r[key]).filter((v) => v !== null);
  const summary = (key) => {
    const values = of(key);
    return `p50 ${percentile(values, 50)} ms, p95 ${percentile(values, 95)} ms, max ${Math.max(...values)} ms`;
  };
  console.log(`  publish call: ${summary('publishMs')}`);
  for (const key of ['apiMs', 'workerMs', 'webMs']) console.log(`  ${key.replace('Ms', '').padEnd(6)} ${summary(key)}`);
  const over = results.filter((r) => [r.apiMs, r.workerMs, r.webMs].some((v) => v === null || v > BOUND_MS)).length;
  console.log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `publish: ${PUBLISHES} publishes, api p95 ${percentile(of('apiMs'), 95)} ms, worker p95 ${percentile(of('workerMs'), 95)} ms, web p95 ${percentile(of('webMs'), 95)} ms, over 5 s ${over}, errors ${errors}`,
  );
  if (errors > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stack.stop();
  mailServer.close();
}
process.exit(exitCode);
