import type { JobsOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import { QUEUES, QUIET_LOG, WorkerGroup, type QueueProducer, type WorkerLog } from '@platform/queues';
import { recordAnalyticsEvent } from './analytics/analytics-events';
import { deliverLead, type LeadDeliveryDeps } from './delivery/deliver-lead';
import { createMailer } from './delivery/lead-mailer';
import { LeadRelay, startLeadRelay } from './outbox/lead-relay';

export interface LeadWorkersOptions {
  dataSource: DataSource;
  producer: QueueProducer;
  redisUrl: string;
  prefix: string;
  /** The worker's environment: CRM_SECRET_* values are read from it. */
  secrets: Record<string, string | undefined>;
  /** SMTP_URL; unset keeps notification emails in the outbound_emails table. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Delivery attempts and first backoff (doubling); the queue contract's defaults when unset. */
  deliveryAttempts?: number;
  deliveryBackoffMs?: number;
  relayIntervalMs?: number;
  webhookTimeoutMs?: number;
  log?: WorkerLog;
}

/** Starts the outbox relay and the lead-delivery and analytics-events workers; returns a function that stops them. */
export async function startLeadWorkers(options: LeadWorkersOptions): Promise<() => Promise<void>> {
  const { dataSource, producer, log = QUIET_LOG } = options;
  const mailer = createMailer(dataSource, options);
  const deps: LeadDeliveryDeps = {
    dataSource,
    mailer,
    secrets: options.secrets,
    webhookTimeoutMs: options.webhookTimeoutMs,
  };
  const defaults = QUEUES.leadDelivery.defaultJobOptions;
  const jobOptions: Pick<JobsOptions, 'attempts' | 'backoff'> = {
    attempts: options.deliveryAttempts ?? defaults.attempts,
    backoff: options.deliveryBackoffMs ? { type: 'exponential', delay: options.deliveryBackoffMs } : defaults.backoff,
  };

  const group = new WorkerGroup(options.redisUrl, options.prefix, log);
  group.start('leadDelivery', 4, async ({ deliveryId }, job) => {
    const outcome = await deliverLead(deps, deliveryId, { number: job.attemptsMade + 1, max: job.opts.attempts ?? 1 });
    log.info({ deliveryId, outcome: outcome.status }, 'lead delivery');
    return outcome;
  });
  group.start('analyticsEvents', 4, async (event) => recordAnalyticsEvent(dataSource, event));
  await group.ready();

  const stopRelay = startLeadRelay(new LeadRelay(dataSource, producer, { jobOptions, log }), {
    intervalMs: options.relayIntervalMs,
    log,
  });
  return async () => {
    await stopRelay();
    await group.close();
    mailer.close();
  };
}
