import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { query } from './database';
import { API_ORIGIN, E2E_OPS_TOKEN, PAGE_CACHE_VERSION_CHECK_MS, WEB_PORT } from './e2e-env';

/**
 * Issue 52, "Every process sees a publish within 5 s": one publish through the ops site-editor API,
 * then, from the moment it is answered, each of the suite's three real processes is watched until
 * it first shows the change:
 * - the api: `GET /api/sites/{slug}/config` gives the location's new Saturday hours;
 * - the worker: a lead submitted through the public lead endpoint after the publish is emailed
 *   (outbound_emails, the development mailer the worker writes to) to the new notify address;
 * - the web: the location page, already in the web's page cache, served anonymously by the built
 *   web server, shows the new hours.
 * The change is on a dealer onboarded for this test alone, so no other test's pages or leads move.
 *
 * Why 5 s holds by design (a deadline, not a speed target): the publish writes the dealership row
 * and the location's hours in one transaction, and database triggers bump `site_config_version`
 * in it. The api and worker compare that version before every configuration read
 * (SITE_CONFIG_CHECK_MS, default 0), so the api's next answer is new; the worker's lead relay
 * queues deliveries every LEAD_RELAY_INTERVAL_MS (1 s), and the delivery reads the configuration
 * when it runs. The web's page cache asks the api for the site's versions at most every
 * PAGE_CACHE_VERSION_CHECK_MS (1 s in production, 250 ms in this suite) and renders the page again
 * from the api once they moved. So each process shows it after at most about a second plus a
 * render; 5 s leaves room for a loaded 2-core CI machine. Probes poll every 150 ms.
 */

const EXAMPLE = path.resolve(__dirname, '../../infra/onboarding/example-dealer.json');
const OPS = { authorization: `Bearer ${E2E_OPS_TOKEN}`, 'content-type': 'application/json' };
const DEADLINE_MS = 5_000;
const POLL_MS = 150;
/** How long each probe keeps watching, so a miss reports when it was seen rather than only that it was late. */
const WATCH_MS = 20_000;

// The api's JSON answers, read a few fields deep; any wrong shape fails the test where it is read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function api(method: string, pathname: string, body?: unknown, headers: Record<string, string> = OPS) {
  const response = await fetch(`${API_ORIGIN}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as Json;
}

/** The example dealer, every slug its own and only its development host. */
function exampleDealer(tag: string) {
  const doc = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Json;
  const slug = `publish-${tag}`;
  doc.site.slug = slug;
  doc.site.name = `Publish ${tag}`;
  doc.site.config.theme.logo_alt = doc.site.name;
  doc.hosts = [{ host: `${slug}.localhost`, primary: true }];
  const [dealership] = doc.dealerships;
  dealership.slug = slug;
  dealership.name = doc.site.name;
  dealership.lead_emails = [`sales@${slug}.example.com`];
  dealership.owner = { email: `owner@${slug}.example.com`, name: `Owner ${tag}` };
  for (const location of dealership.locations) location.slug = location.slug.replace('geelong-mitsubishi', slug);
  return { doc, slug, location: `${slug}-sales` };
}

/** An anonymous GET of a page from the web server, through the site's own host (as a shopper's browser sends it). */
function webPage(host: string, pathname: string): Promise<{ status: number; cache: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: WEB_PORT, path: pathname, headers: { host, 'accept-encoding': 'gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = response.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({
            status: response.statusCode ?? 0,
            cache: String(response.headers['x-page-cache'] ?? '-'),
            body: body.toString('utf8'),
          });
        });
      },
    );
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds from `since` until `probe` first answers true, polled every POLL_MS for at most
 * WATCH_MS; null when never. A probe that throws counts as not yet.
 */
async function firstSeen(since: number, probe: () => Promise<boolean>): Promise<number | null> {
  while (Date.now() - since < WATCH_MS) {
    if (await probe().catch(() => false)) return Date.now() - since;
    await sleep(POLL_MS);
  }
  return null;
}

test.describe('a published change reaches every process (issue 52)', () => {
  test('the api, the worker and the web each show an ops publish within 5 s', async () => {
    test.setTimeout(120_000);
    const { doc, slug, location } = exampleDealer(randomBytes(3).toString('hex'));
    await api('POST', '/api/ops/onboarding', doc);
    const host = `${slug}.localhost:${WEB_PORT}`;
    const pagePath = `/locations/${location}`;
    const layerPath = `/api/ops/site-editor/layers/${encodeURIComponent(`dealership:${slug}`)}`;
    const oldHours = '9am - 4pm';
    const newHours = '9:10am - 3:50pm';
    const newAddress = `published@${slug}.example.com`;

    const saturdayHours = async () => {
      const config = await api('GET', `/api/sites/${slug}/config`, undefined, {});
      const sales = config.locations.find((l: Json) => l.slug === location).department_hours.sales as Json[];
      return sales.find((d) => d.weekday === 6)?.formated_hours as string | undefined;
    };
    expect(await saturdayHours()).toBe(oldHours);
    // The page is in the web's page cache before the publish: the web must drop it, not merely render it.
    await expect
      .poll(async () => {
        const page = await webPage(host, pagePath);
        return page.status === 200 && page.body.includes(oldHours) ? page.cache : `${page.status} ${page.cache}`;
      })
      .toBe('HIT');

    const layer = await api('GET', layerPath);
    const document = structuredClone(layer['published']) as Json;
    document['locations'][location].hours.sales.saturday = { open: '09:10', close: '15:50' };
    document['config'] = {
      ...document['config'],
      leads: { ...document['config'].leads, notify_emails: [newAddress] },
    };
    await api('PUT', `${layerPath}/draft`, { base_version: layer['version'], document });
    const publishStarted = Date.now();
    const published = await api('POST', `${layerPath}/publish`);
    const publishedAt = Date.now();
    expect(published['version']).toBe(layer['version'] + 1);

    let webCache = '';
    const leads: { id: string; submittedMs: number }[] = [];
    const [apiMs, workerMs, webMs] = await Promise.all([
      firstSeen(publishedAt, async () => (await saturdayHours()) === newHours),
      // A lead submitted once the publish is answered; another each time one is emailed to the old
      // address (the worker read stale configuration), until one goes to the new one.
      firstSeen(publishedAt, async () => {
        const recipients = await query<{ lead_id: string; recipients: string[] }>(
          `SELECT e.lead_id, e.recipients FROM outbound_emails e JOIN lead_outbox o ON o.id = e.delivery_id
           WHERE o.channel = 'email' AND e.lead_id = ANY($1::uuid[])`,
          [leads.map((lead) => lead.id)],
        );
        if (recipients.some((row) => row.recipients.includes(newAddress))) return true;
        if (leads.length === 0 || recipients.length === leads.length) {
          const submittedMs = Date.now() - publishedAt;
          const answer = await api(
            'POST',
            `/api/sites/${slug}/leads`,
            {
              form: 'general',
              name: 'Pat Publish',
              email: `pat.${leads.length}@example.com`,
              phone: '0412 345 678',
              message: 'Are you open on Saturday?',
              category: 'General Enquiry',
              location,
              terms_conditions: true,
            },
            // Its own client address (the api trusts loopback's X-Forwarded-For), so the suite's
            // other forms never share this lead's per-client limit.
            { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${10 + leads.length}` },
          );
          leads.push({ id: answer['lead_id'], submittedMs });
        }
        return false;
      }),
      firstSeen(publishedAt, async () => {
        const page = await webPage(host, pagePath);
        webCache = page.cache;
        return page.status === 200 && page.body.includes(newHours) && !page.body.includes(oldHours);
      }),
    ]);

    const figures = `publish answered in ${publishedAt - publishStarted} ms; first seen after it: api ${apiMs} ms, worker ${workerMs} ms (${leads.length} lead(s)), web ${webMs} ms (X-Page-Cache ${webCache}, version checked every ${PAGE_CACHE_VERSION_CHECK_MS} ms)`;
    test.info().annotations.push({ type: 'publish propagation', description: figures });
    console.log(`site-publish.spec: ${figures}`);
    expect(leads.length, 'a lead was emailed to an address the publish had replaced').toBe(1);
    // Never seen (null) counts as past the deadline.
    expect(apiMs ?? Infinity, figures).toBeLessThanOrEqual(DEADLINE_MS);
    expect(workerMs ?? Infinity, figures).toBeLessThanOrEqual(DEADLINE_MS);
    expect(webMs ?? Infinity, figures).toBeLessThanOrEqual(DEADLINE_MS);
  });
});
