#!/usr/bin/env node
// The fault suite (issue 35): real api and worker processes on a PostgreSQL cluster and a
// redis-server of the suite's own, with processes killed and dependencies stopped under load.
// `npm run test:faults` builds api, worker and seed first, then runs this.
//
//   FAULTS_ONLY=1,3     run only these scenarios
//   FAULTS_KEEP=1       keep the temporary directory (logs of api, worker, PostgreSQL, Redis)
//   FAULTS_MAX_RECOVERY seconds a scenario may take to settle after its fault ends (default 20)
//
// Prints one line per scenario and, last, exactly:
//   faults: N scenarios, held H, lost L, stuck S, max recovery R s
// with R in seconds to one decimal. Exits 0 only when every scenario held, nothing was lost or
// stuck and the slowest recovery was at most FAULTS_MAX_RECOVERY.
import { Platform } from './lib/platform.mjs';
import { makeTmp, removeTmp } from './lib/stack.mjs';
import workerKillSnapshot from './scenarios/1-worker-kill-snapshot.mjs';
import apiKillLeads from './scenarios/2-api-kill-leads.mjs';
import redisOutage from './scenarios/3-redis-outage.mjs';
import redisEmpty from './scenarios/4-redis-empty.mjs';
import { postgresOutage } from './scenarios/5-postgres-outage.mjs';
import workerKillPayments from './scenarios/7-worker-kill-payments.mjs';
import fullMediaDisk from './scenarios/8-full-media-disk.mjs';
import hungCrm from './scenarios/9-hung-crm.mjs';
import workerKillPhotoHost from './scenarios/10-worker-kill-photo-host.mjs';
import redisOutOfMemory from './scenarios/11-redis-out-of-memory.mjs';

const SCENARIOS = [
  workerKillSnapshot,
  apiKillLeads,
  redisOutage,
  redisEmpty,
  postgresOutage(5, 30),
  postgresOutage(6, 60),
  workerKillPayments,
  fullMediaDisk,
  hungCrm,
  workerKillPhotoHost,
  redisOutOfMemory,
];
const MAX_RECOVERY_S = Number(process.env.FAULTS_MAX_RECOVERY ?? 20);
const only = (process.env.FAULTS_ONLY ?? '')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter(Boolean);
const selected = only.length ? SCENARIOS.filter((s) => only.includes(s.id)) : SCENARIOS;

const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(0).padStart(4);
const log = (line) => process.stdout.write(`[${elapsed()} s] ${line}\n`);

const tmp = makeTmp();
const platform = new Platform(tmp, log);
let cleaning = null;

async function cleanup() {
  cleaning ??= (async () => {
    await platform.teardown().catch((error) => log(`teardown: ${error.message}`));
    if (process.env.FAULTS_KEEP) log(`kept ${tmp}`);
    else removeTmp(tmp);
  })();
  return cleaning;
}

// Whatever ends this process, nothing it started outlives it.
process.on('exit', () => {
  if (!cleaning) platform.killAll();
});
process.on('uncaughtException', (error) => {
  log(`uncaught: ${error.stack ?? error.message}`);
  platform.killAll();
  if (!process.env.FAULTS_KEEP) removeTmp(tmp);
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    log(`${signal}: stopping everything the suite started`);
    platform.killAll();
    if (!process.env.FAULTS_KEEP) removeTmp(tmp);
    process.exit(130);
  });
}

const fmt = (seconds) => (seconds === null || seconds === undefined ? '-' : seconds.toFixed(1));

async function main() {
  log(`setting up: own PostgreSQL and redis-server, migrations, fixture, built api and worker (${tmp})`);
  await platform.setup();
  log(
    `ready: PostgreSQL :${platform.postgres.port}, Redis :${platform.redis.port}, api :${platform.apiPort}, worker :${platform.workerPort}`,
  );
  const results = [];
  for (const scenario of selected) {
    const result = { id: scenario.id, name: scenario.name, lost: 0, stuck: 0, recovery: null, failures: [], notes: [] };
    const t0 = Date.now();
    log(`scenario ${scenario.id} ${scenario.name}: ${scenario.summary}`);
    try {
      await platform.heal();
      let timer;
      const bound = new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`scenario bound of ${scenario.boundSeconds} s passed`)),
          scenario.boundSeconds * 1000,
        );
      });
      // A scenario past its bound is abandoned; whatever it does later must not bring the suite down.
      const work = scenario.run(platform, result, log);
      work.catch(() => undefined);
      try {
        await Promise.race([work, bound]);
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      result.failures.push(`error: ${error.message}`);
    }
    if (result.recovery !== null && result.recovery > MAX_RECOVERY_S)
      result.failures.push(`recovery ${fmt(result.recovery)} s is over ${MAX_RECOVERY_S} s`);
    result.held = result.lost === 0 && result.stuck === 0 && result.failures.length === 0;
    const verdict = result.held ? 'held' : result.lost > 0 ? 'lost' : result.stuck > 0 ? 'stuck' : 'failed';
    results.push(result);
    const wall = ((Date.now() - t0) / 1000).toFixed(0);
    console.log(
      `scenario ${scenario.id} ${scenario.name}: ${verdict}, lost ${result.lost}, stuck ${result.stuck}, recovery ${fmt(result.recovery)} s (${wall} s wall)` +
        (result.notes.length ? `; ${result.notes.join('; ')}` : ''),
    );
    for (const failure of result.failures) console.log(`  - ${failure}`);
  }
  return results;
}

let results = [];
let setupError = null;
try {
  results = await main();
} catch (error) {
  setupError = error;
  log(`the suite could not run: ${error.stack ?? error.message}`);
}
await cleanup();

const held = results.filter((r) => r.held).length;
const lost = results.reduce((sum, r) => sum + r.lost, 0);
const stuck = results.reduce((sum, r) => sum + r.stuck, 0);
const maxRecovery = results.reduce((max, r) => Math.max(max, r.recovery ?? 0), 0);
const total = selected.length;
const pass = !setupError && held === total && lost === 0 && stuck === 0 && maxRecovery <= MAX_RECOVERY_S;
console.log(
  `faults: ${total} scenarios, held ${held}, lost ${lost}, stuck ${stuck}, max recovery ${maxRecovery.toFixed(1)} s`,
);
process.exit(pass ? 0 : 1);
