import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { QueueProducer } from '@platform/queues';
import { ENV, PlatformMetrics } from '@platform/server-kit';
import { SiteConfigStore } from '@platform/site-config';
import { startSyndicationWorkers } from '@platform/stock';
import type { WorkerEnv } from '../env';
import { workerLog } from '../worker-log';

/** Writes the dealerships' Google and Meta feeds (issue 42) for the lifetime of the worker process. */
@Injectable()
export class SyndicationProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SyndicationProcessors.name);
  private stop: (() => Promise<void>) | null = null;

  constructor(
    @Inject(ENV) private readonly env: WorkerEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
    private readonly producer: QueueProducer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const workers = await startSyndicationWorkers({
      dataSource: this.dataSource,
      configs: new SiteConfigStore(this.dataSource),
      producer: this.producer,
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      log: workerLog(this.logger, this.metrics),
      webPort: this.env.WEB_PORT,
    });
    this.stop = workers.close;
    // A fresh start publishes what is due at once rather than a sweep period later.
    await workers.sweep().catch((error: Error) => this.logger.warn(`first syndication sweep failed: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop?.();
  }
}
