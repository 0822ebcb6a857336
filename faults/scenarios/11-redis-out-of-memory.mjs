// Scenario 11: Redis runs out of memory (maxmemory reached under noeviction, so it refuses every
// write) for 30 s while leads arrive and shoppers read. The api must keep taking leads (stored
// first, 201) and never answer 500; the worker must back off rather than spin: at most a few log
// lines a second from api and worker together (a worker once wrote 22,668 a second). Once Redis
// takes writes again every lead is delivered exactly once, within the recovery bound.
import { readFileSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { AnswerLog, tag } from '../lib/platform.mjs';
import { Redis, sleep, until } from '../lib/stack.mjs';

const OOM_S = Number(process.env.FAULTS_REDIS_OOM_S ?? 30);
/** Log lines a second, api and worker together, allowed while Redis is full. */
const MAX_LINES_PER_S = 3;

/** Lines written to a service's log since `from` (a byte offset), and the offset now. */
function linesSince(logPath, from) {
  const size = statSync(logPath).size;
  if (size <= from) return { lines: 0, size };
  const text = readFileSync(logPath).subarray(from, size).toString('utf8');
  return { lines: text.split('\n').filter(Boolean).length, size };
}

export default {
  id: 11,
  name: 'redis-out-of-memory-30s',
  summary: `Redis full under noeviction (every write refused) for ${OOM_S} s while leads arrive; api and worker back off quietly`,
  boundSeconds: OOM_S + 120,
  async run(p, result, log) {
    const run = tag();
    const admin = new Redis(p.redis.url, { maxRetriesPerRequest: 1 });
    admin.on('error', () => undefined);
    const answers = new AnswerLog();
    const leads = [];
    try {
      const apiFrom = statSync(p.api.logPath).size;
      const workerFrom = statSync(p.worker.logPath).size;
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      // Below what Redis already holds: every command that may add memory is refused with OOM.
      await admin.config('SET', 'maxmemory', '1');
      const fullAt = Date.now();
      log(`  Redis full (maxmemory 1 byte, noeviction): every write refused`);

      let i = 0;
      while (Date.now() - fullAt < OOM_S * 1000) {
        const lead = await p.postLead('s2', `s11-${run}-${i}`, randomUUID());
        answers.note('lead', lead);
        if (lead.status === 201) leads.push(lead.json.lead_id);
        else result.failures.push(`lead while Redis was full answered ${lead.status}: ${lead.text.slice(0, 200)}`);
        answers.note(
          'search',
          await p.http('POST', `/api/sites/${p.site.slug}/search`, { body: { hitsPerPage: 5 }, timeoutMs: 10_000 }),
        );
        answers.note('health', await p.http('GET', '/health/ready', { timeoutMs: 5000 }));
        i += 1;
        await sleep(1000);
      }
      const fullFor = (Date.now() - fullAt) / 1000;
      const api = linesSince(p.api.logPath, apiFrom);
      const worker = linesSince(p.worker.logPath, workerFrom);
      // The leads' own request lines are the api's normal work, not noise: 3 calls a second at most.
      const perSecond = (worker.lines + api.lines) / fullFor;
      await admin.config('SET', 'maxmemory', '0');
      const backAt = Date.now();
      log(`  Redis takes writes again after ${fullFor.toFixed(1)} s`);
      result.failures.push(...answers.problems.slice(0, 5));
      if (worker.lines / fullFor > MAX_LINES_PER_S)
        result.failures.push(
          `the worker wrote ${worker.lines} log lines in ${fullFor.toFixed(0)} s while Redis was full (over ${MAX_LINES_PER_S} a second)`,
        );

      const settled = await until(60, async () => (await p.leadLedger(leads)).stuck === 0, 200);
      if (settled) result.recovery = (Date.now() - backAt) / 1000;
      const ledger = await p.leadLedger(leads);
      result.stuck += ledger.stuck;
      result.lost += ledger.lost;
      if (ledger.doubled) result.failures.push(`${ledger.doubled} deliveries landed twice`);
      result.notes.push(
        `${leads.length} leads taken while full, ${ledger.delivered} of ${ledger.deliveries} deliveries once after; log lines while full: worker ${worker.lines}, api ${api.lines} (${perSecond.toFixed(1)} a second together, ${(worker.lines / fullFor).toFixed(2)} the worker's); answers: ${answers.summary()}`,
      );
    } finally {
      await admin.config('SET', 'maxmemory', '0').catch(() => undefined);
      admin.disconnect();
    }
  },
};
