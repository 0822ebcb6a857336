import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SmtpMailer, TableMailer, type LeadMailer } from '@platform/leads';
import { QueueProducer } from '@platform/queues';
import {
  OnlinePaymentLedger,
  paymentProvidersFor,
  ReservationLedger,
  ReservationNotices,
  startReservationWorkers,
} from '@platform/reservations';
import { ENV, PlatformMetrics } from '@platform/server-kit';
import type { WorkerEnv } from '../env';
import { workerLog } from '../worker-log';

/**
 * Runs the reservations' sweep (unpaid holds released, ended holds freed, refunds retried, dealer
 * reminders written) and the sender of reservation emails for the worker's lifetime.
 */
@Injectable()
export class ReservationProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReservationProcessors.name);
  private stop: (() => Promise<void>) | null = null;
  private mailer: LeadMailer | null = null;

  constructor(
    @Inject(ENV) private readonly env: WorkerEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
    private readonly producer: QueueProducer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const providers = paymentProvidersFor(this.env, this.dataSource);
    // The lead mailer: SMTP when SMTP_URL is set, else the outbound_emails table (development).
    this.mailer = this.env.SMTP_URL
      ? new SmtpMailer(this.env.SMTP_URL, this.env.MAIL_FROM)
      : new TableMailer(this.dataSource, this.env.MAIL_FROM);
    this.stop = await startReservationWorkers({
      ledger: new ReservationLedger(this.dataSource, providers, (siteId) =>
        this.producer.add('searchIndex', { siteId }),
      ),
      onlinePayments: new OnlinePaymentLedger(this.dataSource),
      notices: {
        notices: new ReservationNotices(this.dataSource, { webPort: this.env.WEB_PORT }),
        mailer: this.mailer,
        producer: this.producer,
      },
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      log: workerLog(this.logger, this.metrics),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop?.();
    this.mailer?.close();
  }
}
