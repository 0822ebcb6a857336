// Scenario 8: the media store's disk fills up while a dealer's photos are fetched, and space comes
// back a while later. The store is a real filesystem that fills (a small tmpfs mounted on the
// worker's MEDIA_STORE_DIR, most of it taken by a ballast file, which is deleted to free the space).
// Every photo must end stored, by itself once space is back (no new push), each fetched from the
// dealer's host once; none may be marked unreachable, and the run must not warn the dealer about
// any photo: their host answered 200 every time.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { feedCar } from '../lib/platform.mjs';
import { photoStates, PhotoHost, photoWarnings, scenarioDealer } from '../lib/photo-host.mjs';
import { sleep, until } from '../lib/stack.mjs';

const PHOTOS = Number(process.env.FAULTS_MEDIA_PHOTOS ?? 100);
const DISK_MB = 32;
/** Space left for photos once the ballast is in: about a third of them (and their cars' first variants). */
const FREE_KB = Number(process.env.FAULTS_MEDIA_FREE_KB ?? 1536);
/** How long the disk stays full once the store has failed. */
const FULL_S = Number(process.env.FAULTS_MEDIA_FULL_S ?? 30);

const run = (command, args) => spawnSync(command, args, { encoding: 'utf8' });

export default {
  id: 8,
  name: 'full-media-disk',
  summary: `the media store's disk fills while ${PHOTOS} photos are fetched; space comes back ${FULL_S} s later`,
  boundSeconds: 150,
  async run(p, result, log) {
    if (process.getuid?.() !== 0) {
      result.notes.push('skipped: mounting a small tmpfs as the media disk needs root');
      return;
    }
    const dir = path.join(p.tmp, 'media');
    mkdirSync(dir, { recursive: true });
    const mounted = run('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', dir]);
    if (mounted.status !== 0) throw new Error(`mount tmpfs on ${dir}: ${mounted.stderr || mounted.stdout}`);
    const ballast = path.join(dir, 'ballast');
    const host = await new PhotoHost({ count: PHOTOS }).start();
    try {
      writeFileSync(ballast, Buffer.alloc((DISK_MB * 1024 - FREE_KB) * 1024, 1));
      const df = run('df', ['-k', dir]).stdout.trim().split('\n').pop();
      log(`  media disk: ${DISK_MB} MB tmpfs, ${FREE_KB} KB left for photos (${df.replace(/\s+/g, ' ')})`);

      const dealer = await scenarioDealer(p, 's8');
      const urls = host.urls();
      const perCar = 5;
      const feed = Array.from({ length: PHOTOS / perCar }, (_, i) =>
        feedCar(`M${String(i + 1).padStart(5, '0')}`, { images: urls.slice(i * perCar, (i + 1) * perCar) }),
      );
      const pushed = await p.pushFeed('s8', feed, 'snapshot');
      if (pushed.status !== 202) throw new Error(`push answered ${pushed.status}: ${pushed.text}`);
      const runId = pushed.json.feedRunId;

      // The disk fills: the store fails and the workers stop fetching (no photo stored for 3 s).
      let last = -1;
      let steadySince = Date.now();
      const full = await until(
        60,
        async () => {
          const states = await photoStates(p, dealer.id);
          if (states.stored !== last) {
            last = states.stored;
            steadySince = Date.now();
          }
          return states.storage > 0 && Date.now() - steadySince > 3000 ? states : null;
        },
        200,
      );
      if (!full) throw new Error('the media disk never filled (no photo met a full store within 60 s)');
      log(
        `  disk full: ${full.stored} of ${PHOTOS} stored, ${full.storage} fetched and kept for the store, ${full.pending} pending, ${full.unreachable} unreachable`,
      );
      await sleep(FULL_S * 1000);
      const held = await photoStates(p, dealer.id);
      const askedWhileFull = [...host.asked.values()].reduce((sum, n) => sum + n, 0);

      // Space comes back: nothing is pushed again, nothing is done by hand.
      rmSync(ballast);
      const freedAt = Date.now();
      log(`  space freed after ${FULL_S} s full; ${askedWhileFull} photo requests so far`);
      const done = await until(
        60,
        async () => {
          const states = await photoStates(p, dealer.id);
          return states.total === PHOTOS && states.stored === PHOTOS ? states : null;
        },
        100,
      );
      const end = done ?? (await photoStates(p, dealer.id));
      if (done) result.recovery = (Date.now() - freedAt) / 1000;
      else result.stuck += end.pending;
      result.lost += end.unreachable + end.refused;
      if (held.unreachable > 0)
        result.failures.push(`${held.unreachable} photos marked unreachable while the disk was full`);
      const [least, most] = host.servedRange();
      if (most > 1) result.failures.push(`a photo was fetched ${most} times from the dealer's host`);
      if (done && least < 1) result.failures.push('a stored photo was never fetched (?)');
      const warnings = await photoWarnings(p, runId);
      if (warnings.length > 0)
        result.failures.push(`the run warns the dealer about ${warnings.length} photos: ${warnings[0]}`);
      const { rows } = await p.db.query(`SELECT count(*)::int AS n FROM photo_spool`);
      if (rows[0].n > 0) result.failures.push(`${rows[0].n} photos still in the spool`);
      result.notes.push(
        `${PHOTOS} photos: ${full.stored} stored before the disk filled, ${held.storage} kept for the store (refusal_reason 'storage'), ${held.unreachable} unreachable; all ${end.stored} stored ${result.recovery?.toFixed(1) ?? '-'} s after space returned; each fetched from the dealer ${least === most ? most : `${least}-${most}`} time(s); ${warnings.length} photo warnings`,
      );
    } finally {
      await host.stop();
      rmSync(ballast, { force: true });
      const unmounted = run('umount', [dir]);
      if (unmounted.status !== 0) run('umount', ['-l', dir]);
    }
  },
};
