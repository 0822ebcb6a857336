import type { DataSource } from 'typeorm';
import {
  alertDeliveryJobId,
  QUIET_LOG,
  repeatEvery,
  WorkerGroup,
  withTimeout,
  type QueueProducer,
  type WorkerLog,
} from '@platform/queues';
import { createMailer } from '../delivery/lead-mailer';
import { DevSmsSender } from '../sms/dev-sms-sender';
import { HttpSmsSender } from '../sms/http-sms-sender';
import type { SmsSender } from '../sms/sms-sender';
import { AlertDispatcher } from './alert-dispatch';
import { deliverAlertMessage } from './alert-delivery';
import { AlertMatcher } from './alert-matcher';

/** How often the sweep runs: catch-up matching, instant alerts left waiting, and due digests. */
export const ALERT_SWEEP_EVERY_MS = 60_000;

export interface AlertWorkersOptions {
  dataSource: DataSource;
  producer: QueueProducer;
  redisUrl: string;
  prefix: string;
  /** ALERT_LINK_SECRET. */
  linkSecret: string;
  /** WEB_PORT: the port the web serves development (`*.localhost`) hosts on, for the messages' links. */
  webPort?: number | null;
  smtpUrl?: string;
  mailFrom?: string;
  /** SMS_GATEWAY_URL and token; unset keeps texts in sms_messages (development). */
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
  maxPerDay?: number;
  digestHour?: number;
  /** How often the outbox relay looks for messages to queue. */
  relayIntervalMs?: number;
  deliveryAttempts?: number;
  deliveryBackoffMs?: number;
  /** Register the repeatable sweep (off in tests that drive it by hand). */
  schedule?: boolean;
  now?: () => Date;
  log?: WorkerLog;
}

export interface AlertWorkers {
  matcher: AlertMatcher;
  dispatcher: AlertDispatcher;
  /** Queues pending messages now (tests; the relay does it every relayIntervalMs). */
  relay(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the alert workers: alert-match (changes -> alerts -> instant messages), the alert_messages
 * outbox relay, alert-delivery (email through the lead mailer, SMS through the SMS port) and the
 * minute sweep (catch-up, digests).
 */
export async function startAlertWorkers(options: AlertWorkersOptions): Promise<AlertWorkers> {
  const { dataSource, producer, log = QUIET_LOG } = options;
  const mailer = createMailer(dataSource, options);
  // Alert texts are kept out of the log: they name the car a shopper watches.
  const sms: SmsSender = options.smsGatewayUrl
    ? new HttpSmsSender(options.smsGatewayUrl, options.smsGatewayToken)
    : new DevSmsSender(dataSource, log, false);
  const matcher = new AlertMatcher(dataSource, { now: options.now, maxPerDay: options.maxPerDay });
  const dispatcher = new AlertDispatcher(dataSource, {
    maxPerDay: options.maxPerDay,
    digestHour: options.digestHour,
    now: options.now,
  });
  const jobOptions = {
    attempts: options.deliveryAttempts ?? 8,
    backoff: { type: 'exponential' as const, delay: options.deliveryBackoffMs ?? 5000 },
  };

  const relay = async (): Promise<number> => {
    const pass = await dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        // A text held for the end of its site's quiet hours waits in the outbox until then.
        // A suspended or retired site's messages wait in the outbox until it is active again (issue 51).
        `SELECT id FROM alert_messages WHERE status = 'pending' AND (send_after IS NULL OR send_after <= $1)
           AND site_id IN (SELECT id FROM sites WHERE status = 'active' AND retired_at IS NULL)
         ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED`,
        [(options.now?.() ?? new Date()).toISOString()],
      )) as { id: string }[];
      const queued: string[] = [];
      let failure: Error | null = null;
      for (const { id } of rows) {
        try {
          await withTimeout(
            producer.add('alertDelivery', { messageId: id }, { jobId: alertDeliveryJobId(id), ...jobOptions }),
            2000,
            'queueing an alert message',
          );
          queued.push(id);
        } catch (error) {
          failure = error as Error;
          break;
        }
      }
      if (queued.length > 0)
        await manager.query(
          `UPDATE alert_messages SET status = 'queued', updated_at = now() WHERE id = ANY($1::uuid[])`,
          [queued],
        );
      return { queued: queued.length, failure };
    });
    // What was queued is committed; the relay's loop backs off and logs the refusal once (repeatEvery).
    if (pass.failure) throw new Error(`queue unreachable, alert messages wait in the outbox: ${pass.failure.message}`);
    return pass.queued;
  };

  const group = new WorkerGroup(options.redisUrl, options.prefix, log);
  group.start('alertMatch', 1, async ({ siteId }) => {
    const matched = await matcher.run(siteId);
    const notifications = await dispatcher.dispatchInstant();
    // Sent at once when the queue takes them; otherwise the relay's loop takes them when it does.
    if (notifications > 0) await relay().catch(() => undefined);
    log.info({ siteId, cars: matched.cars, alerts: matched.alerts, notifications }, 'alerts matched');
    return { ...matched, notifications };
  });
  group.start('alertDelivery', 4, async ({ messageId }, job) =>
    deliverAlertMessage(
      { dataSource, mailer, sms, linkSecret: options.linkSecret, webPort: options.webPort },
      messageId,
      {
        number: job.attemptsMade + 1,
        max: job.opts.attempts ?? 1,
      },
    ),
  );
  group.start('alertSweep', 1, async () => {
    for (const siteId of await matcher.pendingSites()) await matcher.run(siteId);
    const instant = await dispatcher.dispatchInstant();
    const digests = await dispatcher.dispatchDigests();
    return { instant, digests };
  });
  if (options.schedule !== false) group.schedule('alertSweep', 'sweep', ALERT_SWEEP_EVERY_MS, { task: 'sweep' });
  await group.ready();

  // A pass that fails (Redis full, PostgreSQL refusing) waits longer each time, logged once each way.
  const stopRelay = repeatEvery('alert-relay', options.relayIntervalMs ?? 1000, relay, log);

  return {
    matcher,
    dispatcher,
    relay,
    async stop() {
      await stopRelay();
      await group.close();
      mailer.close();
    },
  };
}
