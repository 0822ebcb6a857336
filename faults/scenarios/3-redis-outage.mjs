// Scenario 3: Redis stops for 30 s with its data kept (SHUTDOWN SAVE, then started on the same
// directory). Feeds pushed and leads posted during the outage must be accepted (202 / 201, the run
// stored), apply in the order received within 15 s of Redis's return, and each lead be delivered
// once. No answer of the api may be a 500; where it cannot work it answers 503 with Retry-After.
import { randomUUID } from 'node:crypto';
import { AnswerLog, cars, FINISHED, tag } from '../lib/platform.mjs';
import { sleep, until } from '../lib/stack.mjs';

const OUTAGE_S = Number(process.env.FAULTS_REDIS_OUTAGE_S ?? 30);
const APPLY_WITHIN_S = 15;

export default {
  id: 3,
  name: 'redis-outage-30s',
  summary: `stop Redis ${OUTAGE_S} s (SHUTDOWN SAVE) while feeds and leads arrive, start it on the same data`,
  boundSeconds: OUTAGE_S + 120,
  async run(p, result, log) {
    const run = tag();
    // A baseline the outage's deltas change: 200 cars at one price.
    const base = await p.pushFeed('s3', cars('R', 200, { price: 10000 }), 'snapshot');
    if (base.status !== 202) throw new Error(`baseline push answered ${base.status}`);
    const baseRun = (await p.waitRuns([base.json.feedRunId], 60))[0];
    if (baseRun?.status !== 'succeeded') throw new Error(`baseline run ended ${baseRun?.status}`);
    await until(30, () => p.indexDrained(), 200);

    const answers = new AnswerLog();
    await p.redis.shutdown(true);
    const downAt = Date.now();
    log(`  Redis stopped (SHUTDOWN SAVE)`);

    // During the outage: three runs in order (two price changes of the same cars, then new cars),
    // twenty leads, and shoppers and ops reading, all the while.
    const feeds = [
      ['A', cars('R', 200, { price: 11111 })],
      ['B', cars('R', 200, { price: 22222 })],
      ['C', cars('N', 100)],
    ];
    const runIds = [];
    for (const [label, body] of feeds) {
      const answer = await p.pushFeed('s3', body, 'delta');
      answers.note(`feed ${label}`, answer);
      if (answer.status === 202) runIds.push(answer.json.feedRunId);
      else
        result.failures.push(`feed ${label} during the outage answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    }
    // Stored, waiting for Redis: queued, with no job yet.
    const stored = await p.runs(runIds);
    if (stored.length !== runIds.length || stored.some((row) => row.status !== 'queued'))
      result.failures.push(
        `runs accepted during the outage are not all stored queued: ${stored.map((r) => r.status).join('/')}`,
      );
    const leads = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await p.postLead('s3', `s3-${run}-${i}`, randomUUID());
      answers.note('lead', answer);
      if (answer.status === 201) leads.push(answer.json.lead_id);
      else result.failures.push(`lead during the outage answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    }
    let probes = 0;
    while (Date.now() - downAt < OUTAGE_S * 1000) {
      const calls = [
        ['health', p.http('GET', '/health/ready', { timeoutMs: 5000 })],
        ['search', p.http('POST', `/api/sites/${p.site.slug}/search`, { body: { hitsPerPage: 5 }, timeoutMs: 10_000 })],
        ['config', p.http('GET', `/api/sites/${p.site.slug}/config`, { timeoutMs: 10_000 })],
        [
          'run status',
          p.http('GET', `/api/feeds/runs/${runIds[0]}`, {
            headers: { authorization: `Bearer ${p.dealers.s3.key}` },
            timeoutMs: 10_000,
          }),
        ],
        [
          'ops runs',
          p.http('GET', '/api/ops/feeds/runs?limit=5', {
            headers: { authorization: `Bearer ${p.opsToken}` },
            timeoutMs: 10_000,
          }),
        ],
        ['event', p.http('POST', `/api/sites/${p.site.slug}/events`, { body: { event_id: 22 }, timeoutMs: 10_000 })],
      ];
      for (const [label, call] of calls) answers.note(label, await call);
      probes += 1;
      await sleep(1000);
    }
    await p.redis.start();
    const backAt = Date.now();
    log(`  Redis started again on its saved data after ${((backAt - downAt) / 1000).toFixed(1)} s`);
    result.failures.push(...answers.problems.slice(0, 5));

    const settled = await until(
      60,
      async () => {
        const rows = await p.runs(runIds);
        if (!rows.every((row) => FINISHED.has(row.status))) return null;
        const ledger = await p.leadLedger(leads);
        return ledger.stuck === 0 && (await p.indexDrained()) ? { rows, ledger } : null;
      },
      200,
    );
    if (settled) result.recovery = (Date.now() - backAt) / 1000;
    const rows = await p.runs(runIds);
    const ledger = await p.leadLedger(leads);
    result.stuck += rows.filter((row) => !FINISHED.has(row.status)).length + ledger.stuck;
    result.lost += ledger.lost;
    if (ledger.doubled) result.failures.push(`${ledger.doubled} deliveries landed twice`);
    for (const row of rows) {
      if (FINISHED.has(row.status) && row.status !== 'succeeded')
        result.failures.push(`run ended ${row.status}: ${row.detail}`);
      if (row.finished_at && row.finished_at.getTime() - backAt > APPLY_WITHIN_S * 1000)
        result.failures.push(
          `a run applied ${((row.finished_at.getTime() - backAt) / 1000).toFixed(1)} s after Redis returned (over ${APPLY_WITHIN_S} s)`,
        );
    }
    // In order: each run started after the one before it finished, and the last price wins.
    for (let i = 1; i < rows.length; i += 1)
      if (rows[i].started_at && rows[i - 1].finished_at && rows[i].started_at < rows[i - 1].finished_at)
        result.failures.push(`run ${i + 1} started before run ${i} finished`);
    const { rows: prices } = await p.db.query(
      `SELECT price, count(*)::int AS n FROM cars WHERE dealership_id = $1 AND stocknum LIKE 'R%' GROUP BY price`,
      [p.dealers.s3.id],
    );
    if (prices.length !== 1 || Number(prices[0].price) !== 22222)
      result.failures.push(`prices after the ordered deltas: ${JSON.stringify(prices)} (expected every car at 22222)`);
    const live = await p.liveCars('s3');
    if (live < 300) result.lost += 300 - live;
    const applied = rows.map((row) =>
      row.finished_at ? ((row.finished_at.getTime() - backAt) / 1000).toFixed(1) : '-',
    );
    result.notes.push(
      `${live} cars, runs applied at +${applied.join('/')} s after Redis returned, ${ledger.delivered} of ${ledger.deliveries} deliveries once; answers during the outage: ${answers.summary()} (${probes} probe rounds; slowest s: ${answers.latencies()})`,
    );
  },
};
