import type { DataSource } from 'typeorm';
import {
  QUIET_LOG,
  syndicationJobId,
  WorkerGroup,
  type QueueProducer,
  type WorkerLog,
  type WorkerTiming,
} from '@platform/queues';
import type { SiteConfigStore } from '@platform/site-config';
import { DEFAULT_FEED_SWEEP_TIMING, dueFeeds, type FeedSweepTiming } from './feed-sweep';
import { SyndicationFeedWriter } from './feed-writer';

/** How often the sweep looks for due feeds: a changed dealership's files follow within a minute or two. */
export const SYNDICATION_SWEEP_EVERY_MS = 60_000;

export interface SyndicationWorkersOptions {
  dataSource: DataSource;
  configs: SiteConfigStore;
  producer: QueueProducer;
  redisUrl: string;
  prefix: string;
  log?: WorkerLog;
  /** Register the repeatable sweep (off in tests that drive it by hand or with a shorter period). */
  schedule?: boolean;
  sweepEveryMs?: number;
  sweepTiming?: FeedSweepTiming;
  timing?: WorkerTiming;
  now?: () => Date;
  /** WEB_PORT: the port the web serves development (`*.localhost`) hosts on, for the feeds' links. */
  webPort?: number | null;
}

/**
 * The syndication feeds' workers (issue 42): the sweep queues each due feed once (its job id names
 * it), and the feed job writes the file. Returns the sweep (for tests) and a close function.
 */
export async function startSyndicationWorkers(
  options: SyndicationWorkersOptions,
): Promise<{ sweep: () => Promise<number>; close: () => Promise<void> }> {
  const { dataSource, configs, producer, log = QUIET_LOG } = options;
  const writer = new SyndicationFeedWriter(dataSource, configs, { now: options.now, webPort: options.webPort });
  const group = new WorkerGroup(options.redisUrl, options.prefix, log, options.timing);

  const sweep = async (): Promise<number> => {
    const due = await dueFeeds(dataSource, configs, options.now?.() ?? new Date(), options.sweepTiming);
    for (const { dealershipId, channel } of due)
      await producer.add('syndication', { dealershipId, channel }, { jobId: syndicationJobId(dealershipId, channel) });
    return due.length;
  };

  group.start('syndication', 2, async ({ dealershipId, channel }) => {
    const result = await writer.generate(dealershipId, channel);
    log.info({ dealershipId, channel, ...result }, 'syndication feed written');
    return result;
  });
  group.start('syndicationSweep', 1, async () => ({ queued: await sweep() }));
  if (options.schedule !== false)
    group.schedule('syndicationSweep', 'syndication-sweep', options.sweepEveryMs ?? SYNDICATION_SWEEP_EVERY_MS, {
      task: 'sweep',
    });
  await group.ready();
  return { sweep, close: () => group.close() };
}

export { DEFAULT_FEED_SWEEP_TIMING };
