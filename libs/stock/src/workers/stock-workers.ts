import type { DataSource } from 'typeorm';
import { isDependencyOutage, purgeExpiredShopperData, type ShopperDataPurge } from '@platform/db';
import {
  DelayedError,
  QUIET_LOG,
  STALLED_OUT_REASON,
  WorkerGroup,
  type QueueProducer,
  type WorkerLog,
  type WorkerTiming,
} from '@platform/queues';
import type { SearchEngine } from '@platform/search';
import { FeedIngest } from '../feeds/feed-ingest';
import { FeedRuns } from '../feeds/feed-runs';
import { SiteIndexer } from '../indexing/site-indexer';

/**
 * How often the sweep catches up: outbox rows, feed runs whose job is dead or missing (Redis was
 * unreachable or came back empty). Seconds, so a dealership's feed never waits long on a dead run.
 */
export const SWEEP_EVERY_MS = 5_000;
const PURGE_EVERY_MS = 10 * 60_000;
/** Raw payloads of finished runs are kept this long for support questions, then dropped (the run stays). */
const PAYLOAD_RETENTION_DAYS = 30;
/** A run behind an earlier run of its dealership looks again after this long. */
export const FEED_RUN_WAIT_MS = 2_000;

/** What the workers report; pino in the worker process, silent in tests. */
export type StockWorkerLog = WorkerLog;

export interface StockWorkersOptions {
  dataSource: DataSource;
  engine: SearchEngine;
  producer: QueueProducer;
  indexer: SiteIndexer;
  ingest?: FeedIngest;
  /** The runs' lifecycle (last attempt, stranded and stuck runs); FEED_RUN_STUCK_AFTER_MS sets its threshold. */
  runs?: FeedRuns;
  redisUrl: string;
  prefix: string;
  log?: StockWorkerLog;
  /** Register the repeatable sweep and purge jobs (off in tests that drive them by hand). */
  schedule?: boolean;
  /** Job lock and stall check timing (BullMQ's defaults unless given). */
  timing?: WorkerTiming;
}

/**
 * Starts the stock pipeline's BullMQ workers: feed-ingest, search-index, reindex and maintenance.
 * Each payload is validated against its queue contract first; an invalid one fails at once, unretried.
 * Returns a function that closes them (letting active jobs finish).
 */
export async function startStockWorkers(options: StockWorkersOptions): Promise<() => Promise<void>> {
  const { dataSource, engine, producer, indexer, log = QUIET_LOG } = options;
  const ingest = options.ingest ?? new FeedIngest(dataSource);
  const runs = options.runs ?? new FeedRuns(dataSource, { producer });
  const group = new WorkerGroup(options.redisUrl, options.prefix, log, options.timing);
  const start = group.start.bind(group);

  /** Queues indexing for a site; when the queue is unreachable the sweep drains the outbox instead. */
  const indexSoon = (siteId: number): Promise<unknown> =>
    producer
      .add('searchIndex', { siteId })
      .catch((error: Error) =>
        log.warn({ siteId, err: error.message }, 'index job not queued; the sweep will catch up'),
      );

  /** Catches up on outbox rows, feed runs whose jobs were never queued, and runs that stopped making progress. */
  const sweep = async (): Promise<{ sites: number; feedRuns: number; resumed: number; failed: number }> => {
    const sites = await indexer.pendingSites();
    for (const siteId of sites) await indexer.drain(siteId);
    const swept = await runs.sweep();
    for (const id of swept.failed)
      log.warn({ feedRunId: id }, 'feed run failed by the sweep: no progress after its resumes');
    return { sites: sites.length, feedRuns: swept.requeued, resumed: swept.resumed, failed: swept.failed.length };
  };

  start(
    'feedIngest',
    2,
    async ({ feedRunId }, job, token) => {
      const result = await ingest.run(feedRunId);
      if (result.outcome === 'waiting') {
        // Behind an earlier run of the dealership: look again shortly, without spending an attempt.
        await job.moveToDelayed(Date.now() + FEED_RUN_WAIT_MS, token);
        throw new DelayedError();
      }
      log.info({ feedRunId, outcome: result.outcome, status: result.status }, 'feed run processed');
      if (result.outcome === 'applied') await indexSoon(result.siteId);
      return result;
    },
    // Stalled out (its input may crash the process) or out of attempts for a reason of its own:
    // the run gets a terminal state and the reason, never 'running' forever, and the dealership's
    // later runs go on. Out of attempts because the database or Redis is away: the sweep queues it
    // again once they are back (a bounded number of times), since nothing is wrong with the run.
    async ({ feedRunId }, reason, jobId) => {
      if (reason === STALLED_OUT_REASON) await runs.failStalledOut(feedRunId, jobId);
      else if (isDependencyOutage(reason))
        log.warn({ feedRunId, err: reason }, 'feed run out of attempts in an outage; the sweep will queue it again');
      else await runs.failAfterLastAttempt(feedRunId, reason, jobId);
    },
  );
  start('searchIndex', 2, async ({ siteId }) => {
    const indexed = await indexer.drain(siteId);
    // What the index now shows goes on to shopper alerts (their sweep catches up if this is lost).
    if (indexed > 0)
      await producer
        .add('alertMatch', { siteId })
        .catch((error: Error) =>
          log.warn({ siteId, err: error.message }, 'alert match not queued; the sweep will catch up'),
        );
    return { indexed };
  });
  start('reindex', 1, async ({ siteId }, job) => {
    const siteIds = siteId ? [siteId] : await indexer.siteIds();
    const sites = [];
    for (const [index, id] of siteIds.entries()) {
      const result = await indexer.reindex(id, ({ done, total }) =>
        job.updateProgress({
          siteId: id,
          sitesDone: index,
          sites: siteIds.length,
          done,
          total,
          percent: total ? Math.round((done / total) * 100) : 100,
        }),
      );
      sites.push({ siteId: id, ...result });
    }
    await job.updateProgress({ sitesDone: siteIds.length, sites: siteIds.length, percent: 100 });
    return { sites };
  });
  // One housekeeping pass for the platform's expiring data: sold cars past their window, old feed
  // bodies, and shoppers' spent sign-in codes and sessions.
  const purge = async (): Promise<{ purged: number; payloadsDropped: number; shopperData: ShopperDataPurge }> => {
    const purged = await engine.purgeExpired(new Date());
    const shopperData = await purgeExpiredShopperData(dataSource.manager);
    const [{ n }] = (await dataSource.query(
      `WITH dropped AS (
         DELETE FROM feed_payloads p USING feed_runs r
         WHERE p.feed_run_id = r.id AND r.finished_at < now() - make_interval(days => $1) RETURNING 1)
       SELECT count(*)::int AS n FROM dropped`,
      [PAYLOAD_RETENTION_DAYS],
    )) as [{ n: number }];
    return { purged, payloadsDropped: n, shopperData };
  };
  start('maintenance', 1, async ({ task }) => (task === 'purge-expired' ? purge() : sweep()));

  if (options.schedule !== false) {
    group.schedule('maintenance', 'sweep', SWEEP_EVERY_MS, { task: 'sweep' });
    group.schedule('maintenance', 'purge-expired', PURGE_EVERY_MS, { task: 'purge-expired' });
  }
  await group.ready();
  return () => group.close();
}
