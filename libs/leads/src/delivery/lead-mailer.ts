import { createTransport, type Transporter } from 'nodemailer';
import { DateTime } from 'luxon';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import type { SiteConfig } from '@platform/domain';
import { DeliveryError } from './delivery-error';
import type { LeadDeliveryRecord } from './lead-delivery-record';

export interface LeadEmail {
  deliveryId: string;
  /** The lead it is about; null for a shopper alert (deliveryId is then the alert message's id). */
  leadId: string | null;
  to: string[];
  subject: string;
  text: string;
  /** An HTML alternative (alerts: the car's photo and the site's colours). */
  html?: string;
  /** Extra headers (alerts: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** The sender's display name (alerts: the site's name); the address stays MAIL_FROM's. */
  fromName?: string;
  /** Where the recipient's answer goes (a salesperson's reply: their own address). */
  replyTo?: string;
}

/** The dealership's email notification of a lead, the second channel beside its CRM. */
export interface LeadMailer {
  send(email: LeadEmail): Promise<string>;
  close(): void;
}

/** A lead email's Message-ID: from the delivery id, so a message sent twice is recognisably the same one (mail clients fold duplicates). */
export const leadMessageId = (deliveryId: string): string => `<${deliveryId}@leads.platform>`;

/** The message nodemailer builds for a lead email. */
const message = (from: string, email: LeadEmail) => ({
  from: email.fromName ? { name: email.fromName, address: addressOf(from) } : from,
  to: email.to,
  subject: email.subject,
  text: email.text,
  ...(email.html ? { html: email.html } : {}),
  ...(email.headers ? { headers: email.headers } : {}),
  ...(email.replyTo ? { replyTo: email.replyTo } : {}),
  messageId: leadMessageId(email.deliveryId),
});

/** The address of 'Name <address>' (or the text itself). */
const addressOf = (from: string): string => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * How long an SMTP server may take to accept a connection, to greet, and to answer each command.
 * nodemailer's own defaults (2 minutes, 30 s, 10 minutes) would let a hung mail server hold a
 * delivery for minutes; an SMTP_URL's query (?socketTimeout=...) still overrides them.
 */
export const SMTP_TIMEOUT_MS = 10_000;

/** Sends through SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMailer implements LeadMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    { timeoutMs = SMTP_TIMEOUT_MS }: { timeoutMs?: number } = {},
  ) {
    this.transport = createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  }

  async send(email: LeadEmail): Promise<string> {
    try {
      await this.transport.sendMail(message(this.from, email));
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx is a permanent refusal (no such mailbox, rejected sender); 4xx and connection failures pass.
      throw new DeliveryError(
        `SMTP send failed${code ? ` (${code})` : ''}: ${(error as Error).message}`,
        code === undefined || code < 500,
      );
    }
    return 'smtp';
  }

  close(): void {
    this.transport.close();
  }
}

/** Development default: builds the real message with nodemailer and keeps it in outbound_emails (one per delivery). */
export class TableMailer implements LeadMailer {
  private readonly transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly dataSource: DataSource,
    private readonly from: string,
  ) {}

  async send(email: LeadEmail): Promise<string> {
    const info = await this.transport.sendMail(message(this.from, email));
    await this.dataSource.query(
      `INSERT INTO outbound_emails (delivery_id, lead_id, recipients, subject, raw) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (delivery_id) DO NOTHING`,
      [email.deliveryId, email.leadId, email.to, email.subject, (info.message as Buffer).toString('utf8')],
    );
    return 'outbound_emails table';
  }

  close(): void {
    this.transport.close();
  }
}

/** The sender address used when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = 'Dealer Platform <leads@platform.localhost>';

/** The mail settings of every process that sends email (worker: leads and alerts; api: dealer sign-in). */
export const MailEnvShape = {
  /** SMTP server (smtp[s]://user:pass@host:port); unset keeps each email whole in outbound_emails. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtps://user:password@smtp.example.com:465' })
    .optional(),
  MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
};

/** SMTP where a server is configured, else the development table (outbound_emails). */
export function createMailer(dataSource: DataSource, options: { smtpUrl?: string; mailFrom?: string }): LeadMailer {
  const from = options.mailFrom ?? DEFAULT_MAIL_FROM;
  return options.smtpUrl ? new SmtpMailer(options.smtpUrl, from) : new TableMailer(dataSource, from);
}

const label = (key: string): string => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
/** A list of words (the ticked additional services) reads as one; anything else structured stays JSON. */
const fieldText = (value: unknown): string =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')
    ? value.join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

// Whatever a mail reader may take for the end of a line.
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/** For the subject and heading lines, where no break belongs. */
const oneLine = (text: string): string => text.replace(LINE_BREAK, ' ');
/**
 * A field's value in the body: every further line is indented, so nothing a shopper typed starts a
 * line of its own, where it could pass for 'Phone: ...' or 'Lead id: ...' (the forms refuse line
 * breaks in single-line fields, but leads stored before that still get sent).
 */
const indented = (text: string): string => text.replace(LINE_BREAK, '\n  ');

/** The notification's subject and plain-text body: what the dealership needs to call the shopper back. */
export function leadEmail(record: LeadDeliveryRecord, to: string[]): LeadEmail {
  const { lead, car, valuation } = record;
  const vehicle = car
    ? `${car.year} ${car.make} ${car.model}${car.badge ? ` ${car.badge}` : ''} (stock ${car.stocknum})`
    : null;
  const subject = oneLine(`New ${lead.category}${vehicle ? `: ${vehicle}` : ''} via ${record.site.name}`);
  const hidden = new Set(['form', 'terms_conditions', 'userData', 'captcha_token', 'sms_ok']);
  const lines = [
    oneLine(
      `${lead.category}${lead.subcategory ? ` / ${lead.subcategory}` : ''} submitted on ${record.site.name} at ${lead.created_at}.`,
    ),
    record.dealership ? `Dealership: ${oneLine(record.dealership.name)}` : null,
    record.location ? `Location: ${oneLine(record.location.name)}` : null,
    vehicle ? `Vehicle: ${oneLine(vehicle)}` : null,
    valuation
      ? valuation.status === 'estimate'
        ? `Trade-in estimate: $${valuation.low?.toLocaleString('en-AU')} - $${valuation.high?.toLocaleString('en-AU')}`
        : `Trade-in estimate: none (${valuation.reason})`
      : null,
    '',
    ...Object.entries(lead.fields)
      .filter(([key, value]) => !hidden.has(key) && value !== undefined && value !== null && value !== '')
      .map(([key, value]) => `${oneLine(label(key))}: ${indented(fieldText(value))}`),
    '',
    lead.fields['sms_ok'] === true ? 'The shopper agreed to be texted about this enquiry.' : null,
    typeof lead.user_data['url'] === 'string' ? `Page: ${oneLine(lead.user_data['url'])}` : null,
    `Lead id: ${lead.id}`,
  ];
  return {
    deliveryId: record.delivery.id,
    leadId: lead.id,
    to,
    subject,
    text: lines.filter((line): line is string => line !== null).join('\n'),
  };
}

/**
 * The shopper's confirmation of a payment (a reservation's deposit or an online payment): what they
 * paid, the payment reference, how long the car is held and the dealership's terms.
 */
export function shopperConfirmation(record: LeadDeliveryRecord, to: string, config: SiteConfig): LeadEmail {
  const { lead, car } = record;
  const fields = lead.fields;
  const vehicle = car ? `${car.year} ${car.make} ${car.model}${car.badge ? ` ${car.badge}` : ''}` : null;
  const reservation = lead.form === 'reservation';
  const subject = reservation
    ? `Your reservation${vehicle ? ` of the ${vehicle}` : ''} is confirmed`
    : `Your payment to ${record.dealership?.name ?? record.site.name} is received`;
  const holdUntil =
    typeof fields['hold_expires_at'] === 'string'
      ? DateTime.fromISO(fields['hold_expires_at']).setZone('Australia/Sydney').toFormat("cccc d LLLL yyyy 'at' h:mm a")
      : null;
  const lines = [
    `Hi ${oneLine(String(fields['name'] ?? ''))},`,
    '',
    reservation
      ? `Thank you: your ${String(fields['deposit'])} deposit is paid${vehicle ? ` and the ${vehicle} (stock ${car!.stocknum}) is reserved for you` : ''}.`
      : `Thank you: your payment of ${String(fields['amount'])} against reference ${String(fields['reference'])} is received.`,
    holdUntil ? `We hold the car for you until ${holdUntil} (Sydney time).` : null,
    `Payment reference: ${String(fields['payment_reference'] ?? '')}`,
    record.dealership ? `Dealership: ${record.dealership.name}` : null,
    '',
    reservation ? config.reservations.terms_text : null,
    reservation ? '' : null,
    `We will be in touch shortly. ${record.site.name}`,
  ];
  return {
    deliveryId: record.delivery.id,
    leadId: lead.id,
    to: [to],
    subject,
    text: lines.filter((line): line is string => line !== null).join('\n'),
  };
}
