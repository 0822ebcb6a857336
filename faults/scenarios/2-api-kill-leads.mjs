// Scenario 2: the api is SIGKILLed in the middle of a burst of lead posts and started again at once.
// Each post carries an Idempotency-Key and is retried (as a browser or the web tier would) until
// it is answered 2xx. Every lead must then exist exactly once and each of its deliveries (CRM and
// dealer email) must have landed exactly once.
import { randomUUID } from 'node:crypto';
import { tag } from '../lib/platform.mjs';
import { sleep, until } from '../lib/stack.mjs';

const LEADS = Number(process.env.FAULTS_LEADS ?? 150);
const CONCURRENCY = 8;

export default {
  id: 2,
  name: 'api-sigkill-leads',
  summary: `SIGKILL the api during a burst of ${LEADS} lead posts, restart it, clients retry with their Idempotency-Key`,
  boundSeconds: 120,
  async run(p, result, log) {
    const run = tag();
    const items = Array.from({ length: LEADS }, (_, i) => ({
      marker: `s2-${run}-${i}`,
      key: randomUUID(),
      leadId: null,
    }));
    let answered = 0;
    let retries = 0;
    const fiveHundreds = [];
    let restartedAt = 0;
    const killer = (async () => {
      await until(60, () => answered >= LEADS / 3, 5);
      await p.api.kill('SIGKILL');
      log(`  api SIGKILLed after ${answered} of ${LEADS} leads were answered; started again`);
      p.api.start();
      restartedAt = Date.now();
    })();
    let next = 0;
    const deadline = Date.now() + 90_000;
    const client = async () => {
      while (next < items.length) {
        const item = items[next++];
        for (;;) {
          const answer = await p.postLead('s2', item.marker, item.key);
          if (answer.status >= 200 && answer.status < 300) {
            item.leadId = answer.json.lead_id;
            answered += 1;
            break;
          }
          if (answer.status >= 500 && answer.status !== 503)
            fiveHundreds.push(`${answer.status} ${answer.text.slice(0, 120)}`);
          else if (answer.status !== 0 && answer.status !== 503)
            throw new Error(`lead answered ${answer.status}: ${answer.text.slice(0, 300)}`);
          if (Date.now() > deadline) return;
          retries += 1;
          await sleep(200);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    await killer;

    const accepted = items.filter((item) => item.leadId);
    const ids = accepted.map((item) => item.leadId);
    if (new Set(ids).size !== ids.length) result.failures.push('two posts were answered the same lead id');
    result.lost += items.length - accepted.length;
    const { rows } = await p.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT fields->>'email')::int AS distinct_markers FROM leads WHERE fields->>'email' LIKE $1`,
      [`s2-${run}-%`],
    );
    if (rows[0].n !== LEADS || rows[0].distinct_markers !== LEADS)
      result.failures.push(`${rows[0].n} leads stored for ${LEADS} submissions (${rows[0].distinct_markers} distinct)`);

    const settled = await until(
      60,
      async () => {
        const ledger = await p.leadLedger(ids);
        return ledger.stuck === 0 ? ledger : null;
      },
      250,
    );
    const ledger = settled ?? (await p.leadLedger(ids));
    if (settled) result.recovery = (Date.now() - restartedAt) / 1000;
    result.lost += ledger.lost;
    result.stuck += ledger.stuck;
    if (ledger.doubled) result.failures.push(`${ledger.doubled} deliveries landed twice`);
    if (fiveHundreds.length)
      result.failures.push(`${fiveHundreds.length} answers were 5xx other than 503: ${fiveHundreds[0]}`);
    result.notes.push(
      `${ledger.leads} leads, ${ledger.delivered} of ${ledger.deliveries} deliveries landed once, ${retries} client retries`,
    );
  },
};
