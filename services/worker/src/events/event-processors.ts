import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { startEventWorkers } from '@platform/events';
import { ENV, PlatformMetrics, type BaseEnv } from '@platform/server-kit';
import { workerLog } from '../worker-log';

/** Runs the shopper event workers (phone reveals, vehicle views) for the lifetime of the worker process. */
@Injectable()
export class EventProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EventProcessors.name);
  private stop: (() => Promise<void>) | null = null;

  constructor(
    @Inject(ENV) private readonly env: BaseEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stop = await startEventWorkers({
      dataSource: this.dataSource,
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      log: workerLog(this.logger, this.metrics),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop?.();
  }
}
