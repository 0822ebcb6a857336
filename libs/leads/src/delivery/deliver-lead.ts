import { UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import { deferredUntil, deliveryLaneOf, type Deferral, type SiteConfig } from '@platform/domain';
import { siteConfigStore } from '@platform/site-config';
import { TableCrm, WebhookCrm, type CrmChannel } from './crm-channel';
import type { DeliveryLanes, LaneTicket } from './delivery-lanes';
import { DeliveryError, endpointVerdict } from './delivery-error';
import { crmPayload, loadLeadDelivery, type LeadDeliveryRecord } from './lead-delivery-record';
import { leadEmail, leadMessageId, shopperConfirmation, type LeadEmail, type LeadMailer } from './lead-mailer';

export interface LeadDeliveryDeps {
  dataSource: DataSource;
  mailer: LeadMailer;
  /** Where CRM secrets are read from (the worker's environment). */
  secrets: Record<string, string | undefined>;
  webhookTimeoutMs?: number;
  /**
   * The lanes (one per dealership and channel, in Redis) a delivery must enter before it calls
   * its endpoint; unset, every delivery calls at once (scripts, tests of the channels).
   */
  lanes?: DeliveryLanes;
  /** How long a delivery may be put off by its lane before it is given up (dead); no limit when unset. */
  maxDeferMs?: number;
}

export interface DeliveryAttempt {
  /** 1 for the first attempt. */
  number: number;
  /** The last attempt the queue will make. */
  max: number;
  /** When the delivery was queued (epoch ms), for maxDeferMs. */
  queuedAt?: number;
}

export type DeliveryOutcome =
  | { status: 'delivered'; target: string }
  | { status: 'skipped'; reason: string }
  /** Its lane was busy or open: nothing was sent, nothing recorded, no attempt spent; come back at `until`. */
  | { status: 'deferred'; until: number; lane: string; why: Deferral['kind'] };

/** Calls the endpoint through `reach`, which tells the delivery's lane what the endpoint did; returns where it went. */
type Send = (reach: <T>(call: Promise<T>) => Promise<T>) => Promise<string>;

/**
 * Delivers one lead_outbox row and records the outcome on it. A row already delivered is skipped,
 * so a job that runs twice (a relay re-queue, an ops retry) never sends twice. A failure is recorded
 * with its reason, then rethrown for the queue to retry; the last attempt, or a failure retrying
 * cannot fix, marks the row dead, where ops see it with the reason. With lanes, a delivery first
 * enters its dealership's lane for its channel: one whose lane is busy or open comes back
 * 'deferred' untouched (no attempt spent), and what the endpoint did is recorded on the lane's
 * breaker; one put off for longer than maxDeferMs goes dead.
 */
export async function deliverLead(
  deps: LeadDeliveryDeps,
  deliveryId: string,
  attempt: DeliveryAttempt,
): Promise<DeliveryOutcome> {
  const record = await loadLeadDelivery(deps.dataSource, deliveryId);
  if (!record) throw new UnrecoverableError(`Delivery ${deliveryId} does not exist`);
  if (record.delivery.status === 'delivered') return { status: 'skipped', reason: 'already delivered' };
  let ticket: LaneTicket | null = null;
  try {
    const store = siteConfigStore(deps.dataSource);
    const config = record.dealership
      ? await store.dealership(record.dealership.id)
      : await store.siteConfig(record.site.id);
    const send = plan(deps, record, config);
    let target: string;
    if (typeof send === 'string') target = send;
    else {
      if (deps.lanes) {
        const lane = deliveryLaneOf(
          { dealershipId: record.dealership?.id ?? null, siteId: record.site.id },
          record.delivery.channel,
        );
        const entry = await deps.lanes.enter(lane);
        if (!entry.admitted) return putOff(deps, record, lane, entry.deferral, attempt);
        ticket = entry.ticket;
      }
      const held = ticket;
      target = await send(async (call) => {
        try {
          const answer = await call;
          await held?.finish('success');
          return answer;
        } catch (error) {
          await held?.finish(endpointVerdict(error), (error as Error).message);
          throw error;
        }
      });
    }
    await deps.dataSource.query(
      `UPDATE lead_outbox SET status = 'delivered', delivered_at = now(), attempts = $2, target = $3, last_error = NULL, updated_at = now() WHERE id = $1`,
      [deliveryId, attempt.number, target],
    );
    return { status: 'delivered', target };
  } catch (error) {
    const retryable = !(error instanceof DeliveryError) || error.retryable;
    const dead = !retryable || attempt.number >= attempt.max;
    const reason = `${(error as Error).message}${dead ? ` (dead after attempt ${attempt.number} of ${attempt.max})` : ''}`;
    await deps.dataSource.query(
      `UPDATE lead_outbox SET status = $2, attempts = $3, last_error = $4, updated_at = now() WHERE id = $1`,
      [deliveryId, dead ? 'dead' : 'queued', attempt.number, reason.slice(0, 1000)],
    );
    throw retryable ? error : new UnrecoverableError(reason);
  } finally {
    // Whatever happened before the endpoint was called (or after it answered), the slot is freed.
    await ticket?.finish(null);
  }
}

/** When a delivery whose lane would not let it in comes back; given up (dead) once put off for longer than maxDeferMs. */
function putOff(
  deps: LeadDeliveryDeps,
  record: LeadDeliveryRecord,
  lane: string,
  deferral: Deferral,
  attempt: DeliveryAttempt,
): DeliveryOutcome {
  const now = Date.now();
  if (deps.maxDeferMs !== undefined && attempt.queuedAt !== undefined && now - attempt.queuedAt > deps.maxDeferMs) {
    const endpoint = record.delivery.channel === 'crm' ? 'CRM' : 'mail server';
    throw new DeliveryError(
      deferral.kind === 'lane-busy'
        ? `put off for more than ${Math.round(deps.maxDeferMs / 60_000)} minutes: lane ${lane} stayed busy`
        : `put off for more than ${Math.round(deps.maxDeferMs / 60_000)} minutes: the ${endpoint} kept failing (lane ${lane} open; retry from ops once it answers)`,
      false,
    );
  }
  return { status: 'deferred', until: deferredUntil(deferral, now), lane, why: deferral.kind };
}

/** How the delivery is made: a call to its endpoint, or a line saying why nothing is sent. */
function plan(deps: LeadDeliveryDeps, record: LeadDeliveryRecord, config: SiteConfig): Send | string {
  if (record.delivery.channel === 'crm') {
    // Before the lane: a CRM set up wrongly (no secret) fails at once, whatever its lane.
    const crm = crmFor(deps, config);
    return (reach) =>
      reach(
        crm.deliver(record.delivery.id, crmPayload(record), {
          leadId: record.lead.id,
          dealershipId: record.dealership?.id ?? null,
        }),
      );
  }
  return sendOnce(deps, record, emailFor(record, config));
}

/** The dealership's webhook when it has one, else the deliveries table. */
function crmFor(deps: LeadDeliveryDeps, config: SiteConfig): CrmChannel {
  const { crm_webhook_url: url, crm_secret_env: secretEnv } = config.leads;
  if (!url) return new TableCrm(deps.dataSource);
  const secret = secretEnv ? deps.secrets[secretEnv] : undefined;
  if (!secretEnv || !secret) {
    throw new DeliveryError(
      secretEnv
        ? `CRM secret ${secretEnv} is not set in the worker's environment`
        : 'leads.crm_webhook_url is set without leads.crm_secret_env: webhooks are always signed',
      false,
    );
  }
  return new WebhookCrm(url, secret, deps.webhookTimeoutMs);
}

/** The message a lead's email channel sends, or why there is none to send. */
function emailFor(record: LeadDeliveryRecord, config: SiteConfig): LeadEmail | string {
  if (record.delivery.channel === 'shopper_email') {
    const to = record.lead.fields['email'];
    return typeof to === 'string' && to ? shopperConfirmation(record, to, config) : 'no shopper email on the lead';
  }
  const to = config.leads.notify_emails;
  // The addresses were configured when the lead arrived; if they have since been removed there is no one to tell.
  return to.length === 0 ? 'no recipients configured' : leadEmail(record, to);
}

/**
 * Sends an email channel's message once. The moment the mail server accepts it, the send marker
 * (time and Message-ID) is written on its own, before anything else; a retry that finds the marker
 * (the 'delivered' update failed, the worker died after the marker) does not send again. What
 * remains is the instant between the server's acceptance and that one write: a crash there
 * resends, with the same Message-ID, which mail clients show once.
 */
function sendOnce(deps: LeadDeliveryDeps, record: LeadDeliveryRecord, email: LeadEmail | string): Send | string {
  if (record.delivery.emailSentAt) return `already sent at ${record.delivery.emailSentAt}`;
  if (typeof email === 'string') return email;
  return async (reach) => {
    const target = await reach(deps.mailer.send(email));
    await deps.dataSource.query(
      `UPDATE lead_outbox SET email_sent_at = now(), email_message_id = $2, updated_at = now() WHERE id = $1`,
      [record.delivery.id, leadMessageId(record.delivery.id)],
    );
    return target;
  };
}
