import type { DataSource, EntityManager } from 'typeorm';
import {
  acknowledgesForm,
  customerEmail,
  renderReply,
  replyMergeValues,
  signedSms,
  type ReplyChannel,
  type ReplyContext,
  type ReplyKind,
  type ReplyTemplate,
} from '@platform/domain';
import { dealershipOrigin, siteConfigStore } from '@platform/site-config';
import type { LeadMailer } from '../delivery/lead-mailer';
import { sendOutboxRow, type SendAttempt } from '../outbox/outbox-send';
import type { SmsSender } from '../sms/sms-sender';

/**
 * Queues the dealership's automatic acknowledgement of a lead that just arrived, when one of its
 * reply templates is marked to be sent automatically, the lead came from a shopper form and gave
 * an email. In the transaction that stores the lead (a lead is never acknowledged without being
 * kept, nor kept without its acknowledgement). The text is written when it is sent: the car's link
 * needs the site's address, which the worker knows. Never for a repeat of a lead already answered.
 */
export async function queueAcknowledgement(
  manager: EntityManager,
  lead: { id: string; dealership_id: number; form: string; fields: Record<string, unknown> },
  templates: readonly ReplyTemplate[],
): Promise<string | null> {
  const template = templates.find((candidate) => candidate.acknowledge);
  const email = typeof lead.fields['email'] === 'string' ? lead.fields['email'].trim() : '';
  if (!template || !acknowledgesForm(lead.form) || customerEmail(email) === null) return null;
  const [row] = (await manager.query(
    `INSERT INTO lead_replies (lead_id, kind, channel, author_name, template_key, recipient)
     SELECT $1, 'acknowledgement', 'email', d.name, $3, $4 FROM dealerships d WHERE d.id = $2 RETURNING id`,
    [lead.id, lead.dealership_id, template.key, email],
  )) as { id: string }[];
  return row?.id ?? null;
}

/**
 * What one lead's merge fields are filled from: the shopper's answers, the car with its page on
 * the dealership's site, the dealership and its phone (its own, else its primary location's), the
 * location the shopper chose. Null when the lead does not exist.
 */
export async function loadReplyContext(
  db: DataSource | EntityManager,
  leadId: string,
  salesperson: string | null,
  webPort: number | null,
): Promise<(ReplyContext & { dealershipId: number; siteId: number }) | null> {
  const [row] = (await db.query(
    `SELECT l.form, l.fields, l.dealership_id, l.site_id, d.name AS dealership_name,
       coalesce(nullif(btrim(d.phone), ''), (SELECT lp.phone FROM locations lp WHERE lp.dealership_id = d.id
         ORDER BY lp."primary" DESC, lp.id LIMIT 1)) AS dealership_phone,
       (SELECT lo.name FROM locations lo WHERE lo.id = l.location_id) AS location_name,
       CASE WHEN c.id IS NULL THEN NULL ELSE concat_ws(' ', c.year, c.make, c.model, c.badge) END AS car_title,
       c.slug AS car_slug
     FROM leads l JOIN dealerships d ON d.id = l.dealership_id LEFT JOIN cars c ON c.id = l.car_id
     WHERE l.id = $1`,
    [leadId],
  )) as {
    form: string;
    fields: Record<string, unknown>;
    dealership_id: number;
    site_id: number;
    dealership_name: string;
    dealership_phone: string | null;
    location_name: string | null;
    car_title: string | null;
    car_slug: string | null;
  }[];
  if (!row) return null;
  const origin = row.car_slug ? await dealershipOrigin(db, row.dealership_id, webPort) : null;
  return {
    dealershipId: row.dealership_id,
    siteId: row.site_id,
    form: row.form,
    fields: row.fields,
    car: row.car_title,
    carLink: origin && row.car_slug ? `${origin}/cars/${row.car_slug}` : null,
    dealership: row.dealership_name,
    dealershipPhone: row.dealership_phone,
    location: row.location_name,
    salesperson: salesperson ?? row.dealership_name,
  };
}

type ReplyRow = {
  id: string;
  lead_id: string;
  kind: ReplyKind;
  channel: ReplyChannel;
  status: string;
  recipient: string;
  subject: string | null;
  body: string | null;
  template_key: string | null;
  site_id: number;
  dealership_id: number;
  dealership_name: string;
  reply_to: string | null;
};

/** The worker's side of replies: sends each pending one once, and keeps what was sent. */
export class LeadReplies {
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: { webPort?: number | null } = {},
  ) {}

  /** Replies waiting to be sent (the relay queues them; a queued one keeps its one job). */
  async pendingIds(limit = 200): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM lead_replies WHERE status = 'pending' ORDER BY created_at LIMIT $1`,
      [limit],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * Sends one reply: the email from the dealership's name (a person's reply answers to their own
   * address), or the text signed with the dealership's name. An acknowledgement is written now from
   * the dealership's template as it stands; if the dealership stopped sending it meanwhile, it is
   * skipped. A failed send is recorded and rethrown for the queue's retry; the last attempt marks
   * it dead (the console shows it as not sent).
   */
  async send(
    replyId: string,
    deps: { mailer: Pick<LeadMailer, 'send'>; sms: SmsSender },
    attempt: SendAttempt,
  ): Promise<'sent' | 'skipped'> {
    const [reply] = (await this.dataSource.query(
      `SELECT r.id, r.lead_id, r.kind, r.channel, r.status, r.recipient, r.subject, r.body, r.template_key,
         l.site_id, l.dealership_id, d.name AS dealership_name, u.email AS reply_to
       FROM lead_replies r JOIN leads l ON l.id = r.lead_id JOIN dealerships d ON d.id = l.dealership_id
       LEFT JOIN dealer_users u ON u.id = r.user_id
       WHERE r.id = $1`,
      [replyId],
    )) as ReplyRow[];
    if (!reply || reply.status !== 'pending') return 'skipped';
    // An acknowledgement is written first: one the dealership stopped sending meanwhile is skipped.
    const text = reply.body === null ? await this.writeAcknowledgement(reply) : reply;
    if (text === null) {
      await this.dataSource.query(`UPDATE lead_replies SET status = 'skipped' WHERE id = $1 AND status = 'pending'`, [
        replyId,
      ]);
      return 'skipped';
    }
    return sendOutboxRow(this.dataSource, 'lead_replies', replyId, attempt, async () => {
      if (reply.channel === 'email')
        await deps.mailer.send({
          deliveryId: reply.id,
          leadId: reply.lead_id,
          to: [reply.recipient],
          subject: text.subject ?? reply.dealership_name,
          text: text.body!,
          fromName: reply.dealership_name,
          ...(reply.reply_to ? { replyTo: reply.reply_to } : {}),
        });
      else
        await deps.sms.send({
          siteId: reply.site_id,
          to: reply.recipient,
          body: signedSms(text.body!, reply.dealership_name),
        });
    });
  }

  /** The acknowledgement's words from the dealership's template now, kept on the row; null when it no longer sends one. */
  private async writeAcknowledgement(reply: ReplyRow): Promise<{ subject: string; body: string } | null> {
    const config = await siteConfigStore(this.dataSource).dealership(reply.dealership_id);
    const template = config.leads.reply_templates.find(
      (candidate) => candidate.acknowledge && candidate.key === reply.template_key,
    );
    if (!template) return null;
    const context = await loadReplyContext(this.dataSource, reply.lead_id, null, this.options.webPort ?? null);
    if (!context) return null;
    const values = replyMergeValues(context);
    const written = {
      // A subject whose only line named a field with no value falls back to the dealership's name.
      subject: renderReply(template.subject, values) || reply.dealership_name,
      body: renderReply(template.email, values),
    };
    await this.dataSource.query(`UPDATE lead_replies SET subject = $2, body = $3 WHERE id = $1`, [
      reply.id,
      written.subject,
      written.body,
    ]);
    return written;
  }
}
