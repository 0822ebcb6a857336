import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  customerEmail,
  hasControlCharacters,
  isSingleLine,
  REPLY_CHANNELS,
  REPLY_EMAIL_MAX,
  REPLY_SMS_MAX,
  REPLY_SUBJECT_MAX,
  renderReply,
  replyMergeValues,
  signedSms,
  smsReplyNumber,
  smsReplyRefusal,
} from '@platform/domain';
import { loadReplyContext, recordDealerAudit, recordFirstResponse } from '@platform/leads';
import { leadReplyJobId, QueueProducer } from '@platform/queues';
import { ENV, ProblemException } from '@platform/server-kit';
import { siteConfigStore } from '@platform/site-config';
import type { ApiEnv } from '../env';
import type { DealerPrincipal } from './dealer-accounts';
import { DealerLeads, type LeadDetail } from './dealer-leads';

const TEMPLATE_KEY_MESSAGE = 'template is the key of one of the dealership’s reply templates, such as thanks.';

/** POST /api/dealer/leads/{id}/replies: what the salesperson sends, as they finally wrote it. */
export const LeadReplySchema = z.object({
  channel: z.enum(REPLY_CHANNELS, { error: "channel is 'email' or 'sms'." }),
  /** The template it started from, for the record and the reports (the text is the person's own). */
  template: z
    .string({ error: TEMPLATE_KEY_MESSAGE })
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, TEMPLATE_KEY_MESSAGE)
    .optional(),
  subject: z
    .string({ error: 'Write a subject line.' })
    .trim()
    .max(REPLY_SUBJECT_MAX, `Keep the subject under ${REPLY_SUBJECT_MAX} characters.`)
    .refine(isSingleLine, 'The subject is one line: remove line breaks.')
    .optional(),
  body: z
    .string({ error: 'Write the message.' })
    .trim()
    .min(1, 'Write the message.')
    .max(REPLY_EMAIL_MAX, `Keep the message under ${REPLY_EMAIL_MAX} characters.`)
    // Line breaks are welcome; other control characters (NUL included) are not text.
    .refine((text) => !hasControlCharacters(text), 'The message must be plain text: remove control characters.'),
  /** The console's key for this one message: sending it again (a double click, a retry) sends nothing more. */
  idempotencyKey: z
    .string({ error: 'idempotencyKey is 8-100 letters, digits, - or _.' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotencyKey is 8-100 letters, digits, - or _.')
    .optional(),
});
export type LeadReplyInput = z.infer<typeof LeadReplySchema>;

/** What the console's reply form offers for one lead. */
export interface ReplyComposer {
  /** The shopper's email, when they gave one. */
  email: string | null;
  /** The shopper's mobile, when they agreed to be texted about their enquiry. */
  sms: string | null;
  /** Why a text cannot be sent, in words; null when it can. */
  smsRefusal: string | null;
  /** Whether this user may reply (not a viewer of the lead's dealership). */
  canReply: boolean;
  /** The dealership's templates, filled for this lead and this user. */
  templates: { key: string; name: string; subject: string; email: string; sms: string | null }[];
}

const refusal = (path: string, title: string, message: string): ProblemException =>
  new ProblemException({ status: 400, title, detail: message, errors: [{ path, message }] });

/**
 * Replying to a shopper from the console: the form's filled templates, and sending. A reply is
 * written in the transaction that answers the lead (its first response; a new lead becomes
 * contacted; both audited), then queued for the worker, which sends it from the dealership's name
 * (the sweep relays any the queue did not take). Scoped like every lead read: another
 * dealership's lead is not found.
 */
@Injectable()
export class DealerLeadReplies {
  private readonly logger = new Logger(DealerLeadReplies.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly producer: QueueProducer,
    private readonly leads: DealerLeads,
  ) {}

  /** The reply form of one lead of the user's dealerships; null when unknown or not theirs. */
  async composer(dealer: DealerPrincipal, leadId: string): Promise<ReplyComposer | null> {
    const [lead] = (await this.db.query(
      `SELECT dealership_id FROM leads WHERE id = $1 AND dealership_id = ANY($2::int[])`,
      [leadId, dealer.memberships.map((m) => m.dealershipId)],
    )) as { dealership_id: number }[];
    if (!lead) return null;
    const context = await loadReplyContext(this.db, leadId, dealer.name, this.env.WEB_PORT);
    if (!context) return null;
    const config = await siteConfigStore(this.db).dealership(lead.dealership_id);
    const values = replyMergeValues(context);
    const membership = dealer.memberships.find((m) => m.dealershipId === lead.dealership_id);
    return {
      email: customerEmail(context.fields['email']) === null ? null : String(context.fields['email']).trim(),
      sms: smsReplyNumber(context.fields),
      smsRefusal: smsReplyRefusal(context.fields),
      canReply: membership !== undefined && membership.role !== 'viewer',
      templates: config.leads.reply_templates.map((template) => ({
        key: template.key,
        name: template.name,
        subject: renderReply(template.subject, values),
        email: renderReply(template.email, values),
        sms: template.sms === null ? null : renderReply(template.sms, values),
      })),
    };
  }

  /**
   * Sends a reply to the lead's shopper. Null when the lead is not the user's; 403 for a viewer;
   * 400 naming the field when the shopper cannot be reached that way or the text does not fit.
   * The same idempotency key again answers the lead as it stands and sends nothing more.
   */
  async send(dealer: DealerPrincipal, leadId: string, input: LeadReplyInput): Promise<LeadDetail | null> {
    const replyId = await this.db.transaction(async (manager) => {
      const lead = await this.leads.lockForChange(manager, dealer, leadId);
      if (!lead) return null;
      if (input.idempotencyKey) {
        const [earlier] = (await manager.query(
          `SELECT id FROM lead_replies WHERE lead_id = $1 AND idempotency_key = $2`,
          [leadId, input.idempotencyKey],
        )) as { id: string }[];
        if (earlier) return { id: earlier.id, again: true };
      }
      const [row] = (await manager.query(`SELECT fields FROM leads WHERE id = $1`, [leadId])) as {
        fields: Record<string, unknown>;
      }[];
      const fields = row!.fields;
      const config = await siteConfigStore(this.db).dealership(lead.dealership_id);
      if (input.template !== undefined && !config.leads.reply_templates.some((t) => t.key === input.template))
        throw refusal(
          'template',
          'Unknown template',
          `${lead.dealership_name} has no reply template '${input.template}'.`,
        );
      let recipient: string;
      let body = input.body;
      if (input.channel === 'email') {
        if (customerEmail(fields['email']) === null)
          throw refusal('channel', 'No email address', 'The shopper gave no email address: call them instead.');
        if (!input.subject) throw refusal('subject', 'Subject needed', 'Write a subject line.');
        recipient = String(fields['email']).trim();
      } else {
        const mobile = smsReplyNumber(fields);
        if (mobile === null) throw refusal('channel', 'No consent to text', smsReplyRefusal(fields)!);
        body = signedSms(input.body, lead.dealership_name);
        if (body.length > REPLY_SMS_MAX)
          throw refusal(
            'body',
            'Text too long',
            `Keep a text under ${REPLY_SMS_MAX} characters with the dealership's name that signs it (it has ${body.length}).`,
          );
        recipient = mobile;
      }
      const [reply] = (await manager.query(
        `INSERT INTO lead_replies (lead_id, kind, channel, user_id, author_name, template_key, recipient, subject, body, idempotency_key)
         VALUES ($1, 'reply', $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          leadId,
          input.channel,
          dealer.userId,
          dealer.name,
          input.template ?? null,
          recipient,
          input.channel === 'email' ? input.subject : null,
          body,
          input.idempotencyKey ?? null,
        ],
      )) as { id: string }[];
      // A reply is a person answering the shopper: the first-response clock stops.
      await recordFirstResponse(manager, leadId, dealer.userId, 'reply');
      await recordDealerAudit(manager, {
        dealershipId: lead.dealership_id,
        userId: dealer.userId,
        action: 'lead.replied',
        subject: { type: 'lead', id: leadId },
        detail: {
          reply_id: reply!.id,
          channel: input.channel,
          ...(input.template ? { template: input.template } : {}),
        },
      });
      if (lead.status === 'new') {
        await manager.query(`UPDATE leads SET status = 'contacted', status_changed_at = now() WHERE id = $1`, [leadId]);
        await recordDealerAudit(manager, {
          dealershipId: lead.dealership_id,
          userId: dealer.userId,
          action: 'lead.status_changed',
          subject: { type: 'lead', id: leadId },
          detail: { from: 'new', to: 'contacted', reply: input.channel },
        });
      }
      return { id: reply!.id, again: false };
    });
    if (!replyId) return null;
    if (!replyId.again)
      await this.producer
        .add('leadReply', { replyId: replyId.id }, { jobId: leadReplyJobId(replyId.id) })
        .catch((error: Error) => this.logger.warn(`reply ${replyId.id} waits for the sweep: ${error.message}`));
    return this.leads.detail(dealer, leadId);
  }
}
