import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { presentEnv } from '@platform/db';
import { startLeadDeskWorkers, startLeadWorkers } from '@platform/leads';
import { QueueProducer } from '@platform/queues';
import { ENV, PlatformMetrics } from '@platform/server-kit';
import type { WorkerEnv } from '../env';
import { workerLog } from '../worker-log';

/**
 * Runs the lead outbox relay, lead delivery and analytics-event workers, and the lead desk's
 * escalation sweep and staff notices, for the lifetime of the worker process.
 */
@Injectable()
export class LeadProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LeadProcessors.name);
  private stop: (() => Promise<void>) | null = null;
  private stopDesk: (() => Promise<void>) | null = null;

  constructor(
    @Inject(ENV) private readonly env: WorkerEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
    private readonly producer: QueueProducer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stop = await startLeadWorkers({
      dataSource: this.dataSource,
      producer: this.producer,
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      secrets: presentEnv(),
      smtpUrl: this.env.SMTP_URL,
      mailFrom: this.env.MAIL_FROM,
      deliveryAttempts: this.env.LEAD_DELIVERY_ATTEMPTS,
      deliveryBackoffMs: this.env.LEAD_DELIVERY_BACKOFF_MS,
      relayIntervalMs: this.env.LEAD_RELAY_INTERVAL_MS,
      webhookTimeoutMs: this.env.CRM_WEBHOOK_TIMEOUT_MS,
      deliveryConcurrency: this.env.LEAD_DELIVERY_CONCURRENCY,
      laneConcurrency: this.env.LEAD_LANE_CONCURRENCY,
      breaker: {
        failures: this.env.LEAD_BREAKER_FAILURES,
        coolDownMs: this.env.LEAD_BREAKER_COOLDOWN_SECONDS * 1000,
      },
      metrics: this.metrics.leads,
      log: workerLog(this.logger, this.metrics),
    });
    this.stopDesk = await startLeadDeskWorkers({
      dataSource: this.dataSource,
      producer: this.producer,
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      webPort: this.env.WEB_PORT,
      smtpUrl: this.env.SMTP_URL,
      mailFrom: this.env.MAIL_FROM,
      smsGatewayUrl: this.env.SMS_GATEWAY_URL,
      smsGatewayToken: this.env.SMS_GATEWAY_TOKEN,
      log: workerLog(this.logger, this.metrics),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopDesk?.();
    await this.stop?.();
  }
}
