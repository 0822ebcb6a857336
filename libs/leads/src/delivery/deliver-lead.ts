import { UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { SiteConfig } from '@platform/domain';
import { siteConfigStore } from '@platform/site-config';
import { TableCrm, WebhookCrm, type CrmChannel } from './crm-channel';
import { DeliveryError } from './delivery-error';
import { crmPayload, loadLeadDelivery, type LeadDeliveryRecord } from './lead-delivery-record';
import { leadEmail, leadMessageId, shopperConfirmation, type LeadEmail, type LeadMailer } from './lead-mailer';

export interface LeadDeliveryDeps {
  dataSource: DataSource;
  mailer: LeadMailer;
  /** Where CRM secrets are read from (the worker's environment). */
  secrets: Record<string, string | undefined>;
  webhookTimeoutMs?: number;
}

export interface DeliveryAttempt {
  /** 1 for the first attempt. */
  number: number;
  /** The last attempt the queue will make. */
  max: number;
}

export type DeliveryOutcome = { status: 'delivered'; target: string } | { status: 'skipped'; reason: string };

/**
 * Delivers one lead_outbox row and records the outcome on it. A row already delivered is skipped,
 * so a job that runs twice (a relay re-queue, an ops retry) never sends twice. A failure is recorded
 * with its reason, then rethrown for the queue to retry; the last attempt, or a failure retrying
 * cannot fix, marks the row dead, where ops see it with the reason.
 */
export async function deliverLead(
  deps: LeadDeliveryDeps,
  deliveryId: string,
  attempt: DeliveryAttempt,
): Promise<DeliveryOutcome> {
  const record = await loadLeadDelivery(deps.dataSource, deliveryId);
  if (!record) throw new UnrecoverableError(`Delivery ${deliveryId} does not exist`);
  if (record.delivery.status === 'delivered') return { status: 'skipped', reason: 'already delivered' };
  try {
    const store = siteConfigStore(deps.dataSource);
    const config = record.dealership
      ? await store.dealership(record.dealership.id)
      : await store.siteConfig(record.site.id);
    const target =
      record.delivery.channel === 'crm'
        ? await toCrm(deps, record, config)
        : await sendOnce(deps, record, emailFor(record, config));
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
  }
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

async function toCrm(deps: LeadDeliveryDeps, record: LeadDeliveryRecord, config: SiteConfig): Promise<string> {
  return crmFor(deps, config).deliver(record.delivery.id, crmPayload(record), {
    leadId: record.lead.id,
    dealershipId: record.dealership?.id ?? null,
  });
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
async function sendOnce(
  deps: LeadDeliveryDeps,
  record: LeadDeliveryRecord,
  email: LeadEmail | string,
): Promise<string> {
  if (record.delivery.emailSentAt) return `already sent at ${record.delivery.emailSentAt}`;
  if (typeof email === 'string') return email;
  const target = await deps.mailer.send(email);
  await deps.dataSource.query(
    `UPDATE lead_outbox SET email_sent_at = now(), email_message_id = $2, updated_at = now() WHERE id = $1`,
    [record.delivery.id, leadMessageId(record.delivery.id)],
  );
  return target;
}
