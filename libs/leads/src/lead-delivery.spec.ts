import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { leadDeliveryJobId, QueueProducer } from '@platform/queues';
import {
  createStockFixture,
  createTestDatabase,
  eventually,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { startLeadWorkers } from './lead-workers';
import { LeadRelay } from './outbox/lead-relay';
import { deliverLead } from './delivery/deliver-lead';
import type { LeadMailer } from './delivery/lead-mailer';
import { verifyWebhookSignature, WEBHOOK_HEADERS } from './delivery/webhook-signature';

const SECRET = 'test-webhook-secret-0123456789';

/** A dealer's CRM: checks each signature, answers with the next scripted status, and records each delivery id once. */
class CrmReceiver {
  readonly requests: { deliveryId: string; signed: boolean; body: Record<string, unknown> }[] = [];
  readonly recorded = new Set<string>();
  private server!: Server;
  url = '';

  constructor(private readonly script: (attempt: number) => number) {}

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const deliveryId = String(req.headers[WEBHOOK_HEADERS.deliveryId]);
        const signed = verifyWebhookSignature({
          secret: SECRET,
          body: raw,
          timestamp: req.headers[WEBHOOK_HEADERS.timestamp] as string | undefined,
          signature: req.headers[WEBHOOK_HEADERS.signature] as string | undefined,
        });
        this.requests.push({ deliveryId, signed, body: JSON.parse(raw) as Record<string, unknown> });
        const status = signed ? this.script(this.requests.length) : 401;
        if (status === 200) this.recorded.add(deliveryId);
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/leads`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A CRM that accepts each request and, while hung, never answers; when it answers again, the
 * requests it still holds (whose senders are still waiting) are answered too. Counts the 2xx it
 * gave per delivery id, and when each first arrived.
 */
class HungCrm {
  hung = true;
  readonly answered = new Map<string, number>();
  readonly arrived = new Map<string, number>();
  requests = 0;
  private readonly held: { deliveryId: string; res: ServerResponse; gone: () => boolean }[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      // Whether the sender has given up (its timeout closed the connection) before an answer.
      let gone = false;
      res.on('close', () => (gone = true));
      const socket = req.socket;
      req.resume();
      req.on('end', () => {
        const deliveryId = String(req.headers[WEBHOOK_HEADERS.deliveryId]);
        this.requests += 1;
        if (!this.arrived.has(deliveryId)) this.arrived.set(deliveryId, Date.now());
        const entry = { deliveryId, res, gone: () => gone || socket.destroyed };
        if (this.hung) this.held.push(entry);
        else this.answer(entry);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/leads`;
  }

  private answer({ deliveryId, res, gone }: { deliveryId: string; res: ServerResponse; gone: () => boolean }): void {
    if (gone()) return;
    this.answered.set(deliveryId, (this.answered.get(deliveryId) ?? 0) + 1);
    res.statusCode = 200;
    res.end();
  }

  wake(): void {
    this.hung = false;
    for (const entry of this.held.splice(0)) this.answer(entry);
  }

  stop(): Promise<void> {
    for (const { res } of this.held.splice(0)) res.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('lead delivery to a CRM webhook (real PostgreSQL, Redis and BullMQ)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let redis: Redis;
  let producer: QueueProducer;
  let prefix: string;

  beforeAll(async () => {
    db = await createTestDatabase('platform_leads');
    fixture = await createStockFixture(db.dataSource, 'leads');
    redis = new Redis(TEST_REDIS_URL);
  });

  afterAll(async () => {
    redis?.disconnect();
    await db?.destroy();
  });

  beforeEach(() => {
    prefix = uniqueRedisPrefix();
    producer = new QueueProducer(redis, prefix);
  });

  afterEach(async () => {
    await producer.close();
  });

  /** A stored lead with its CRM outbox row, as the leads API writes them; returns the delivery id. */
  const storeLead = async (
    name = 'Jane Citizen',
    dealershipId = fixture.north.id,
  ): Promise<{ leadId: string; deliveryId: string }> => {
    const [lead] = (await db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data) VALUES ($1, $2, 'general', 'General Enquiry', $3, '{"source":"Website"}') RETURNING id`,
      [fixture.siteId, dealershipId, JSON.stringify({ name, email: 'jane@example.com' })],
    )) as { id: string }[];
    const [row] = (await db.dataSource.query(
      `INSERT INTO lead_outbox (lead_id, channel) VALUES ($1, 'crm') RETURNING id`,
      [lead!.id],
    )) as { id: string }[];
    return { leadId: lead!.id, deliveryId: row!.id };
  };

  const useWebhook = (
    url: string | null,
    secretEnv: string | null = 'CRM_SECRET_NORTH',
    dealershipId = fixture.north.id,
  ) =>
    db.dataSource.query(`UPDATE dealerships SET config = $2 WHERE id = $1`, [
      dealershipId,
      JSON.stringify({ leads: { crm_webhook_url: url, crm_secret_env: secretEnv } }),
    ]);

  const outbox = async (id: string) =>
    (
      (await db.dataSource.query(`SELECT status, attempts, last_error, target FROM lead_outbox WHERE id = $1`, [
        id,
      ])) as Record<string, unknown>[]
    )[0]!;

  const start = (attempts: number, options: Partial<Parameters<typeof startLeadWorkers>[0]> = {}) =>
    startLeadWorkers({
      dataSource: db.dataSource,
      producer,
      redisUrl: TEST_REDIS_URL,
      prefix,
      secrets: { CRM_SECRET_NORTH: SECRET, CRM_SECRET_WEST: SECRET },
      relayIntervalMs: 50,
      deliveryAttempts: attempts,
      deliveryBackoffMs: 50,
      ...options,
    });

  it('signs every attempt, retries with backoff after two failures, and the CRM records the lead once', async () => {
    const crm = new CrmReceiver((attempt) => (attempt <= 2 ? 500 : 200));
    await crm.start();
    await useWebhook(crm.url);
    const { leadId, deliveryId } = await storeLead();
    const stop = await start(5);
    try {
      await eventually(
        () => outbox(deliveryId),
        (row) => row['status'] === 'delivered',
        'delivery',
      );
      expect(await outbox(deliveryId)).toMatchObject({
        status: 'delivered',
        attempts: 3,
        last_error: null,
        target: `webhook ${new URL(crm.url).host}`,
      });
      expect(crm.requests.map((r) => [r.deliveryId, r.signed])).toEqual([
        [deliveryId, true],
        [deliveryId, true],
        [deliveryId, true],
      ]);
      expect(crm.requests[2]!.body).toMatchObject({
        delivery_id: deliveryId,
        lead_id: leadId,
        category: 'General Enquiry',
        fields: { name: 'Jane Citizen' },
      });
      expect([...crm.recorded]).toEqual([deliveryId]);
      // The relay and worker keep running: nothing is sent again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(crm.requests).toHaveLength(3);
    } finally {
      await stop();
      await crm.stop();
    }
  });

  it("keeps a dealership's hung CRM in its own lane: another dealership's leads go out at once, and the hung one's each land once when it answers", async () => {
    const hung = new HungCrm();
    const healthy = new CrmReceiver(() => 200);
    await hung.start();
    await healthy.start();
    await useWebhook(hung.url, 'CRM_SECRET_NORTH', fixture.north.id);
    await useWebhook(healthy.url, 'CRM_SECRET_WEST', fixture.west.id);
    // Four deliveries at once across every dealership (the setting); each attempt at the
    // hung CRM waits out a 5 s timeout, longer than the healthy leads take to be stored and sent.
    const stop = await start(10, {
      deliveryConcurrency: 4,
      laneConcurrency: 2,
      webhookTimeoutMs: 5_000,
      breaker: { failures: 3, coolDownMs: 500 },
    });
    try {
      const stuck = [];
      for (let i = 0; i < 12; i += 1) stuck.push(await storeLead(`Hung ${i}`, fixture.north.id));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const delays: number[] = [];
      const healthyIds: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        const storedAt = Date.now();
        const { deliveryId } = await storeLead(`Healthy ${i}`, fixture.west.id);
        healthyIds.push(deliveryId);
        await eventually(
          async () => healthy.recorded.has(deliveryId),
          (done) => done,
          'healthy delivery',
        );
        delays.push(Date.now() - storedAt);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // None waited behind a hung attempt: each went out before any attempt at the hung CRM could
      // time out (the relay looks every 50 ms; a shared lane would hold it 5 s). The bound is the
      // timeout the behaviour is about, not a speed target, so a loaded machine does not fail it.
      expect(Math.max(...delays)).toBeLessThan(5_000);
      expect(healthy.requests.map((r) => r.deliveryId)).toEqual(healthyIds);
      expect(hung.arrived.size).toBeGreaterThan(0);

      hung.wake();
      for (const { deliveryId } of stuck)
        await eventually(
          () => outbox(deliveryId),
          (row) => row['status'] === 'delivered',
          'the hung CRM delivery once it answers',
        );
      // Each landed once; being put off spent no attempts (a lead only spends them on the CRM).
      expect([...hung.answered.values()]).toEqual(stuck.map(() => 1));
      const rows = await Promise.all(stuck.map(({ deliveryId }) => outbox(deliveryId)));
      expect(rows.reduce((sum, row) => sum + Number(row['attempts']), 0)).toBeLessThanOrEqual(hung.requests);
    } finally {
      await stop();
      await hung.stop();
      await healthy.stop();
    }
  });

  it('leaves a dead job with the reason after the last attempt, visible to ops', async () => {
    const crm = new CrmReceiver(() => 503);
    await crm.start();
    await useWebhook(crm.url);
    const { deliveryId } = await storeLead();
    const stop = await start(3);
    try {
      const row = await eventually(
        () => outbox(deliveryId),
        (r) => r['status'] === 'dead',
        'dead delivery',
      );
      expect(row['attempts']).toBe(3);
      expect(row['last_error']).toBe(
        `CRM webhook ${new URL(crm.url).host} answered HTTP 503 (dead after attempt 3 of 3)`,
      );
      const job = await producer.queue('leadDelivery').getJob(leadDeliveryJobId(deliveryId));
      expect(await job!.getState()).toBe('failed');
      expect(job!.failedReason).toMatch(/HTTP 503/);
      expect(crm.recorded.size).toBe(0);
    } finally {
      await stop();
      await crm.stop();
    }
  });

  it('does not retry an answer retrying cannot fix, nor a webhook without its secret', async () => {
    const crm = new CrmReceiver(() => 400);
    await crm.start();
    await useWebhook(crm.url);
    const refused = await storeLead();
    const stop = await start(5);
    try {
      const row = await eventually(
        () => outbox(refused.deliveryId),
        (r) => r['status'] === 'dead',
        'refused delivery',
      );
      expect(row['attempts']).toBe(1);
      expect(row['last_error']).toMatch(
        /HTTP 400 \(not retried: fix the CRM or its configuration, then retry from ops\)/,
      );

      await useWebhook(crm.url, 'CRM_SECRET_MISSING');
      const unsigned = await storeLead();
      const dead = await eventually(
        () => outbox(unsigned.deliveryId),
        (r) => r['status'] === 'dead',
        'unsigned delivery',
      );
      expect(dead['last_error']).toMatch(/CRM secret CRM_SECRET_MISSING is not set in the worker's environment/);
      expect(crm.requests).toHaveLength(1);
    } finally {
      await stop();
      await crm.stop();
    }
  });

  it('delivers to the deliveries table when the dealership has no webhook, once per delivery id', async () => {
    await useWebhook(null, null);
    const { leadId, deliveryId } = await storeLead();
    const stop = await start(3);
    try {
      await eventually(
        () => outbox(deliveryId),
        (r) => r['status'] === 'delivered',
        'table delivery',
      );
      const rows = (await db.dataSource.query(
        `SELECT delivery_id, lead_id, payload FROM crm_deliveries WHERE lead_id = $1`,
        [leadId],
      )) as Record<string, unknown>[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ delivery_id: deliveryId, payload: { delivery_id: deliveryId, lead_id: leadId } });
      // Delivered again (an ops reset and retry): the table keeps one row per delivery id, as a CRM
      // de-duplicating on delivery_id would.
      await db.dataSource.query(`UPDATE lead_outbox SET status = 'pending' WHERE id = $1`, [deliveryId]);
      await producer.queue('leadDelivery').remove(leadDeliveryJobId(deliveryId));
      await eventually(
        () => outbox(deliveryId),
        (r) => r['status'] === 'delivered',
        'second pass',
      );
      expect(await db.dataSource.query(`SELECT 1 FROM crm_deliveries WHERE lead_id = $1`, [leadId])).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('sends a lead email once: a retry after the send marker (the delivered update lost) does not send again', async () => {
    await db.dataSource.query(`UPDATE dealerships SET config = $2 WHERE id = $1`, [
      fixture.north.id,
      JSON.stringify({ leads: { notify_emails: ['sales@example.com'] } }),
    ]);
    const [lead] = (await db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data) VALUES ($1, $2, 'general', 'General Enquiry', '{"name":"Sam"}', '{}') RETURNING id`,
      [fixture.siteId, fixture.north.id],
    )) as { id: string }[];
    const [row] = (await db.dataSource.query(
      `INSERT INTO lead_outbox (lead_id, channel) VALUES ($1, 'email') RETURNING id`,
      [lead!.id],
    )) as { id: string }[];
    // Stands in for the mail server (outside the platform): counts what it accepted.
    const accepted: string[] = [];
    const mailer: LeadMailer = {
      send: async (email) => (accepted.push(email.deliveryId), 'smtp'),
      close: () => undefined,
    };

    expect(
      await deliverLead({ dataSource: db.dataSource, mailer, secrets: {} }, row!.id, { number: 1, max: 3 }),
    ).toEqual({ status: 'delivered', target: 'smtp' });
    const [marked] = (await db.dataSource.query(
      `SELECT email_sent_at, email_message_id FROM lead_outbox WHERE id = $1`,
      [row!.id],
    )) as { email_sent_at: Date | null; email_message_id: string }[];
    expect(marked?.email_sent_at).not.toBeNull();
    expect(marked?.email_message_id).toBe(`<${row!.id}@leads.platform>`);

    // As if the worker died after the marker, before 'delivered' was written: the retry finds the marker.
    await db.dataSource.query(`UPDATE lead_outbox SET status = 'queued', delivered_at = NULL WHERE id = $1`, [row!.id]);
    const retried = await deliverLead({ dataSource: db.dataSource, mailer, secrets: {} }, row!.id, {
      number: 2,
      max: 3,
    });
    expect(retried).toMatchObject({ status: 'delivered', target: expect.stringMatching(/^already sent at /) });
    expect(accepted).toEqual([row!.id]);
  });
  it('queues again deliveries whose jobs Redis lost, however many queued rows with live jobs come first', async () => {
    // Five deliveries waiting out a failing CRM's retries (their jobs alive), and two whose jobs
    // vanished (Redis restarted empty); the check reads pages of two rows, so the lost ones sit
    // behind a full page of live ones.
    const relay = new LeadRelay(db.dataSource, producer, { lostAfterMs: 0, lostCheckPageSize: 2 });
    const rows = [];
    for (let i = 0; i < 7; i += 1) rows.push(await storeLead(`Lead ${i}`));
    expect(await relay.relayPending()).toBe(7);
    const ids = rows.map((row) => row.deliveryId).sort();
    const queue = producer.queue('leadDelivery');
    const lost = [ids[5]!, ids[6]!];
    for (const id of lost) await queue.remove(leadDeliveryJobId(id));
    await db.dataSource.query(
      `UPDATE lead_outbox SET updated_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`,
      [ids],
    );

    expect(await relay.requeueLost()).toBe(2);
    for (const id of ids) expect(await queue.getJob(leadDeliveryJobId(id))).toBeDefined();
    // The others kept their jobs and were not touched; a second pass finds nothing to do.
    expect(await relay.requeueLost()).toBe(0);
    await queue.obliterate({ force: true });
  });
});
