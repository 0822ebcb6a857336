import { customerPhone } from './customer-key';
import { displayPhone } from '../cars/phone';
import { LEAD_FORMS } from './lead-forms';

/**
 * Replies to a shopper from the dealer console (issue 53 item 7): an email through the platform's
 * mailer, or a text where the shopper agreed to be texted, written from the dealership's templates
 * with merge fields; and the optional automatic acknowledgement sent in the dealership's name the
 * moment a lead arrives. The rules here are shared by the api (the reply form, the templates it
 * offers), the worker (the acknowledgement) and the configuration's validation.
 */

export const REPLY_CHANNELS = ['email', 'sms'] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];

/** A person's reply, or the platform's acknowledgement in the dealership's name. */
export const REPLY_KINDS = ['reply', 'acknowledgement'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

export const REPLY_CHANNEL_LABELS: Record<ReplyChannel, string> = { email: 'Email', sms: 'SMS' };

/** An email subject line: what a mail client shows whole. */
export const REPLY_SUBJECT_MAX = 200;
/** An email reply's body: a long letter, bounded to what a reply needs and storage holds. */
export const REPLY_EMAIL_MAX = 5000;
/** A text: three SMS segments of 160 characters, after the dealership's name is signed. */
export const REPLY_SMS_MAX = 480;

/**
 * The merge fields a template may use, written `{{first_name}}`. Each is filled from the lead, its
 * car and the person replying; a line whose field has nothing to fill it (a lead without a car has
 * no `{{car_link}}`) is left out, so one template reads well for every lead.
 */
export const REPLY_MERGE_FIELDS = {
  first_name: "The shopper's first name",
  name: "The shopper's whole name",
  enquiry: "What they asked about: the car's title, else the form ('your finance enquiry')",
  car: "The car's year, make, model and badge",
  car_link: "The car's page on the dealership's site",
  dealership: "The dealership's name",
  dealership_phone: "The dealership's phone number",
  location: 'The location the shopper chose',
  salesperson: 'The name of the person replying (the dealership, for the acknowledgement)',
} as const;
export type ReplyMergeField = keyof typeof REPLY_MERGE_FIELDS;
export type ReplyMergeValues = Partial<Record<ReplyMergeField, string | null>>;

const MERGE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The merge fields a text names that do not exist, each once, in order: a template's typo. */
export function unknownMergeFields(text: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of text.matchAll(MERGE)) if (!(name! in REPLY_MERGE_FIELDS)) unknown.add(name!);
  return [...unknown];
}

/**
 * A template filled for one lead. Every `{{field}}` takes its value; a line with a field that has
 * no value is dropped whole (never "About the :"), and runs of blank lines left behind close up.
 * An unknown field is kept as written (the configuration refuses them; this never guesses).
 */
export function renderReply(template: string, values: ReplyMergeValues): string {
  const lines: string[] = [];
  for (const line of template.replace(/\r\n?/g, '\n').split('\n')) {
    let missing = false;
    const filled = line.replace(MERGE, (whole, name: string) => {
      if (!(name in REPLY_MERGE_FIELDS)) return whole;
      // A value is one line whatever it holds: nothing filled in can start a line of its own.
      const value = (values[name as ReplyMergeField] ?? '').replace(/\s+/g, ' ').trim();
      if (value === '') missing = true;
      return value;
    });
    if (missing) continue;
    if (filled.trim() === '' && (lines.length === 0 || lines[lines.length - 1]!.trim() === '')) continue;
    lines.push(filled.replace(/[ \t]+$/, ''));
  }
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines.join('\n');
}

/**
 * A text as sent: signed with the dealership's name unless it already names it, so the shopper
 * knows who wrote (the Spam Act asks every message to identify its sender).
 */
export function signedSms(body: string, dealership: string): string {
  const text = body.trim();
  return text.toLowerCase().includes(dealership.trim().toLowerCase()) ? text : `${text}\n${dealership.trim()}`;
}

/**
 * The shopper's mobile, as E.164, when they agreed to be texted about their enquiry (the forms'
 * `sms_ok` tick) and gave an Australian mobile; null otherwise, and the console offers email only.
 */
export function smsReplyNumber(fields: Record<string, unknown>): string | null {
  if (fields['sms_ok'] !== true) return null;
  const phone = customerPhone(fields['phone']);
  return phone !== null && phone.startsWith('+614') ? phone : null;
}

/** Why a text cannot go to this shopper, in the console's words; null when it can. */
export function smsReplyRefusal(fields: Record<string, unknown>): string | null {
  if (fields['sms_ok'] !== true) return 'The shopper did not agree to be texted: email or call them instead.';
  return smsReplyNumber(fields) === null
    ? 'The shopper agreed to be texted but gave no Australian mobile number: email or call them instead.'
    : null;
}

/**
 * Which leads the automatic acknowledgement answers: the shopper forms. A paid reservation or
 * purchase already has its own confirmation email, so it is never acknowledged twice.
 */
export function acknowledgesForm(form: string): boolean {
  return (LEAD_FORMS as readonly string[]).includes(form);
}

/** The words of a reply's sender on the timeline: the person, or the dealership's acknowledgement. */
export const REPLY_KIND_LABELS: Record<ReplyKind, string> = {
  reply: 'Reply',
  acknowledgement: 'Automatic acknowledgement',
};

/** What a lead without a car was about, as `{{enquiry}}` reads it ("about your finance enquiry"). */
const ENQUIRY_WORDS: Readonly<Record<string, string>> = {
  test_drive: 'your test drive request',
  finance: 'your finance enquiry',
  service: 'your service booking',
  parts: 'your parts enquiry',
  careers: 'your job enquiry',
  trade_in: 'your trade-in',
  offer_accepted: 'your trade-in',
  request_photos: 'your photo request',
};

/** What the merge fields of one lead are filled from. */
export interface ReplyContext {
  form: string;
  /** The shopper's answers as stored (`name`, `last_name`). */
  fields: Record<string, unknown>;
  /** The car's title ('2021 Isuzu D-MAX SX'), when the lead is about one. */
  car: string | null;
  /** The car's page on the dealership's site, absolute. */
  carLink: string | null;
  dealership: string;
  dealershipPhone: string | null;
  location: string | null;
  /** Who writes: the person replying, or the dealership for its acknowledgement. */
  salesperson: string;
}

/** The merge values of one lead: each a plain line of text, never the shopper's line breaks. */
export function replyMergeValues(context: ReplyContext): ReplyMergeValues {
  const word = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');
  const name = word(context.fields['name']);
  const last = word(context.fields['last_name']);
  return {
    // Forms with one Name box hold the whole name there: its first word greets the shopper.
    first_name: last ? name : (name.split(' ')[0] ?? ''),
    name: [name, last].filter(Boolean).join(' '),
    enquiry: context.car ? `the ${context.car}` : (ENQUIRY_WORDS[context.form] ?? 'your enquiry'),
    car: context.car,
    car_link: context.carLink,
    dealership: context.dealership,
    dealership_phone: context.dealershipPhone ? displayPhone(context.dealershipPhone) : null,
    location: context.location,
    salesperson: context.salesperson,
  };
}
