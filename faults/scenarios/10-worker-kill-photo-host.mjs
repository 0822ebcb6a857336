// Scenario 10: the worker is SIGKILLed while it fetches a backlog of photos from one slow dealer
// host (each photo takes a second to answer), holding the host's fetch slots, and is started again
// at once. The dead worker's slots must be free within 10 s (they are short leases its renewals
// kept alive), the backlog must start moving again within seconds, and every photo must end
// stored, each waiting job having waited with backoff rather than re-running every half second.
import { createRequire } from 'node:module';
import { feedCar, REDIS_PREFIX } from '../lib/platform.mjs';
import { photoStates, PhotoHost, scenarioDealer } from '../lib/photo-host.mjs';
import { Redis, until } from '../lib/stack.mjs';

const require = createRequire(import.meta.url);
const { Queue } = require('bullmq');

const PHOTOS = Number(process.env.FAULTS_PHOTO_BACKLOG ?? 40);
const ANSWER_MS = 1000;
const SLOTS_FREE_LIMIT_S = 10;

export default {
  id: 10,
  name: 'worker-sigkill-photo-host',
  summary: `SIGKILL the worker while it holds a slow dealer host's fetch slots with ${PHOTOS} photos waiting`,
  boundSeconds: 150,
  async run(p, result, log) {
    const host = await new PhotoHost({ count: PHOTOS, delayMs: ANSWER_MS }).start();
    const redis = new Redis(p.redis.url, { maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    const queue = new Queue('media', { connection: redis, prefix: REDIS_PREFIX });
    queue.on('error', () => undefined);
    const slotsKey = `${REDIS_PREFIX}:media:slots:${host.host}`;
    try {
      const dealer = await scenarioDealer(p, 's10');
      const urls = host.urls();
      const perCar = 5;
      const feed = Array.from({ length: PHOTOS / perCar }, (_, i) =>
        feedCar(`H${String(i + 1).padStart(5, '0')}`, { images: urls.slice(i * perCar, (i + 1) * perCar) }),
      );
      const pushed = await p.pushFeed('s10', feed, 'snapshot');
      if (pushed.status !== 202) throw new Error(`push answered ${pushed.status}: ${pushed.text}`);

      // Kill once the backlog flows and the host's slots are taken, a few photos in.
      const busy = await until(
        60,
        async () => {
          const states = await photoStates(p, dealer.id);
          return states.stored >= 4 && host.inFlight >= 2 ? states : null;
        },
        50,
      );
      if (!busy) throw new Error(`the backlog never filled the host's slots (${host.inFlight} in flight)`);
      const held = await redis.zrangebyscore(slotsKey, Date.now(), '+inf');
      await p.worker.kill('SIGKILL');
      const killedAt = Date.now();
      const requestsBefore = host.requests.length;
      p.worker.start();
      log(
        `  worker SIGKILLed with ${busy.stored} of ${PHOTOS} photos stored and ${held.length} host slots held; started again`,
      );

      // The dead worker's slots: gone once their leases lapse (nothing renews them).
      const freed = await until(
        30,
        async () => {
          const live = await redis.zrangebyscore(slotsKey, Date.now(), '+inf');
          return held.every((token) => !live.includes(token)) ? Date.now() : null;
        },
        50,
      );
      const slotsFreeS = freed ? (freed - killedAt) / 1000 : null;
      if (slotsFreeS === null || slotsFreeS > SLOTS_FREE_LIMIT_S)
        result.failures.push(
          `the dead worker's host slots were not free within ${SLOTS_FREE_LIMIT_S} s (${slotsFreeS ?? '>30'} s)`,
        );
      // The backlog moves again: the host is asked for a photo after the kill.
      const resumed = await until(30, async () => (host.requests.length > requestsBefore ? Date.now() : null), 50);
      if (resumed) result.recovery = (resumed - killedAt) / 1000;

      const done = await until(
        90,
        async () => {
          const states = await photoStates(p, dealer.id);
          return states.total === PHOTOS && states.stored === PHOTOS ? states : null;
        },
        200,
      );
      const end = done ?? (await photoStates(p, dealer.id));
      if (!done) result.stuck += end.pending;
      result.lost += end.unreachable + end.refused;
      // How often each photo's job ran: waiting for a slot with backoff is a few runs, not one per half second.
      const { rows } = await p.db.query(`SELECT id FROM photos WHERE dealership_id = $1`, [dealer.id]);
      const ids = new Set(rows.map((row) => Number(row.id)));
      const jobs = (await queue.getJobs(['completed'], 0, -1)).filter((job) => ids.has(job.data?.photoId));
      const runs = jobs.map((job) => job.attemptsStarted ?? 0);
      const maxRuns = runs.length ? Math.max(...runs) : 0;
      const [, most] = host.servedRange();
      result.notes.push(
        `${end.stored} of ${PHOTOS} stored; the dead worker's ${held.length} host slots free ${slotsFreeS?.toFixed(1) ?? '-'} s after the kill; the host asked again ${result.recovery?.toFixed(1) ?? '-'} s after it; at most ${host.maxInFlight} fetches at once; a photo's job ran at most ${maxRuns} times (${jobs.length} jobs); served at most ${most} times each`,
      );
      if (host.maxInFlight > 2) result.failures.push(`the host had ${host.maxInFlight} fetches at once (limit 2)`);
    } finally {
      await queue.close().catch(() => undefined);
      redis.disconnect();
      await host.stop();
    }
  },
};
