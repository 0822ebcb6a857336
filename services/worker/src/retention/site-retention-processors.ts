import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { createMediaStore } from '@platform/media';
import { WorkerGroup, type WorkerLog, type WorkerTiming } from '@platform/queues';
import type { SearchEngine } from '@platform/search';
import { ENV, PlatformMetrics, SEARCH_ENGINE } from '@platform/server-kit';
import type { WorkerEnv } from '../env';
import { workerLog } from '../worker-log';
import { SitePurge } from './site-purge';

/** How often the sweep runs: retention is counted in days, so a site is purged within an hour of falling due. */
export const SITE_RETENTION_SWEEP_EVERY_MS = 3_600_000;

export interface SiteRetentionWorkersOptions {
  purge: SitePurge;
  redisUrl: string;
  prefix: string;
  log?: WorkerLog;
  /** Register the repeatable sweep (off in tests that drive it by hand). */
  schedule?: boolean;
  sweepEveryMs?: number;
  timing?: WorkerTiming;
}

/**
 * Retired sites' purge (issue 51): one job an hour purges the sites retired more than
 * SITE_RETENTION_DAYS ago (see SitePurge). Returns the sweep and a close function.
 */
export async function startSiteRetentionWorkers(options: SiteRetentionWorkersOptions): Promise<{
  sweep: () => Promise<{ purged: number }>;
  close: () => Promise<void>;
}> {
  const group = new WorkerGroup(options.redisUrl, options.prefix, options.log, options.timing);
  const sweep = () => options.purge.sweep();
  group.start('siteRetention', 1, async () => sweep());
  if (options.schedule !== false)
    group.schedule('siteRetention', 'site-retention', options.sweepEveryMs ?? SITE_RETENTION_SWEEP_EVERY_MS, {
      task: 'purge',
    });
  await group.ready();
  return { sweep, close: () => group.close() };
}

/** Purges retired sites past their retention period for the lifetime of the worker process. */
@Injectable()
export class SiteRetentionProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SiteRetentionProcessors.name);
  private stop: (() => Promise<void>) | null = null;

  constructor(
    @Inject(ENV) private readonly env: WorkerEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const log = workerLog(this.logger, this.metrics);
    const workers = await startSiteRetentionWorkers({
      // Site ids, slugs and counts only in the log: a purged site's rows held its shoppers' data.
      purge: new SitePurge({
        dataSource: this.dataSource,
        engine: this.engine,
        store: createMediaStore(this.env),
        retentionDays: this.env.SITE_RETENTION_DAYS,
        log,
      }),
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      log,
    });
    this.stop = workers.close;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop?.();
  }
}
