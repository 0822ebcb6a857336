import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { startEventWorkers, startInsightsWorkers } from '@platform/events';
import { QueueProducer } from '@platform/queues';
import { ENV, PlatformMetrics, type BaseEnv } from '@platform/server-kit';
import { workerLog } from '../worker-log';

/**
 * Runs the shopper event workers (phone reveals, vehicle views) and the stock insights job
 * (issue 41) for the lifetime of the worker process.
 */
@Injectable()
export class EventProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EventProcessors.name);
  private stops: (() => Promise<void>)[] = [];

  constructor(
    @Inject(ENV) private readonly env: BaseEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
    private readonly producer: QueueProducer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const options = {
      dataSource: this.dataSource,
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      log: workerLog(this.logger, this.metrics),
    };
    this.stops.push(await startEventWorkers(options));
    this.stops.push((await startInsightsWorkers(options)).close);
    // No facts yet (a fresh install, or the first start of this release): roll up what the raw
    // events hold, once; the job id keeps several workers starting together to one backfill.
    const [{ empty }] = (await this.dataSource.query(`SELECT NOT EXISTS (SELECT 1 FROM car_daily_facts) AS empty`)) as {
      empty: boolean;
    }[];
    if (empty)
      await this.producer
        .add('insights', { task: 'backfill' }, { jobId: 'insights-backfill' })
        .catch((error: Error) => this.logger.warn(`insights backfill not queued: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    for (const stop of this.stops) await stop();
  }
}
