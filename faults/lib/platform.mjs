// The platform under test: its own PostgreSQL and Redis, the built api and worker, a small fixture
// (one site, one dealership per scenario, each with a location and a feed key made through the ops
// API), and the reads the scenarios assert with (SQL on the record, HTTP on the real endpoints).
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PostgresCluster, RedisServer, ServiceProcess, freePort, pool, root, sleep, token, until } from './stack.mjs';

const require = createRequire(import.meta.url);
const { ensureDatabase } = require('@platform/db');
const { Queue } = require('bullmq');
const Redis = require('ioredis');

export const FINISHED = new Set(['succeeded', 'partial', 'failed', 'cancelled']);
export const REDIS_PREFIX = 'faults';
/** Every schedule the worker keeps registered: queue name and scheduler id. */
export const SCHEDULES = [
  ['maintenance', 'sweep'],
  ['maintenance', 'purge-expired'],
  ['reservation-sweep', 'reservation-sweep'],
  ['alert-sweep', 'sweep'],
];

export const DEALERSHIPS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7'];

/** A feed car with enough fields to make each row realistic work for the ingest. */
export function feedCar(stocknum, extra = {}) {
  const n = Number(stocknum.replace(/\D/g, '')) || 0;
  return {
    stocknum,
    make: ['Toyota', 'Isuzu', 'Mazda', 'Ford', 'Kia'][n % 5],
    model: ['Hilux', 'D-Max', 'CX-5', 'Ranger', 'Sportage'][n % 5],
    badge: `SR${n % 7}`,
    year: 2015 + (n % 10),
    car_type: ['new', 'used', 'demo'][n % 3],
    price: 20000 + (n % 500) * 97,
    km: (n * 37) % 200000,
    colour: ['White', 'Black', 'Silver', 'Blue', 'Red'][n % 5],
    body: 'Utility',
    fuel: 'Diesel',
    trans: 'Automatic',
    drive: '4WD',
    vin: `FAULTS${String(n).padStart(11, '0')}`,
    images: [`https://img.example.com/${stocknum}/1.jpg`, `https://img.example.com/${stocknum}/2.jpg`],
    features: ['Tow bar', 'Canopy', 'Bluetooth'],
    dealercomments: `Fault-suite car ${stocknum}. One owner, full service history, drives as new.`,
    ...extra,
  };
}

export const cars = (prefix, count, extra = {}) =>
  Array.from({ length: count }, (_, i) => feedCar(`${prefix}${String(i + 1).padStart(5, '0')}`, extra));

/** A CRM of the suite's own (a signed-webhook receiver on loopback) that can be made to fail. */
export class CrmSink {
  constructor(secret) {
    this.secret = secret;
    this.down = false;
    this.received = new Map(); // delivery id -> how many times a 2xx was given for it
    this.refused = 0;
    this.badSignatures = 0;
  }

  async start() {
    this.port = await freePort();
    this.server = createServer((request, response) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const id = request.headers['x-platform-delivery-id'];
        const timestamp = request.headers['x-platform-timestamp'];
        const expected = `v1=${createHmac('sha256', this.secret).update(`${timestamp}.${body}`).digest('hex')}`;
        if (request.headers['x-platform-signature'] !== expected) this.badSignatures += 1;
        if (this.down) {
          this.refused += 1;
          response.writeHead(503).end();
          return;
        }
        this.received.set(id, (this.received.get(id) ?? 0) + 1);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  get url() {
    return `http://127.0.0.1:${this.port}/crm`;
  }

  stop() {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export class Platform {
  constructor(tmp, log) {
    this.tmp = tmp;
    this.log = log;
    this.postgres = new PostgresCluster(tmp);
    this.redis = new RedisServer(tmp);
    this.opsToken = token();
    this.crmSecret = token();
    this.crm = new CrmSink(this.crmSecret);
    this.dealers = {};
  }

  async setup() {
    await this.postgres.init();
    this.postgres.start();
    await this.redis.init();
    await this.redis.start();
    await this.crm.start();
    this.databaseUrl = `${this.postgres.url}/faults`;
    await ensureDatabase(this.databaseUrl);
    const migrated = spawnSync(process.execPath, ['libs/db/dist/cli/migrate.js'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: this.databaseUrl },
      encoding: 'utf8',
    });
    if (migrated.status !== 0) throw new Error(`migrations failed: ${migrated.stderr || migrated.stdout}`);
    this.db = pool(this.databaseUrl);
    await this.fixture();

    this.apiPort = await freePort();
    this.workerPort = await freePort();
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redis.url,
      REDIS_PREFIX: REDIS_PREFIX,
      OPENSEARCH_URL: '',
      OPS_TOKEN: this.opsToken,
      AUTH_SECRET: token(),
      ALERT_LINK_SECRET: token(),
      PORT: String(this.apiPort),
      API_BIND_HOST: '127.0.0.1',
      WORKER_PORT: String(this.workerPort),
      WORKER_BIND_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LEAD_SUBMIT_LIMIT_PER_MINUTE: '100000',
      CHECKOUT_LIMIT_PER_MINUTE: '100000',
      ANALYTICS_EVENT_LIMIT_PER_MINUTE: '100000',
      PHONE_REVEAL_LIMIT_PER_MINUTE: '100000',
      CRM_SECRET_FAULTS: this.crmSecret,
      SHUTDOWN_TIMEOUT_MS: '3000',
      // Dealer photos (scenarios 8 and 10): stored under the suite's directory, fetched from photo hosts on 127.0.0.2.
      MEDIA_STORE_DIR: path.join(this.tmp, 'media'),
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.2',
    };
    this.api = new ServiceProcess('api', path.join(root, 'services/api/dist/main.js'), env, this.tmp);
    this.worker = new ServiceProcess('worker', path.join(root, 'services/worker/dist/main.js'), env, this.tmp);
    this.api.start();
    this.worker.start();
    await this.waitApi(90);
    await this.waitWorker(90);
    for (const slug of DEALERSHIPS) {
      const answer = await this.http('POST', `/api/ops/dealerships/${this.dealers[slug].slug}/feed-keys`, {
        headers: { authorization: `Bearer ${this.opsToken}` },
      });
      if (answer.status !== 201) throw new Error(`feed key for ${slug}: HTTP ${answer.status} ${answer.text}`);
      this.dealers[slug].key = answer.json.key;
    }
    this.queues = new Map();
  }

  /** One site; a dealership (with its primary location) per scenario, so each starts with no stock. */
  async fixture() {
    const config = { leads: { notify_emails: ['sales@faults.example'] } };
    const [site] = (
      await this.db.query(`INSERT INTO sites (slug, name, config) VALUES ('faults', 'Fault Motors', $1) RETURNING id`, [
        JSON.stringify(config),
      ])
    ).rows;
    this.site = { id: site.id, slug: 'faults' };
    for (const key of DEALERSHIPS) {
      // Scenario 4's dealership sends its leads to the suite's CRM webhook, which it can make fail.
      const dealerConfig =
        key === 's4' ? { leads: { crm_webhook_url: this.crm.url, crm_secret_env: 'CRM_SECRET_FAULTS' } } : {};
      const [dealer] = (
        await this.db.query(
          `INSERT INTO dealerships (site_id, slug, name, config) VALUES ($1, $2, $3, $4) RETURNING id`,
          [site.id, `faults-${key}`, `Fault Motors ${key.toUpperCase()}`, JSON.stringify(dealerConfig)],
        )
      ).rows;
      const [location] = (
        await this.db.query(
          `INSERT INTO locations (dealership_id, name, slug, "primary", street, city, state, postcode, time_zone)
           VALUES ($1, $2, $3, true, '1 Main St', 'Brisbane', 'QLD', '4000', 'Australia/Brisbane') RETURNING id`,
          [dealer.id, `Fault Motors ${key.toUpperCase()} Sales`, `faults-${key}-sales`],
        )
      ).rows;
      this.dealers[key] = { id: dealer.id, slug: `faults-${key}`, locationId: location.id };
    }
  }

  async waitApi(seconds) {
    const up = await until(
      seconds,
      async () => (await this.http('GET', '/health/ready', { timeoutMs: 2000 })).status === 200,
      200,
    );
    if (!up) throw new Error(`the api did not become ready within ${seconds} s (log: ${this.api.logPath})`);
  }

  async waitWorker(seconds) {
    const up = await until(
      seconds,
      async () => (await fetchStatus(`http://127.0.0.1:${this.workerPort}/health/ready`)) === 200,
      200,
    );
    if (!up) throw new Error(`the worker did not become ready within ${seconds} s (log: ${this.worker.logPath})`);
  }

  /** One HTTP call to the api; a refused or reset connection is status 0 (never thrown). */
  async http(method, pathname, { body, headers = {}, timeoutMs = 15_000, raw } = {}) {
    const init = { method, headers: { ...headers }, signal: AbortSignal.timeout(timeoutMs) };
    if (raw !== undefined) init.body = raw;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers['content-type'] = 'application/json';
    }
    const t0 = Date.now();
    try {
      const response = await fetch(`http://127.0.0.1:${this.apiPort}${pathname}`, init);
      const text = await response.text();
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { status: response.status, headers: response.headers, text, json, ms: Date.now() - t0 };
    } catch (error) {
      return {
        status: 0,
        error: error.cause?.code ?? error.name ?? String(error),
        text: '',
        json: null,
        headers: new Headers(),
        ms: Date.now() - t0,
      };
    }
  }

  pushFeed(dealerKey, body, mode = 'snapshot') {
    const dealer = this.dealers[dealerKey];
    return this.http('POST', `/api/feeds/${dealer.slug}?mode=${mode}`, {
      raw: JSON.stringify(body),
      headers: { authorization: `Bearer ${dealer.key}`, 'content-type': 'application/json' },
      timeoutMs: 30_000,
    });
  }

  /** A lead through the real endpoint, with an Idempotency-Key so a retry after a lost answer stores nothing new. */
  postLead(dealerKey, marker, idempotencyKey = randomUUID()) {
    const dealer = this.dealers[dealerKey];
    return this.http('POST', `/api/sites/${this.site.slug}/leads`, {
      body: {
        form: 'general',
        name: 'Fault Tester',
        email: `${marker}@faults.example`,
        phone: '0412 345 678',
        message: `Fault suite lead ${marker}`,
        category: 'General Enquiry',
        dealership_slug: dealer.slug,
        location: String(dealer.locationId),
        terms_conditions: true,
      },
      headers: { 'idempotency-key': idempotencyKey },
    });
  }

  async run(feedRunId) {
    const { rows } = await this.db.query(
      `SELECT id, status, detail, counts, rows_applied, job_id, sweep_resumes, received_at, started_at, finished_at, updated_at
       FROM feed_runs WHERE id = $1`,
      [feedRunId],
    );
    return rows[0] ?? null;
  }

  /** Waits until every run has ended (or the deadline passes); returns the rows. */
  async waitRuns(ids, seconds) {
    const deadline = Date.now() + seconds * 1000;
    for (;;) {
      const rows = await this.runs(ids).catch(() => null);
      if (rows && rows.length === ids.length && rows.every((row) => FINISHED.has(row.status))) return rows;
      if (Date.now() > deadline) return rows ?? [];
      await sleep(250);
    }
  }

  async runs(ids) {
    const { rows } = await this.db.query(
      `SELECT id, status, detail, counts, rows_applied, job_id, sweep_resumes, received_at, started_at, finished_at
       FROM feed_runs WHERE id = ANY($1::uuid[]) ORDER BY received_at, id`,
      [ids],
    );
    return rows;
  }

  async liveCars(dealerKey) {
    const { rows } = await this.db.query(
      `SELECT count(*)::int AS n FROM cars WHERE dealership_id = $1 AND withdrawn_at IS NULL`,
      [this.dealers[dealerKey].id],
    );
    return rows[0].n;
  }

  /** The site's car_changes outbox is empty: every change is in the search index. */
  async indexDrained() {
    const { rows } = await this.db.query(`SELECT count(*)::int AS n FROM car_changes WHERE site_id = $1`, [
      this.site.id,
    ]);
    return rows[0].n === 0;
  }

  /**
   * The deliveries of these leads, by channel and status, and how many times each landed where the
   * platform records a delivery: crm_deliveries (the table CRM), outbound_emails, or the webhook sink.
   */
  async deliveries(leadIds) {
    const { rows } = await this.db.query(
      `SELECT o.id, o.lead_id, o.channel, o.status,
              (SELECT count(*)::int FROM crm_deliveries c WHERE c.delivery_id = o.id) AS crm_rows,
              (SELECT count(*)::int FROM outbound_emails e WHERE e.delivery_id = o.id) AS email_rows
       FROM lead_outbox o WHERE o.lead_id = ANY($1::uuid[])`,
      [leadIds],
    );
    return rows.map((row) => ({ ...row, sink: this.crm.received.get(row.id) ?? 0 }));
  }

  /**
   * Leads and their deliveries, checked exactly: every id exists once, carries the marker, and each of
   * its deliveries is 'delivered' and landed exactly once. Returns lost (missing leads, deliveries
   * delivered nowhere), doubled (landed twice) and stuck (not delivered yet).
   */
  async leadLedger(leadIds, { webhook = false } = {}) {
    const ids = [...new Set(leadIds)];
    const { rows: found } = await this.db.query(`SELECT id FROM leads WHERE id = ANY($1::uuid[])`, [ids]);
    const deliveries = await this.deliveries(ids);
    const byLead = new Map(ids.map((id) => [id, []]));
    for (const d of deliveries) byLead.get(d.lead_id)?.push(d);
    let missingLeads = ids.length - found.length;
    let lost = missingLeads;
    let doubled = 0;
    let stuck = 0;
    let delivered = 0;
    // Every lead of the fixture's dealerships goes to the CRM and to the dealer's email (the site's notify_emails).
    const expectedChannels = ['crm', 'email'];
    for (const [, list] of byLead) {
      for (const channel of expectedChannels) if (!list.some((d) => d.channel === channel)) lost += 1;
      for (const d of list) {
        const landed = d.channel === 'crm' ? (webhook ? d.sink : d.crm_rows) : d.email_rows;
        if (d.status !== 'delivered') {
          stuck += 1;
          continue;
        }
        if (landed === 0) lost += 1;
        else if (landed > 1) doubled += 1;
        else delivered += 1;
      }
    }
    return { leads: found.length, missingLeads, deliveries: deliveries.length, delivered, lost, doubled, stuck };
  }

  /** The worker's schedules present in Redis now. */
  async schedulesPresent() {
    let present = 0;
    for (const [queueName, id] of SCHEDULES) {
      let queue = this.queues.get(queueName);
      if (!queue) {
        const connection = new Redis(this.redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 500 });
        connection.on('error', () => undefined);
        queue = new Queue(queueName, { connection, prefix: REDIS_PREFIX });
        queue.on('error', () => undefined);
        this.queues.set(queueName, queue);
      }
      if (await queue.getJobScheduler(id)) present += 1;
    }
    return present;
  }

  /** Back to a healthy platform between scenarios: both dependencies up, api and worker running and ready. */
  async heal() {
    this.crm.down = false;
    if (!this.postgres.running()) this.postgres.start();
    await this.redis.start();
    if (!this.api.alive) this.api.start();
    if (!this.worker.alive) this.worker.start();
    await this.waitApi(60);
    await this.waitWorker(60);
  }

  async teardown() {
    for (const queue of this.queues?.values() ?? []) await queue.close().catch(() => undefined);
    await Promise.all([this.api?.kill('SIGTERM'), this.worker?.kill('SIGTERM')].filter(Boolean));
    await this.db?.end().catch(() => undefined);
    await this.crm.stop().catch(() => undefined);
    await this.redis.shutdown(false).catch(() => this.redis.killQuietly());
    this.postgres.stopQuietly();
  }

  /** Last resort on a signal: kill everything at once, synchronously. */
  killAll() {
    for (const service of [this.api, this.worker]) if (service?.alive) service.child.kill('SIGKILL');
    this.redis.killQuietly();
    this.postgres.stopQuietly();
  }
}

async function fetchStatus(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * Records every api answer seen while a dependency is down: a 500 is never acceptable; a 503 must
 * say when to come back (Retry-After), except the health endpoints, whose 503 is the answer.
 */
export class AnswerLog {
  constructor() {
    this.byStatus = new Map();
    this.slowest = new Map();
    this.problems = [];
  }

  note(label, answer) {
    const kind = label.split(' ')[0];
    this.slowest.set(kind, Math.max(this.slowest.get(kind) ?? 0, answer.ms ?? 0));
    const key = `${kind} ${answer.status === 0 ? 'no answer' : answer.status}`;
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
    if (answer.status >= 500 && answer.status !== 503)
      this.problems.push(`${label} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    if (answer.status === 503 && kind !== 'health' && !answer.headers.get('retry-after'))
      this.problems.push(`${label} answered 503 without Retry-After`);
  }

  /** What each kind of call was answered: 'search 503 x30, lead 201 x20'. */
  summary() {
    return [...this.byStatus.entries()].map(([key, n]) => `${key} x${n}`).join(', ');
  }

  /** The slowest answer of each kind of call, in seconds: what a caller waited at worst. */
  latencies() {
    return [...this.slowest.entries()].map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(1)}`).join(', ');
  }
}

export const tag = () => randomBytes(3).toString('hex');
