// Scenario 9: one dealership's CRM accepts every request and never answers, for a minute, then
// answers again; beside it another dealership's CRM is healthy. Leads go to both throughout the
// hang. The healthy dealership's leads must keep their normal latency (its own figure: their p95
// delay, from the post answered to the CRM receiving the lead, under 2 s), and every lead of both
// must land exactly once, the hung CRM's once it answers again (issue 50).
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { tag } from '../lib/platform.mjs';
import { freePort, sleep, until } from '../lib/stack.mjs';

const HANG_S = Number(process.env.FAULTS_HUNG_CRM_S ?? 60);
const HEALTHY_P95_LIMIT_S = 2;

/**
 * A dealer's CRM on loopback: checks each signature, and while `hung` accepts each request and
 * never answers. Woken, it answers the requests it still holds (those whose sender still waits)
 * and every later one. Counts the 2xx it gave per delivery id, and when each lead first got one.
 */
class HangingCrm {
  constructor(secret) {
    this.secret = secret;
    this.hung = false;
    this.held = [];
    this.answered = new Map(); // delivery id -> 2xx given
    this.landedAt = new Map(); // lead id -> when its delivery was first answered 2xx
    this.requests = 0;
    this.badSignatures = 0;
  }

  async start() {
    this.port = await freePort();
    this.server = createServer((request, response) => {
      let gone = false;
      response.on('close', () => (gone = true));
      const socket = request.socket;
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const timestamp = request.headers['x-platform-timestamp'];
        const expected = `v1=${createHmac('sha256', this.secret).update(`${timestamp}.${body}`).digest('hex')}`;
        if (request.headers['x-platform-signature'] !== expected) this.badSignatures += 1;
        this.requests += 1;
        let leadId = null;
        try {
          leadId = JSON.parse(body).lead_id ?? null;
        } catch {
          leadId = null;
        }
        const entry = {
          id: request.headers['x-platform-delivery-id'],
          leadId,
          response,
          gone: () => gone || socket.destroyed,
        };
        if (this.hung) this.held.push(entry);
        else this.answer(entry);
      });
    });
    await new Promise((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  answer({ id, leadId, response, gone }) {
    // A sender that gave up (its timeout closed the connection) hears nothing: the CRM never recorded it.
    if (gone()) return;
    this.answered.set(id, (this.answered.get(id) ?? 0) + 1);
    if (leadId && !this.landedAt.has(leadId)) this.landedAt.set(leadId, Date.now());
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  }

  wake() {
    this.hung = false;
    for (const entry of this.held.splice(0)) this.answer(entry);
  }

  get url() {
    return `http://127.0.0.1:${this.port}/crm`;
  }

  stop() {
    for (const { response } of this.held.splice(0)) response.destroy();
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A dealership of the scenario's own (with its primary location) whose leads go to `crm`. */
async function dealership(p, key, crm) {
  const config = { leads: { crm_webhook_url: crm.url, crm_secret_env: 'CRM_SECRET_FAULTS' } };
  const slug = `faults-${key}`;
  const [dealer] = (
    await p.db.query(`INSERT INTO dealerships (site_id, slug, name, config) VALUES ($1, $2, $3, $4) RETURNING id`, [
      p.site.id,
      slug,
      `Fault Motors ${key.toUpperCase()}`,
      JSON.stringify(config),
    ])
  ).rows;
  const [location] = (
    await p.db.query(
      `INSERT INTO locations (dealership_id, name, slug, "primary", street, city, state, postcode, time_zone)
       VALUES ($1, $2, $3, true, '1 Main St', 'Brisbane', 'QLD', '4000', 'Australia/Brisbane') RETURNING id`,
      [dealer.id, `Fault Motors ${key.toUpperCase()} Sales`, `${slug}-sales`],
    )
  ).rows;
  p.dealers[key] = { id: dealer.id, slug, locationId: location.id };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : null;
};

export default {
  id: 9,
  name: 'hung-crm',
  summary: `one dealership's CRM accepts and never answers for ${HANG_S} s beside a healthy one; leads go to both throughout`,
  boundSeconds: HANG_S + 150,
  async run(p, result, log) {
    const run = tag();
    const hung = new HangingCrm(p.crmSecret);
    const healthy = new HangingCrm(p.crmSecret);
    try {
      await hung.start();
      await healthy.start();
      await dealership(p, `s9-hung-${run}`, hung);
      await dealership(p, `s9-ok-${run}`, healthy);
      const post = async (key, marker) => {
        for (let tries = 0; ; tries += 1) {
          const answer = await p.postLead(key, marker, randomUUID());
          if (answer.status === 201) return { leadId: answer.json.lead_id, storedAt: Date.now() };
          if (tries >= 20) throw new Error(`lead answered ${answer.status}: ${answer.text.slice(0, 300)}`);
          await sleep(250);
        }
      };

      hung.hung = true;
      const hungAt = Date.now();
      log(
        `  the CRM of faults-s9-hung-${run} accepts and never answers for ${HANG_S} s; faults-s9-ok-${run}'s answers`,
      );
      const hungLeads = [];
      const healthyLeads = [];
      for (let i = 0; Date.now() - hungAt < (HANG_S - 2) * 1000; i += 1) {
        const tick = Date.now();
        const [a, b] = await Promise.all([
          post(`s9-hung-${run}`, `s9-${run}-hung-${i}`),
          post(`s9-ok-${run}`, `s9-${run}-ok-${i}`),
        ]);
        hungLeads.push(a);
        healthyLeads.push(b);
        await sleep(Math.max(0, 1000 - (Date.now() - tick)));
      }
      // The healthy CRM's leads are all in by the end of the hang, or they are late.
      await until(Math.max(1, HANG_S - (Date.now() - hungAt) / 1000), () =>
        healthyLeads.every((lead) => healthy.landedAt.has(lead.leadId)),
      );
      const requestsWhileHung = hung.requests;
      hung.wake();
      const wokeAt = Date.now();
      log(
        `  the hung CRM answers again after ${((wokeAt - hungAt) / 1000).toFixed(0)} s; it saw ${requestsWhileHung} requests for ${hungLeads.length} leads meanwhile`,
      );

      const ids = [...hungLeads, ...healthyLeads].map((lead) => lead.leadId);
      const hungIds = new Set(hungLeads.map((lead) => lead.leadId));
      const ledger = async () => {
        const rows = await p.deliveries(ids);
        let lost = 0;
        let doubled = 0;
        let stuck = 0;
        for (const leadId of ids)
          for (const channel of ['crm', 'email'])
            if (!rows.some((row) => row.lead_id === leadId && row.channel === channel)) lost += 1;
        for (const row of rows) {
          const crm = hungIds.has(row.lead_id) ? hung : healthy;
          const landed = row.channel === 'crm' ? (crm.answered.get(row.id) ?? 0) : row.email_rows;
          if (row.status !== 'delivered') stuck += 1;
          else if (landed === 0) lost += 1;
          else if (landed > 1) doubled += 1;
        }
        return { rows: rows.length, lost, doubled, stuck };
      };
      const settled = await until(
        60,
        async () => {
          const now = await ledger();
          return now.stuck === 0 ? now : null;
        },
        250,
      );
      const final = settled ?? (await ledger());
      if (settled)
        result.recovery = (Math.max(...hungLeads.map((lead) => hung.landedAt.get(lead.leadId) ?? 0)) - wokeAt) / 1000;
      result.lost += final.lost;
      result.stuck += final.stuck;
      if (final.doubled) result.failures.push(`${final.doubled} deliveries landed twice`);
      if (hung.badSignatures + healthy.badSignatures)
        result.failures.push(`${hung.badSignatures + healthy.badSignatures} webhooks with a bad signature`);

      const delays = healthyLeads.map((lead) =>
        healthy.landedAt.has(lead.leadId) ? (healthy.landedAt.get(lead.leadId) - lead.storedAt) / 1000 : Infinity,
      );
      const p95 = quantile(delays, 0.95);
      const max = Math.max(...delays);
      if (!(p95 < HEALTHY_P95_LIMIT_S))
        result.failures.push(
          `the healthy dealership's p95 delivery delay was ${p95.toFixed(1)} s (limit ${HEALTHY_P95_LIMIT_S} s)`,
        );
      const { rows: attempts } = await p.db.query(
        `SELECT coalesce(sum(attempts), 0)::int AS n FROM lead_outbox WHERE channel = 'crm' AND lead_id = ANY($1::uuid[])`,
        [[...hungIds]],
      );
      result.notes.push(
        `hung CRM: healthy dealership p95 delay ${p95.toFixed(2)} s (max ${max.toFixed(2)} s, median ${quantile(delays, 0.5).toFixed(2)} s, ${delays.length} leads)`,
      );
      result.notes.push(
        `${final.rows} deliveries of ${ids.length} leads landed once; the hung CRM saw ${requestsWhileHung} requests for ${hungLeads.length} leads while hung (${attempts[0].n} attempts spent in all)`,
      );
    } finally {
      await hung.stop().catch(() => undefined);
      await healthy.stop().catch(() => undefined);
    }
  },
};
