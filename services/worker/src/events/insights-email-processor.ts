import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { startInsightsEmailWorkers } from '@platform/leads';
import { ENV, PlatformMetrics } from '@platform/server-kit';
import type { WorkerEnv } from '../env';
import { workerLog } from '../worker-log';

/** The weekly stock insights email to dealership owners (issue 41): an hourly tick, Monday 8:00 in each zone. */
@Injectable()
export class InsightsEmailProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InsightsEmailProcessor.name);
  private close: (() => Promise<void>) | null = null;

  constructor(
    @Inject(ENV) private readonly env: WorkerEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.close = (
      await startInsightsEmailWorkers({
        dataSource: this.dataSource,
        redisUrl: this.env.REDIS_URL,
        prefix: this.env.REDIS_PREFIX,
        linkSecret: this.env.ALERT_LINK_SECRET,
        webPort: this.env.WEB_PORT,
        smtpUrl: this.env.SMTP_URL,
        mailFrom: this.env.MAIL_FROM,
        log: workerLog(this.logger, this.metrics),
      })
    ).close;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close?.();
  }
}
