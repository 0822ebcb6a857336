// Scenarios 5 and 6: PostgreSQL stops (pg_ctl stop -m fast) for 30 s, then 60 s, while a snapshot
// is being applied. The run must end 'succeeded' by itself with every car created once, and the
// api must answer 503 with Retry-After (never 500) to whatever needs the database meanwhile.
import { randomUUID } from 'node:crypto';
import { AnswerLog, cars, FINISHED, tag } from '../lib/platform.mjs';
import { sleep, until } from '../lib/stack.mjs';

const CARS = Number(process.env.FAULTS_PG_CARS ?? 6000);

export function postgresOutage(id, seconds) {
  const dealer = id === 5 ? 's5' : 's6';
  return {
    id,
    name: `postgres-outage-${seconds}s`,
    summary: `stop PostgreSQL ${seconds} s (pg_ctl stop -m fast) while a ${CARS}-car snapshot is being applied`,
    boundSeconds: seconds + 150,
    async run(p, result, log) {
      const run = tag();
      const pushed = await p.pushFeed(dealer, cars(`P${id}-`, CARS), 'snapshot');
      if (pushed.status !== 202) throw new Error(`push answered ${pushed.status}: ${pushed.text}`);
      const runId = pushed.json.feedRunId;
      const caught = await until(
        90,
        async () => {
          const row = await p.run(runId);
          if (FINISHED.has(row.status)) return { finished: row.status };
          return row.status === 'running' && row.rows_applied > 0 ? row : null;
        },
        5,
      );
      if (!caught || caught.finished)
        throw new Error(`the run was not caught running (${caught?.finished ?? 'never ran'})`);
      p.postgres.stop('fast');
      const downAt = Date.now();
      const appliedAtStop = caught.rows_applied;
      log(`  PostgreSQL stopped (fast) with about ${appliedAtStop} of ${CARS} rows applied`);

      const answers = new AnswerLog();
      let probes = 0;
      const acceptedDuring = [];
      while (Date.now() - downAt < seconds * 1000) {
        const calls = [
          ['health', p.http('GET', '/health/ready', { timeoutMs: 5000 })],
          [
            'search',
            p.http('POST', `/api/sites/${p.site.slug}/search`, { body: { hitsPerPage: 5 }, timeoutMs: 10_000 }),
          ],
          ['config', p.http('GET', `/api/sites/${p.site.slug}/config`, { timeoutMs: 10_000 })],
          [
            'run status',
            p.http('GET', `/api/feeds/runs/${runId}`, {
              headers: { authorization: `Bearer ${p.dealers[dealer].key}` },
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
        ];
        for (const [label, call] of calls) answers.note(label, await call);
        // A push and a lead each round: refused with 503, or (if accepted) they must land.
        const push = await p.pushFeed(dealer, cars(`Q${id}-${probes}-`, 1), 'delta');
        answers.note('feed push', push);
        if (push.status === 202) acceptedDuring.push({ kind: 'run', id: push.json.feedRunId });
        const lead = await p.postLead(dealer, `s${id}-${run}-${probes}`, randomUUID());
        answers.note('lead', lead);
        if (lead.status === 201) acceptedDuring.push({ kind: 'lead', id: lead.json.lead_id });
        probes += 1;
        await sleep(1000);
      }
      p.postgres.start();
      const backAt = Date.now();
      log(`  PostgreSQL started again after ${((backAt - downAt) / 1000).toFixed(1)} s`);
      result.failures.push(...answers.problems.slice(0, 5));

      const runIds = [runId, ...acceptedDuring.filter((a) => a.kind === 'run').map((a) => a.id)];
      const leadIds = acceptedDuring.filter((a) => a.kind === 'lead').map((a) => a.id);
      const settled = await until(
        90,
        async () => {
          const rows = await p.runs(runIds);
          if (!rows.every((row) => FINISHED.has(row.status))) return null;
          if ((await p.leadLedger(leadIds)).stuck) return null;
          return p.indexDrained();
        },
        250,
      );
      if (settled) result.recovery = (Date.now() - backAt) / 1000;
      const rows = await p.runs(runIds);
      const main = rows.find((row) => row.id === runId);
      result.stuck += rows.filter((row) => !FINISHED.has(row.status)).length;
      if (FINISHED.has(main.status) && main.status !== 'succeeded')
        result.failures.push(`the run ended ${main.status}: ${main.detail}`);
      const counts = main.counts;
      if (counts.created !== CARS || counts.updated !== 0 || counts.unchanged !== 0)
        result.failures.push(
          `counts created ${counts.created}, updated ${counts.updated}, unchanged ${counts.unchanged}`,
        );
      const expected = CARS + (runIds.length - 1);
      const live = await p.liveCars(dealer);
      if (live < expected) result.lost += expected - live;
      const ledger = await p.leadLedger(leadIds);
      result.lost += ledger.lost;
      result.stuck += ledger.stuck;
      result.notes.push(
        `${live} cars, created ${counts.created}, run ${main.status}; answers during the outage: ${answers.summary()} (${probes} rounds${acceptedDuring.length ? `, ${acceptedDuring.length} accepted` : ''}; slowest s: ${answers.latencies()})`,
      );
    },
  };
}
