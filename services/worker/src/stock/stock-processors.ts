import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { feedJobId, QUEUES, QueueProducer, type PayloadOf, type QueueKey } from '@platform/queues';
import type { SearchEngine } from '@platform/search';
import { createRedis, ENV, SEARCH_ENGINE, type BaseEnv } from '@platform/server-kit';
import { FeedIngest, SiteIndexer } from '@platform/stock';


/** How often the sweep catches up on work whose job could not be queued (Redis was unreachable). */
const SWEEP_EVERY_MS = 30_000;
const PURGE_EVERY_MS = 10 * 60_000;
/** A queued feed run older than this with no job is re-queued by the sweep. */
const STRANDED_AFTER_MS = 60_000;

type Processor<K extends QueueKey> = (payload: PayloadOf<K>, job: Job) => Promise<unknown>;

/**
 * The stock pipeline's BullMQ workers: feed-ingest, search-index, reindex and maintenance. Each
 * payload is validated against its queue contract first; an invalid one fails at once, unretried.
 */
@Injectable()
export class StockProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StockProcessors.name);
  private readonly workers: Worker[] = [];

  constructor(
    @Inject(ENV) private readonly env: BaseEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly producer: QueueProducer,
    private readonly ingest: FeedIngest,
    private readonly indexer: SiteIndexer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.start('feedIngest', 2, async ({ feedRunId }) => {
      const result = await this.ingest.run(feedRunId);
      this.logger.log({ feedRunId, outcome: result.outcome, status: result.status }, 'feed run processed');
      if (result.outcome === 'applied') await this.indexSoon(result.siteId);
      return result;
    });
    this.start('searchIndex', 2, async ({ siteId }) => ({ indexed: await this.indexer.drain(siteId) }));
    this.start('reindex', 1, async ({ siteId }, job) => {
      const siteIds = siteId ? [siteId] : await this.indexer.siteIds();
      const results = [];
      for (const [index, id] of siteIds.entries()) {
        const result = await this.indexer.reindex(id, ({ done, total }) =>
          job.updateProgress({ site: id, sitesDone: index, sites: siteIds.length, done, total, percent: total ? Math.round((done / total) * 100) : 100 }),
        );
        results.push({ siteId: id, ...result });
      }
      await job.updateProgress({ sitesDone: siteIds.length, sites: siteIds.length, percent: 100 });
      return { sites: results };
    });
    this.start('maintenance', 1, async ({ task }) => (task === 'purge-expired' ? { purged: await this.engine.purgeExpired(new Date()) } : this.sweep()));

    const maintenance = this.producer.queue('maintenance');
    await maintenance.upsertJobScheduler('sweep', { every: SWEEP_EVERY_MS }, { name: 'sweep', data: { task: 'sweep' } });
    await maintenance.upsertJobScheduler('purge-expired', { every: PURGE_EVERY_MS }, { name: 'purge-expired', data: { task: 'purge-expired' } });
  }

  async onApplicationShutdown(): Promise<void> {
    // close() lets active jobs finish; the graceful-shutdown timeout bounds the wait.
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  private start<K extends QueueKey>(key: K, concurrency: number, processor: Processor<K>): void {
    const contract = QUEUES[key];
    const worker = new Worker(
      contract.name,
      async (job: Job) => {
        const payload = contract.payload.safeParse(job.data);
        if (!payload.success) throw new UnrecoverableError(`Invalid ${contract.name} payload: ${payload.error.message}`);
        return processor(payload.data as PayloadOf<K>, job);
      },
      {
        connection: createRedis(this.env.REDIS_URL, { maxRetriesPerRequest: null }),
        prefix: this.env.REDIS_PREFIX,
        concurrency,
      },
    );
    worker.on('failed', (job, error) => this.logger.warn({ queue: contract.name, jobId: job?.id, attempts: job?.attemptsMade, err: error.message }, 'job failed'));
    worker.on('error', (error) => this.logger.error({ queue: contract.name, err: error.message }, 'worker error'));
    this.workers.push(worker);
  }

  /** Queues indexing for a site; when the queue is unreachable the sweep drains the outbox instead. */
  private async indexSoon(siteId: number): Promise<void> {
    await this.producer.add('searchIndex', { siteId }).catch((error: Error) => this.logger.warn({ siteId, err: error.message }, 'index job not queued; the sweep will catch up'));
  }

  /** Catches up on outbox rows and feed runs whose jobs were never queued. */
  private async sweep(): Promise<{ sites: number; feedRuns: number }> {
    const sites = await this.indexer.pendingSites();
    for (const siteId of sites) await this.indexer.drain(siteId);
    const stranded = (await this.dataSource.query(`SELECT id FROM feed_runs WHERE status = 'queued' AND updated_at < $1`, [
      new Date(Date.now() - STRANDED_AFTER_MS).toISOString(),
    ])) as { id: string }[];
    const queue = this.producer.queue('feedIngest');
    let requeued = 0;
    for (const { id } of stranded) {
      if (await queue.getJob(feedJobId(id))) continue;
      await this.producer.add('feedIngest', { feedRunId: id }, { jobId: feedJobId(id) });
      requeued += 1;
    }
    return { sites: sites.length, feedRuns: requeued };
  }
}
