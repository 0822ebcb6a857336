// Scenario 4: Redis restarts empty (SHUTDOWN NOSAVE, its files removed, started again) while the
// worker keeps running. The worker's schedules must be back within seconds without a restart, runs
// whose jobs were lost must apply by themselves, and lead deliveries whose jobs were lost (waiting
// out retries of a CRM that was failing) must be delivered, once each.
import { randomUUID } from 'node:crypto';
import { cars, FINISHED, SCHEDULES, tag } from '../lib/platform.mjs';
import { sleep, until } from '../lib/stack.mjs';

const SCHEDULES_WITHIN_S = 10;

export default {
  id: 4,
  name: 'redis-restart-empty',
  summary: 'restart Redis empty while runs are queued and lead deliveries wait on retries',
  boundSeconds: 150,
  async run(p, result, log) {
    const run = tag();
    // Leads for a CRM that is failing: their deliveries wait in Redis as delayed jobs, retries of
    // the first attempts and, once the lane's breaker has opened, the rest put off (no attempt spent).
    p.crm.down = true;
    const leads = [];
    for (let i = 0; i < 10; i += 1) {
      const answer = await p.postLead('s4', `s4-${run}-${i}`, randomUUID());
      if (answer.status !== 201) throw new Error(`lead answered ${answer.status}: ${answer.text}`);
      leads.push(answer.json.lead_id);
    }
    const waiting = await until(
      30,
      async () => {
        const { rows } = await p.db.query(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE attempts > 0)::int AS tried FROM lead_outbox
           WHERE lead_id = ANY($1::uuid[]) AND channel = 'crm' AND status = 'queued'`,
          [leads],
        );
        // Queued, and the CRM lane's breaker open (LEAD_BREAKER_FAILURES, 3, attempts failed).
        return rows[0].n === leads.length && rows[0].tried >= 3;
      },
      200,
    );
    if (!waiting) throw new Error('the CRM deliveries did not reach their retries');
    // The rest of them are taken and put off meanwhile.
    await sleep(1000);

    // Two runs of one dealership: the first being applied, the second waiting behind it.
    const first = await p.pushFeed('s4', cars('E', 4000), 'snapshot');
    const second = await p.pushFeed('s4', cars('F', 100), 'delta');
    if (first.status !== 202 || second.status !== 202) throw new Error('pushes before the wipe were not accepted');
    const runIds = [first.json.feedRunId, second.json.feedRunId];
    await until(30, async () => (await p.run(runIds[0])).status === 'running', 20);

    await p.redis.shutdown(false);
    p.redis.removeFiles();
    await p.redis.start();
    const backAt = Date.now();
    p.crm.down = false;
    log(`  Redis restarted empty (SHUTDOWN NOSAVE, files removed); the CRM answers again`);

    const schedules = await until(
      SCHEDULES_WITHIN_S + 20,
      async () => (await p.schedulesPresent()) === SCHEDULES.length,
      200,
    );
    const schedulesAfter = (Date.now() - backAt) / 1000;
    if (!schedules) result.stuck += SCHEDULES.length - (await p.schedulesPresent().catch(() => 0));
    else if (schedulesAfter > SCHEDULES_WITHIN_S)
      result.failures.push(
        `the schedules came back ${schedulesAfter.toFixed(1)} s after Redis (over ${SCHEDULES_WITHIN_S} s)`,
      );

    // When each part settled, from Redis's return: the runs, the deliveries, the index.
    const parts = {};
    const mark = (part, done) => {
      if (done && parts[part] === undefined) parts[part] = (Date.now() - backAt) / 1000;
      return done;
    };
    const settled = await until(
      60,
      async () => {
        const rows = await p.runs(runIds);
        const runsDone = mark(
          'runs',
          rows.every((row) => FINISHED.has(row.status)),
        );
        const ledger = await p.leadLedger(leads, { webhook: true });
        const leadsDone = mark('deliveries', ledger.stuck === 0);
        const indexDone = mark('index', runsDone && (await p.indexDrained()));
        return runsDone && leadsDone && indexDone;
      },
      250,
    );
    if (settled) result.recovery = (Date.now() - backAt) / 1000;
    const rows = await p.runs(runIds);
    const ledger = await p.leadLedger(leads, { webhook: true });
    result.stuck += rows.filter((row) => !FINISHED.has(row.status)).length + ledger.stuck;
    result.lost += ledger.lost;
    if (ledger.doubled) result.failures.push(`${ledger.doubled} deliveries landed twice at the CRM`);
    for (const row of rows)
      if (FINISHED.has(row.status) && row.status !== 'succeeded')
        result.failures.push(`run ended ${row.status}: ${row.detail}`);
    const live = await p.liveCars('s4');
    if (live < 4100) result.lost += 4100 - live;
    if (rows[0]?.counts.created !== 4000 || rows[1]?.counts.created !== 100)
      result.failures.push(
        `counts created ${rows[0]?.counts.created} and ${rows[1]?.counts.created} (expected 4000 and 100)`,
      );
    if (p.crm.badSignatures)
      result.failures.push(`${p.crm.badSignatures} webhook deliveries were not signed correctly`);
    await sleep(0);
    result.notes.push(
      `schedules back after ${schedulesAfter.toFixed(1)} s, runs ended at +${parts.runs?.toFixed(1)} s, deliveries at +${parts.deliveries?.toFixed(1)} s, ${live} cars, runs ${rows.map((r) => r.status).join('/')}, ${ledger.delivered} of ${ledger.deliveries} deliveries once (CRM refused ${p.crm.refused} attempts while down)`,
    );
  },
};
