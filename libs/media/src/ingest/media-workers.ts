import Redis from 'ioredis';
import type { JobsOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import { DEFAULT_BREAKER, photoHostOf, type BreakerConfig } from '@platform/domain';
import {
  DelayedError,
  mediaVariantsJobId,
  QueueProducer,
  QUIET_LOG,
  repeatEvery,
  STALLED_OUT_REASON,
  WorkerGroup,
  type WorkerLog,
  type WorkerTiming,
} from '@platform/queues';
import { EagerVariants } from './eager-variants';
import { MediaStoreFailed } from '../store/media-store';
import { DEFAULT_HOST_SLOT_LEASE_MS, HostBreakers, HostSlots, type HostSlot } from './host-limits';
import { DEFAULT_MEDIA_RETENTION_DAYS, MediaLifecycle } from './media-lifecycle';
import { NO_MEDIA_METRICS } from './media-metrics';
import {
  DEFAULT_PHOTO_FETCH_TIMEOUT_MS,
  isPhotoFetchFailure,
  PhotoFetchFailed,
  PhotoIngest,
  type PhotoIngestOptions,
  type PhotoOutcome,
} from './photo-ingest';
import { PhotoRelay } from './photo-relay';
import { settleDuePhotos } from './photo-settle';
import { DEFAULT_STORE_RETRY, StoreHealth, type StoreRetry } from './store-health';

/**
 * Default photos a worker fetches, checks and stores at once (MEDIA_CONCURRENCY): the work is I/O
 * (the fetch, hashing, the store's write, one transaction), so more than the cores; each host is
 * still held to its own limit.
 */
export const DEFAULT_MEDIA_CONCURRENCY = 4;
/** Default photos whose eager variants a worker makes at once (MEDIA_VARIANT_CONCURRENCY): CPU-bound encoding. */
export const DEFAULT_MEDIA_VARIANT_CONCURRENCY = 1;
/**
 * Variants made ahead give way to storing while more photos than this wait on the media queue: a
 * dealer's first feed of 40,000 photos is stored first (a car's first photo is servable once
 * stored, its variants made on a page's first request meanwhile), and the encoding follows. On the
 * 2-core machine the two together stored 40,000 photos in 787 s; encoding is most of a core.
 */
export const DEFAULT_VARIANTS_YIELD_BACKLOG = 100;
/** A variants job gives way for at most this long; then it runs whatever waits (feeds that never stop). */
const VARIANTS_MAX_YIELD_MS = 30 * 60_000;
const VARIANTS_YIELD_RETRY_MS = 2_000;
/** Default fetches at once from one dealer host, across every worker (MEDIA_HOST_CONCURRENCY). */
export const DEFAULT_MEDIA_HOST_CONCURRENCY = 2;
/** Default hours a photo may wait on its host's open breaker before it is marked unreachable (MEDIA_MAX_DEFER_HOURS). */
export const DEFAULT_MEDIA_MAX_DEFER_HOURS = 6;
/** A host's fetch slot is renewed for at most the fetch's timeout plus this. */
const HOST_SLOT_MARGIN_MS = 2_000;
/**
 * A job refused its host's slot waits this long, then twice as long each time (up to
 * SLOT_WAIT_MAX_MS); a slot freed wakes the longest-waiting job of the host at once, so the wait is
 * only a fall-back for a wake-up missed (its worker died).
 */
const SLOT_WAIT_FIRST_MS = 1_000;
const SLOT_WAIT_MAX_MS = 15_000;
const LIFECYCLE_EVERY_MS = 3_600_000;
/** Spooled photos stored per round of the store's tend loop (the rest wait a second). */
const SPOOL_ROUND = 200;

export interface MediaWorkersOptions extends PhotoIngestOptions {
  dataSource: DataSource;
  redisUrl: string;
  prefix: string;
  /** Photos fetched, checked and stored at once (I/O, not decoding). Default 4. */
  concurrency?: number;
  /**
   * Photos whose eager variants are made at once (the mediaVariants queue). Encoding is CPU-bound
   * (libvips spreads one photo over the cores), so one leaves the other work its share. Default 1.
   */
  variantConcurrency?: number;
  /** Photos waiting to be stored above which variants made ahead wait (tests lower it). */
  variantsYieldBacklog?: number;
  /** Fetches at once from one host, across every worker process. */
  hostConcurrency?: number;
  /** How long a host's fetch slot outlives its worker (renewed while the fetch runs). Default 5 s. */
  hostSlotLeaseMs?: number;
  /** How a failing media store is tried again (first wait, longest wait). Default 1 s doubling to 10 s. */
  storeRetry?: Partial<StoreRetry>;
  /** How often each worker reads the store's health and stores photos waiting in the spool. Default 1 s. */
  storeEveryMs?: number;
  breaker?: Partial<BreakerConfig>;
  /** How long a photo's job may be put off by its host's open breaker; then it is unreachable. */
  maxDeferMs?: number;
  /** How often the photo_fetches outbox is relayed onto the queue. Default 1 s. */
  relayEveryMs?: number;
  /**
   * How often the cars of photos marked settle_due are settled (settleDuePhotos). Default 1 s: a
   * car of 20 photos stored within a second is re-projected once, not 20 times.
   */
  settleEveryMs?: number;
  /** Options of the jobs the relay adds over the queue's defaults (tests shorten the backoff). */
  jobOptions?: JobsOptions;
  retentionDays?: number;
  /** Register the lifecycle's schedule (off in tests that drive it by hand). */
  schedule?: boolean;
  producer?: QueueProducer;
  log?: WorkerLog;
  timing?: WorkerTiming;
}

/** A delay with jitter, so photos put off together do not all come back in the same millisecond. */
const jittered = (ms: number): number => Math.round(ms * (0.8 + Math.random() * 0.4));

/**
 * Starts the media queue's worker (issue 38), the mediaVariants queue's worker (a car's first
 * photos' variants, made once the photo is stored), the relay of the photo_fetches outbox onto the
 * media queue, and the lifecycle's schedule; returns a function that stops them. Politeness per
 * dealer host: at most `hostConcurrency` fetches at once across every worker (HostSlots in Redis;
 * a job that finds its host full is put off for about half a second, no attempt spent), retries
 * with backoff (the queue's attempts), and a circuit breaker (HostBreakers in Redis): once a host
 * has failed repeatedly, its photos are put off until its cool-down ends, so the workers go on with
 * other dealers' photos. Every media job ends: stored, refused, unreachable (out of attempts, or
 * put off longer than `maxDeferMs`), never waiting forever.
 */
export async function startMediaWorkers(options: MediaWorkersOptions): Promise<() => Promise<void>> {
  const log = options.log ?? QUIET_LOG;
  const metrics = options.metrics ?? NO_MEDIA_METRICS;
  const ingest = new PhotoIngest(options.dataSource, options);
  const variants = new EagerVariants(options.dataSource, options);
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const breakerRedis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const ownProducer = options.producer ? null : new QueueProducer(redis, options.prefix);
  const producer = options.producer ?? ownProducer!;
  const slots = new HostSlots(redis, options.prefix, options.hostConcurrency ?? DEFAULT_MEDIA_HOST_CONCURRENCY, {
    leaseMs: options.hostSlotLeaseMs ?? DEFAULT_HOST_SLOT_LEASE_MS,
  });
  const slotBoundMs = (options.fetchTimeoutMs ?? DEFAULT_PHOTO_FETCH_TIMEOUT_MS) + HOST_SLOT_MARGIN_MS;
  const storeHealth = new StoreHealth(redis, options.prefix, { ...DEFAULT_STORE_RETRY, ...options.storeRetry });
  const breakers = new HostBreakers(breakerRedis, options.prefix, { ...DEFAULT_BREAKER, ...options.breaker });
  const maxDeferMs = options.maxDeferMs ?? DEFAULT_MEDIA_MAX_DEFER_HOURS * 3_600_000;
  const yieldBacklog = options.variantsYieldBacklog ?? DEFAULT_VARIANTS_YIELD_BACKLOG;
  const relay = new PhotoRelay(options.dataSource, producer, options.jobOptions);
  const lifecycle = new MediaLifecycle(
    options.dataSource,
    options.store,
    options.retentionDays ?? DEFAULT_MEDIA_RETENTION_DAYS,
  );

  /** Cars whose photos changed are in car_changes already; this only makes their index catch up sooner. */
  const indexSoon = async (sites: readonly number[]): Promise<void> => {
    for (const siteId of sites)
      await producer
        .add('searchIndex', { siteId })
        .catch((error: Error) =>
          log.warn({ siteId, err: error.message }, 'index job not queued; the sweep will catch up'),
        );
  };

  /**
   * A stored first photo lacking its eager variants: a job for its bytes makes them. The photo is
   * servable meanwhile (the api makes a variant not made yet on its first request), so a job not
   * queued only costs that request's wait, and the next feed run finds them owed and asks again.
   */
  const queueVariants = async (photoId: number, outcome: PhotoOutcome): Promise<void> => {
    if (!('variantsOwed' in outcome) || !outcome.variantsOwed || !outcome.hash) return;
    const { hash } = outcome;
    await producer
      .add('mediaVariants', { photoId, hash }, { jobId: mediaVariantsJobId(photoId, hash) })
      .catch((error: Error) =>
        log.warn({ photoId, err: error.message }, 'variants job not queued; they are made when first asked for'),
      );
  };

  const group = new WorkerGroup(options.redisUrl, options.prefix, log, options.timing);

  /** Frees a host's slot and wakes the job that waited longest for it (a job no longer delayed is left be). */
  const releaseSlot = async (slot: HostSlot): Promise<void> => {
    const next = await slot.release();
    if (!next) return;
    await producer
      .queue('media')
      .getJob(next)
      .then((waiting) => waiting?.promote())
      .catch(() => undefined);
  };

  // The media store's health as this worker last saw it. While it is down the media and variants
  // queues are paused (in Redis, for every worker: nothing is fetched that could not be kept), and
  // the workers' tend loops try the store again with a spooled photo, backing off, until a write
  // goes in; then the queues are resumed. The marker says the pause is the store's, so a queue ops
  // paused by hand is never resumed by this.
  const pausedKey = `${options.prefix}:media:store-paused`;
  const storeQueues = () => [producer.queue('media'), producer.queue('mediaVariants')];
  let storeDown = false;
  metrics.storeHealth(true);
  const pauseForStore = async (): Promise<void> => {
    await redis.set(pausedKey, String(Date.now()));
    await Promise.all(storeQueues().map((queue) => queue.pause()));
  };
  const resumeAfterStore = async (): Promise<void> => {
    if (!(await redis.exists(pausedKey))) return;
    await Promise.all(storeQueues().map((queue) => queue.resume()));
    await redis.del(pausedKey);
    log.info({}, 'media store takes writes again: photo fetching resumed');
  };
  const markStore = async (down: boolean, failure?: string): Promise<void> => {
    if (down !== storeDown) {
      storeDown = down;
      metrics.storeHealth(!down);
      if (down)
        log.warn(
          { failure },
          'media store failing: photo fetching paused; fetched photos wait in the spool until it takes writes again',
        );
    }
    if (!down) await resumeAfterStore();
    else if (!(await redis.exists(pausedKey))) await pauseForStore();
  };
  /** A write to the store failed (a job's or the spool's): down for every worker. */
  const storeFailed = async (failure: string): Promise<void> => {
    metrics.storeFailed(failure);
    await storeHealth.failed(failure);
    await markStore(true, failure);
  };

  group.start(
    'media',
    options.concurrency ?? DEFAULT_MEDIA_CONCURRENCY,
    async ({ photoId, eager, force }, job, token) => {
      if (storeDown) {
        // Taken just before the queue was paused: it waits, unfetched, until the store is back.
        await job.moveToDelayed(Date.now() + jittered(storeHealth.retry.firstMs), token);
        throw new DelayedError();
      }
      const row = await ingest.load(photoId);
      if (!row) return { kind: 'missing' } satisfies PhotoOutcome;
      // Fetched already, its bytes wait in the spool for the store: never asked of the host again.
      if (row.spooled) return ingest.process(row, eager, force);
      const host = photoHostOf(row.source_url);
      let slot: HostSlot | null = null;
      if (host) {
        slot = await slots.acquire(host, slotBoundMs, job.id);
        if (!slot) {
          // The host is at its limit: this job waits in its line, woken when a slot is freed; its
          // own wait doubles each time it finds the host full (no attempt spent), so a backlog for a
          // slow host costs a few runs a job, not one every half second.
          const waits = Math.max(0, job.attemptsStarted - job.attemptsMade - 1);
          const waitMs = Math.min(SLOT_WAIT_MAX_MS, SLOT_WAIT_FIRST_MS * 2 ** Math.min(waits, 20));
          await job.moveToDelayed(Date.now() + jittered(waitMs), token);
          throw new DelayedError();
        }
        const held = slot;
        const retryAt = await breakers.admit(host).catch(async (error: unknown) => {
          await releaseSlot(held);
          throw error;
        });
        if (retryAt !== null) {
          await releaseSlot(held);
          metrics.deferred(host);
          if (Date.now() - job.timestamp >= maxDeferMs) {
            const outcome = await ingest.unreachable(
              photoId,
              'host-circuit-open',
              `The photo host ${host} failed repeatedly and its photos were put off for longer than ${Math.round(maxDeferMs / 60_000)} minutes`,
            );
            log.warn({ photoId, host }, 'photo not stored: its host stayed down');
            return outcome;
          }
          await job.moveToDelayed(Math.min(retryAt, job.timestamp + maxDeferMs) + jittered(250), token);
          throw new DelayedError();
        }
      }
      try {
        // The host's slot is freed as soon as it has answered: checking and storing the photo is
        // the platform's work, not the host's, and the next fetch from it may start.
        let released = false;
        const release = async (): Promise<void> => {
          if (released || !slot) return;
          released = true;
          await releaseSlot(slot);
        };
        const outcome = await ingest.process(row, eager, force, release).finally(release);
        if (host) await breakers.record(host, 'success');
        if (outcome.kind === 'refused' || outcome.kind === 'unreachable')
          log.warn({ photoId, reason: outcome.reason }, 'photo not stored');
        // The host answered; the platform's store did not take the bytes. They wait in the spool.
        if (outcome.kind === 'spooled') await storeFailed(outcome.failure);
        await queueVariants(photoId, outcome);
        return outcome;
      } catch (error) {
        if (host && error instanceof PhotoFetchFailed) await breakers.record(host, 'failure');
        throw error;
      }
    },
    // Every retry failed. The host stayed down: the photo is marked so, its runs are warned, and the
    // car goes on without it. Anything else failed the platform (its database, a bug), never the
    // dealer: the photo is left as it was, asked again on its next check, and nobody is told their host failed.
    async ({ photoId }, reason) => {
      if (isPhotoFetchFailure(reason) || reason === STALLED_OUT_REASON) {
        await ingest.unreachable(photoId, 'unreachable', reason);
        return;
      }
      log.warn(
        { photoId, err: reason },
        'photo not stored: the platform failed, not its host; it is asked again on its next check',
      );
    },
  );
  // Every variants job ends: made, stale (the photo has other bytes now, or none) or refused.
  group.start(
    'mediaVariants',
    options.variantConcurrency ?? DEFAULT_MEDIA_VARIANT_CONCURRENCY,
    async ({ photoId, hash }, job, token) => {
      if (Date.now() - job.timestamp < VARIANTS_MAX_YIELD_MS) {
        const counts = await producer.queue('media').getJobCounts('waiting', 'prioritized');
        if (Object.values(counts).reduce((sum, n) => sum + n, 0) > yieldBacklog) {
          await job.moveToDelayed(Date.now() + jittered(VARIANTS_YIELD_RETRY_MS), token);
          throw new DelayedError();
        }
      }
      const outcome = await variants.make(photoId, hash);
      if (outcome.kind === 'refused')
        log.warn({ photoId, reason: outcome.reason }, 'photo refused: its variants could not be made');
      return outcome;
    },
  );
  group.start('mediaLifecycle', 1, async () => lifecycle.sweep());
  if (options.schedule !== false)
    group.schedule('mediaLifecycle', 'media-lifecycle', LIFECYCLE_EVERY_MS, { task: 'lifecycle' });
  await group.ready();

  // The outbox relay: every feed batch's due checks reach the queue within about a second of commit.
  // Each loop here backs off from a failing pass, logged once each way (repeatEvery), never a line a second.
  const stopRelay = repeatEvery(
    'media-relay',
    options.relayEveryMs ?? 1000,
    async () => {
      const queued = await relay.relay();
      if (queued > 0) metrics.queued(queued);
    },
    log,
  );

  // The settle: the cars of photos stored (or refused) since the last round, once each.
  const stopSettle = repeatEvery(
    'media-settle',
    options.settleEveryMs ?? 1000,
    async () => indexSoon((await settleDuePhotos(options.dataSource)).sites),
    log,
  );

  // The store: its health read, and the photos waiting in the spool stored, about once a second.
  /** Stores spooled photos until none waits or the store fails again (a round at most). */
  const drainSpool = async (): Promise<void> => {
    if ((await ingest.spoolWaiting()) === 0) return;
    for (let round = 0; round < SPOOL_ROUND; round++) {
      let taken;
      try {
        taken = await ingest.storeSpooled();
      } catch (error) {
        if (!(error instanceof MediaStoreFailed)) throw error;
        await storeFailed(error.code);
        return;
      }
      if (!taken) return;
      await queueVariants(taken.photoId, taken.outcome);
    }
  };
  const tendStore = async (): Promise<void> => {
    const state = await storeHealth.state();
    if (!state.healthy) {
      await markStore(true, state.failure);
      if (!(await storeHealth.admitProbe())) return;
      // This worker tries the store again, with the photo that has waited longest.
      let first;
      try {
        first = await ingest.storeSpooled();
      } catch (error) {
        if (!(error instanceof MediaStoreFailed)) throw error;
        metrics.storeFailed(error.code);
        await storeHealth.probeFailed(error.code);
        return;
      }
      // It went in (or nothing waited to try it with: the next job's write tries it).
      await storeHealth.recovered();
      if (first) await queueVariants(first.photoId, first.outcome);
    }
    await markStore(false);
    await drainSpool();
  };
  const stopTending = repeatEvery('media-store', options.storeEveryMs ?? 1000, tendStore, log);

  return async () => {
    await Promise.all([stopRelay(), stopSettle(), stopTending()]);
    await group.close();
    await ownProducer?.close();
    await Promise.all(
      [redis, breakerRedis].map((connection) => connection.quit().catch(() => connection.disconnect())),
    );
  };
}
