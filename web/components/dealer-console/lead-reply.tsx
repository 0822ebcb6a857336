'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DEALER_CSRF_HEADER,
  REPLY_CHANNEL_LABELS,
  REPLY_EMAIL_MAX,
  REPLY_SMS_MAX,
  REPLY_SUBJECT_MAX,
  type ReplyChannel,
} from '@platform/domain';
import { postJson } from '@/lib/api/browser';
import type { ReplyComposer } from '@/lib/api/dealer';
import styles from './console.module.css';

interface Props {
  leadId: string;
  csrfToken: string;
  composer: ReplyComposer;
}

/** A key for one message: a second press of Send (or the browser retrying) sends it once. */
const newKey = (): string => crypto.randomUUID().replace(/-/g, '');

const FIELD_LABELS: Record<string, string> = {
  channel: 'Send by',
  template: 'Start from a template',
  subject: 'Subject',
  body: 'Message',
};

/**
 * Reply to the shopper by email, or by text where they agreed to be texted: start from one of the
 * dealership's templates (already filled for this lead), edit, send. The api answers the lead; the
 * page is then rendered afresh on the server, where the reply shows on the timeline.
 */
export function LeadReply({ leadId, csrfToken, composer }: Props) {
  const router = useRouter();
  const id = useId();
  const firstChannel: ReplyChannel | null = composer.email ? 'email' : composer.sms ? 'sms' : null;
  const [channel, setChannel] = useState<ReplyChannel | null>(firstChannel);
  const [template, setTemplate] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useRef(newKey());
  const summary = useRef<HTMLDivElement>(null);

  if (!composer.canReply) return null;
  if (!channel)
    return (
      <section className={styles.panel} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Reply</h2>
        <p>The shopper gave no email address and did not agree to be texted: call them instead.</p>
      </section>
    );

  const templates = composer.templates.filter((t) => channel === 'email' || t.sms !== null);

  function choose(next: string, on: ReplyChannel = channel!): void {
    setTemplate(next);
    const chosen = composer.templates.find((t) => t.key === next);
    if (!chosen) return;
    if (on === 'email') {
      setSubject(chosen.subject);
      setBody(chosen.email);
    } else setBody(chosen.sms ?? '');
  }

  function switchTo(next: ReplyChannel): void {
    setChannel(next);
    setErrors({});
    // A template without a text version is not offered for SMS: the message starts again.
    if (template && next === 'sms' && !composer.templates.find((t) => t.key === template)?.sms) {
      setTemplate('');
      setBody('');
    } else if (template) choose(template, next);
  }

  async function send(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage('');
    const outcome = await postJson(
      `/api/dealer/leads/${encodeURIComponent(leadId)}/replies`,
      {
        channel,
        body,
        ...(channel === 'email' ? { subject } : {}),
        ...(template ? { template } : {}),
        idempotencyKey: key.current,
      },
      { [DEALER_CSRF_HEADER]: csrfToken },
    );
    setBusy(false);
    if (!outcome.ok) {
      setErrors({ ...outcome.fields, form: Object.keys(outcome.fields).length ? '' : outcome.message });
      // The summary takes focus so a keyboard or screen reader user hears what to fix.
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    key.current = newKey();
    setTemplate('');
    setSubject('');
    setBody('');
    setMessage(
      channel === 'email'
        ? `Email to ${composer.email} is on its way: it shows below under Replies.`
        : 'Text is on its way: it shows below under Replies.',
    );
    router.refresh();
  }

  const problems = Object.entries(errors).filter(([, text]) => text);
  const describe = (field: string): string | undefined => (errors[field] ? `${id}-${field}-error` : undefined);
  const smsLength = body.trim().length;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Reply</h2>
      <p role="status" className={styles.done}>
        {message}
      </p>
      <div ref={summary} tabIndex={-1} role={problems.length ? 'alert' : undefined}>
        {problems.length > 0 && (
          <ul className={styles.error}>
            {problems.map(([field, text]) => (
              <li key={field}>
                {FIELD_LABELS[field] ? `${FIELD_LABELS[field]}: ` : ''}
                {text}
              </li>
            ))}
          </ul>
        )}
      </div>
      <form className={styles.stack} onSubmit={(event) => void send(event)} noValidate>
        <fieldset className={styles.fieldset} aria-describedby={describe('channel') ?? `${id}-channel-hint`}>
          <legend className={styles.label}>Send by</legend>
          <div className={styles.choices}>
            {(['email', 'sms'] as const).map((option) => (
              <label key={option} className={styles.choice}>
                <input
                  type="radio"
                  name="channel"
                  value={option}
                  checked={channel === option}
                  disabled={option === 'email' ? !composer.email : !composer.sms}
                  onChange={() => switchTo(option)}
                />{' '}
                {REPLY_CHANNEL_LABELS[option]}
              </label>
            ))}
          </div>
          <p id={`${id}-channel-hint`} className={styles.leadMeta}>
            {channel === 'email' ? `To ${composer.email}` : `To ${composer.sms}`}
            {composer.smsRefusal ? `. ${composer.smsRefusal}` : ''}
          </p>
          {errors['channel'] && (
            <p id={`${id}-channel-error`} className={styles.error}>
              {errors['channel']}
            </p>
          )}
        </fieldset>

        {templates.length > 0 && (
          <>
            <label className={styles.label} htmlFor={`${id}-template`}>
              Start from a template
            </label>
            <select
              id={`${id}-template`}
              className={styles.input}
              value={template}
              onChange={(event) => choose(event.target.value)}
              aria-invalid={errors['template'] ? true : undefined}
              aria-describedby={describe('template')}
            >
              <option value="">Write your own</option>
              {templates.map((t) => (
                <option key={t.key} value={t.key}>
                  {t.name}
                </option>
              ))}
            </select>
            {errors['template'] && (
              <p id={`${id}-template-error`} className={styles.error}>
                {errors['template']}
              </p>
            )}
          </>
        )}

        {channel === 'email' && (
          <>
            <label className={styles.label} htmlFor={`${id}-subject`}>
              Subject
            </label>
            <input
              id={`${id}-subject`}
              className={styles.input}
              value={subject}
              maxLength={REPLY_SUBJECT_MAX}
              onChange={(event) => setSubject(event.target.value)}
              required
              aria-invalid={errors['subject'] ? true : undefined}
              aria-describedby={describe('subject')}
            />
            {errors['subject'] && (
              <p id={`${id}-subject-error`} className={styles.error}>
                {errors['subject']}
              </p>
            )}
          </>
        )}

        <label className={styles.label} htmlFor={`${id}-body`}>
          Message
        </label>
        <textarea
          id={`${id}-body`}
          className={styles.input}
          rows={channel === 'email' ? 10 : 4}
          value={body}
          maxLength={channel === 'email' ? REPLY_EMAIL_MAX : REPLY_SMS_MAX}
          onChange={(event) => setBody(event.target.value)}
          required
          aria-invalid={errors['body'] ? true : undefined}
          aria-describedby={
            [describe('body'), channel === 'sms' ? `${id}-sms-count` : null].filter(Boolean).join(' ') || undefined
          }
        />
        {channel === 'sms' && (
          <p id={`${id}-sms-count`} className={styles.leadMeta}>
            {smsLength} of {REPLY_SMS_MAX} characters; the dealership’s name signs it.
          </p>
        )}
        {errors['body'] && (
          <p id={`${id}-body-error`} className={styles.error}>
            {errors['body']}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {channel === 'email' ? 'Send email' : 'Send text'}
        </button>
      </form>
    </section>
  );
}
