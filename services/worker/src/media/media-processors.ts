import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { createMediaStore, startMediaWorkers } from '@platform/media';
import { QueueProducer } from '@platform/queues';
import { allowedAddresses, ENV, PlatformMetrics } from '@platform/server-kit';
import type { WorkerEnv } from '../env';
import { workerLog } from '../worker-log';

/** Runs the media queues' workers (dealer photos fetched, checked and stored; car's first photos' variants made) for the worker's lifetime. */
@Injectable()
export class MediaProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MediaProcessors.name);
  private stop: (() => Promise<void>) | null = null;

  constructor(
    @Inject(ENV) private readonly env: WorkerEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
    private readonly producer: QueueProducer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stop = await startMediaWorkers({
      dataSource: this.dataSource,
      store: createMediaStore(this.env),
      allowed: allowedAddresses(this.env.OUTBOUND_ALLOWED_ADDRESSES),
      concurrency: this.env.MEDIA_CONCURRENCY,
      variantConcurrency: this.env.MEDIA_VARIANT_CONCURRENCY,
      hostConcurrency: this.env.MEDIA_HOST_CONCURRENCY,
      breaker: {
        failureThreshold: this.env.MEDIA_BREAKER_FAILURES,
        coolDownMs: this.env.MEDIA_BREAKER_COOLDOWN_SECONDS * 1000,
      },
      maxDeferMs: this.env.MEDIA_MAX_DEFER_HOURS * 3_600_000,
      retentionDays: this.env.MEDIA_RETENTION_DAYS,
      producer: this.producer,
      metrics: this.metrics.media,
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      log: workerLog(this.logger, this.metrics),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop?.();
  }
}
