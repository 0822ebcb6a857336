import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { startAlertWorkers, type AlertWorkers } from '@platform/leads';
import { QueueProducer } from '@platform/queues';
import { ENV, PlatformMetrics } from '@platform/server-kit';
import type { WorkerEnv } from '../env';
import { workerLog } from '../worker-log';

/** Runs the shopper alert workers (matching, the message outbox relay, delivery, the digest sweep). */
@Injectable()
export class AlertProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AlertProcessors.name);
  private workers: AlertWorkers | null = null;

  constructor(
    @Inject(ENV) private readonly env: WorkerEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
    private readonly producer: QueueProducer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.workers = await startAlertWorkers({
      dataSource: this.dataSource,
      producer: this.producer,
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      linkSecret: this.env.ALERT_LINK_SECRET,
      webPort: this.env.WEB_PORT,
      smtpUrl: this.env.SMTP_URL,
      mailFrom: this.env.MAIL_FROM,
      smsGatewayUrl: this.env.SMS_GATEWAY_URL,
      smsGatewayToken: this.env.SMS_GATEWAY_TOKEN,
      maxPerDay: this.env.ALERTS_MAX_PER_SHOPPER_PER_DAY,
      digestHour: this.env.ALERT_DIGEST_HOUR,
      relayIntervalMs: this.env.LEAD_RELAY_INTERVAL_MS,
      log: workerLog(this.logger, this.metrics),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.workers?.stop();
  }
}
