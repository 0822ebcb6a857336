import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { QueueProducer } from '@platform/queues';
import type { SearchEngine } from '@platform/search';
import { ENV, PlatformMetrics, SEARCH_ENGINE, type BaseEnv } from '@platform/server-kit';
import { FeedIngest, FeedRuns, SiteIndexer, startStockWorkers } from '@platform/stock';
import { workerLog } from '../worker-log';

/** Runs the stock pipeline's BullMQ workers for the lifetime of the worker process. */
@Injectable()
export class StockProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StockProcessors.name);
  private stop: (() => Promise<void>) | null = null;

  constructor(
    @Inject(ENV) private readonly env: BaseEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly producer: QueueProducer,
    private readonly ingest: FeedIngest,
    private readonly indexer: SiteIndexer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stop = await startStockWorkers({
      dataSource: this.dataSource,
      engine: this.engine,
      producer: this.producer,
      indexer: this.indexer,
      ingest: this.ingest,
      runs: new FeedRuns(this.dataSource, { producer: this.producer, stuckAfterMs: this.env.FEED_RUN_STUCK_AFTER_MS }),
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      log: workerLog(this.logger, this.metrics),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    // close() lets active jobs finish; the graceful-shutdown timeout bounds the wait.
    await this.stop?.();
  }
}
