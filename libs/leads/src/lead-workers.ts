import type { JobsOptions } from 'bullmq';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import {
  DEFAULT_LEAD_BREAKER,
  deliveryDeferLimitMs,
  leadBreakerConfig,
  type BreakerState,
  type Deferral,
} from '@platform/domain';
import { DelayedError, QUEUES, QUIET_LOG, WorkerGroup, type QueueProducer, type WorkerLog } from '@platform/queues';
import { recordAnalyticsEvent } from './analytics/analytics-events';
import { deliverLead, type LeadDeliveryDeps } from './delivery/deliver-lead';
import { DeliveryLanes } from './delivery/delivery-lanes';
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
  /** Deliveries this worker makes at once, every dealership together (LEAD_DELIVERY_CONCURRENCY). */
  deliveryConcurrency?: number;
  /** Deliveries at once in one lane (a dealership's CRM, its email...), across every worker (LEAD_LANE_CONCURRENCY). */
  laneConcurrency?: number;
  /** A lane's breaker: failures in a row before it opens, and its first cool-down (LEAD_BREAKER_*). */
  breaker?: { failures?: number; coolDownMs?: number };
  metrics?: LeadDeliveryMetrics;
  log?: WorkerLog;
}

/** What lead delivery reports for ops; the worker passes PlatformMetrics' lead counters. */
export interface LeadDeliveryMetrics {
  /** Called once at start with a reader of every lane breaker not clean and closed (from Redis, for a gauge read at scrape). */
  lanes(read: () => Promise<{ lane: string; state: BreakerState }[]>): void;
  /** A delivery put off by its lane (busy, open, or a probe out), no attempt spent. */
  deferred(kind: Deferral['kind']): void;
}

/**
 * Default deliveries one worker makes at once. They wait on other systems (a CRM, the mail
 * server), not on this machine, and each lane holds at most LEAD_LANE_CONCURRENCY of them, so
 * several dealerships' CRMs hanging at once still leave most slots to everyone else's leads.
 */
export const DEFAULT_LEAD_DELIVERY_CONCURRENCY = 16;
/** Default deliveries at once in one lane (a dealership's channel), across every worker. */
export const DEFAULT_LEAD_LANE_CONCURRENCY = 4;

/**
 * Starts the outbox relay and the lead-delivery and analytics-events workers; returns a function
 * that stops them. Deliveries go through lanes, one per dealership and channel (DeliveryLanes, in
 * Redis): at most `laneConcurrency` at once in a lane across every worker, and a circuit breaker
 * per lane, so a dealership's CRM that hangs or fails holds its own lane only. A delivery whose
 * lane is busy or open is put back on the queue as delayed, with no attempt spent, and the slot
 * goes to another dealership's lead; once the endpoint answers again, its deliveries follow.
 */
export async function startLeadWorkers(options: LeadWorkersOptions): Promise<() => Promise<void>> {
  const { dataSource, producer, log = QUIET_LOG } = options;
  const mailer = createMailer(dataSource, options);
  const defaults = QUEUES.leadDelivery.defaultJobOptions;
  const jobOptions: Pick<JobsOptions, 'attempts' | 'backoff'> = {
    attempts: options.deliveryAttempts ?? defaults.attempts,
    backoff: options.deliveryBackoffMs ? { type: 'exponential', delay: options.deliveryBackoffMs } : defaults.backoff,
  };
  const backoff = jobOptions.backoff;
  const backoffMs = typeof backoff === 'number' ? backoff : (backoff?.delay ?? 0);
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
  const lanesRedis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  lanesRedis.on('error', () => undefined);
  const lanes = new DeliveryLanes(lanesRedis, options.prefix, {
    limit: options.laneConcurrency ?? DEFAULT_LEAD_LANE_CONCURRENCY,
    // Longer than any one attempt (the webhook's timeout, the mail server's), so a live delivery keeps its slot.
    leaseMs: Math.max(60_000, 2 * webhookTimeoutMs + 10_000),
    breaker: leadBreakerConfig({
      failures: options.breaker?.failures ?? DEFAULT_LEAD_BREAKER.failures,
      coolDownMs: options.breaker?.coolDownMs ?? DEFAULT_LEAD_BREAKER.coolDownMs,
      attemptTimeoutMs: webhookTimeoutMs,
    }),
    log,
    onDeferred: (kind) => options.metrics?.deferred(kind),
  });
  options.metrics?.lanes(() => lanes.states());
  const deps: LeadDeliveryDeps = {
    dataSource,
    mailer,
    secrets: options.secrets,
    webhookTimeoutMs: options.webhookTimeoutMs,
    lanes,
    maxDeferMs: deliveryDeferLimitMs(jobOptions.attempts ?? 1, backoffMs),
  };

  const group = new WorkerGroup(options.redisUrl, options.prefix, log);
  group.start(
    'leadDelivery',
    options.deliveryConcurrency ?? DEFAULT_LEAD_DELIVERY_CONCURRENCY,
    async ({ deliveryId }, job, token) => {
      const outcome = await deliverLead(deps, deliveryId, {
        number: job.attemptsMade + 1,
        max: job.opts.attempts ?? 1,
        queuedAt: job.timestamp,
      });
      if (outcome.status === 'deferred') {
        // Back to the queue as delayed, no attempt spent; the slot goes to the next delivery.
        await job.moveToDelayed(outcome.until, token);
        throw new DelayedError();
      }
      log.info({ deliveryId, outcome: outcome.status }, 'lead delivery');
      return outcome;
    },
  );
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
    await lanesRedis.quit().catch(() => lanesRedis.disconnect());
  };
}
