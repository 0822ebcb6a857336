// Scenario 1: the worker is SIGKILLed twice while it applies a snapshot, and started again at once
// each time. The run must end 'succeeded' by itself, with every car created exactly once (a batch
// applied twice would count cars as 'updated' or 'unchanged' instead of 'created').
import { cars, FINISHED } from '../lib/platform.mjs';
import { sleep, until } from '../lib/stack.mjs';

const CARS = Number(process.env.FAULTS_SNAPSHOT_CARS ?? 8000);

export default {
  id: 1,
  name: 'worker-sigkill-snapshot',
  summary: `SIGKILL the worker twice while a ${CARS}-car snapshot is being applied`,
  boundSeconds: 150,
  async run(p, result, log) {
    const pushed = await p.pushFeed('s1', cars('K', CARS), 'snapshot');
    if (pushed.status !== 202) throw new Error(`push answered ${pushed.status}: ${pushed.text}`);
    const id = pushed.json.feedRunId;

    // Kill once batches have committed; again once the resumed job has committed more.
    let applied = 0;
    let restartedAt = 0;
    for (const kill of [1, 2]) {
      const caught = await until(
        90,
        async () => {
          const run = await p.run(id);
          if (FINISHED.has(run.status)) return { finished: run.status };
          return run.status === 'running' && run.rows_applied > applied ? run : null;
        },
        5,
      );
      if (!caught) throw new Error(`kill ${kill}: the run never made progress past ${applied} rows`);
      if (caught.finished) {
        result.failures.push(`kill ${kill}: the run ended (${caught.finished}) before it could be killed`);
        break;
      }
      await p.worker.kill('SIGKILL');
      const at = (await p.run(id)).rows_applied;
      log(`  kill ${kill}: worker SIGKILLed with ${at} of ${CARS} rows applied; started again`);
      applied = at;
      p.worker.start();
      restartedAt = Date.now();
      if (kill === 1) await sleep(50);
    }

    // Settled: the run ended and every change reached the search index.
    const settled = await until(
      60,
      async () => {
        const run = await p.run(id);
        return FINISHED.has(run.status) && (await p.indexDrained()) ? run : null;
      },
      100,
    );
    const run = settled ?? (await p.run(id));
    if (!settled) {
      result.stuck += FINISHED.has(run.status) ? 0 : 1;
      if (FINISHED.has(run.status)) result.failures.push('the search index did not catch up within 60 s');
    } else result.recovery = (Date.now() - restartedAt) / 1000;
    if (run.status !== 'succeeded' && FINISHED.has(run.status))
      result.failures.push(`the run ended '${run.status}': ${run.detail}`);
    const live = await p.liveCars('s1');
    if (live < CARS) result.lost += CARS - live;
    if (live > CARS) result.failures.push(`${live} live cars for a ${CARS}-car snapshot`);
    const counts = run.counts;
    if (counts.created !== CARS || counts.updated !== 0 || counts.unchanged !== 0)
      result.failures.push(
        `counts created ${counts.created}, updated ${counts.updated}, unchanged ${counts.unchanged} (a batch applied twice?)`,
      );
    result.notes.push(
      `${live} cars, created ${counts.created}, run ${run.status} after ${run.sweep_resumes} sweep resumes`,
    );
  },
};
