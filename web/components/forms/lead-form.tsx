'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import type { LeadFormKind, LeadSubmission } from '@platform/domain';
import { SUBMISSION_FAILED } from '@/lib/leads/messages';
import { Captcha, type CaptchaConfig } from './captcha';
import { FieldControl, fieldIdFor, FormErrorSummary, Honeypot, readValues, SubmitButton } from './field-control';
import type { LeadField } from './lead-fields';
import styles from './forms.module.css';

export interface LeadFormProps {
  siteSlug: string;
  kind: LeadFormKind;
  fields: LeadField[];
  /** Values sent with every submission (hidden location_id, car_id, category...). */
  fixed?: Record<string, string | number | boolean>;
  submitLabel: string;
  messageRequired: boolean;
  dealershipRequired: boolean;
  captcha: CaptchaConfig;
  /** id of the form element, e.g. finance-form for the #finance-form anchor. */
  id?: string;
  /** Accessible name of the form. */
  label: string;
}

/**
 * The lead schemas and the submit path bring zod (about 60 kB gzipped). They load when the shopper
 * first focuses the form, not with the page, and are shared by every form on it.
 */
let formModules: Promise<typeof import('@/lib/leads/lead-form-runtime')> | null = null;
function loadFormModules() {
  formModules ??= import('@/lib/leads/lead-form-runtime').catch((error: unknown) => {
    formModules = null; // let the next attempt try again (a dropped connection)
    throw error;
  });
  return formModules;
}

/**
 * A shopper form (spec 001 §3-§5): validated with the same zod schema as the leads API, then sent
 * through submitLead. Field errors show under their fields and as a list under 'Please fix the
 * following errors:'; the form error shows in a destructive alert; while sending, the button is
 * disabled with a spinner; on success the browser goes to /success.
 */
export function LeadForm({
  siteSlug,
  kind,
  fields,
  fixed = {},
  submitLabel,
  messageRequired,
  dealershipRequired,
  captcha,
  id,
  label,
}: LeadFormProps) {
  const baseId = useId();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [list, setList] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // One key per distinct submission: a retry of the same values reuses it, a changed form gets a new one.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const values = { ...readValues(event.currentTarget, fields), ...fixed, form: kind };
    let modules: Awaited<ReturnType<typeof loadFormModules>>;
    try {
      modules = await loadFormModules();
    } catch {
      setFormError(SUBMISSION_FAILED);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    const { leadFormSchema, leadFormErrors, submitLead, newIdempotencyKey } = modules;
    const parsed = leadFormSchema(kind, { messageRequired, dealershipRequired }).safeParse(values);
    if (!parsed.success) {
      const errors = leadFormErrors(parsed.error);
      setFieldErrors(errors.fields);
      setList(errors.list);
      setFormError(null);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setFieldErrors({});
    setList([]);
    setFormError(null);
    setSubmitting(true);
    const body = JSON.stringify(parsed.data);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    try {
      const result = await submitLead(parsed.data as LeadSubmission, { siteSlug, idempotencyKey: attempt.current.key });
      if (result.ok) return; // the browser is on its way to /success
      setFieldErrors(result.fields);
      setList(result.list);
      setFormError(result.message);
      requestAnimationFrame(() => summaryRef.current?.focus());
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      id={id}
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={() => void loadFormModules().catch(() => undefined)}
      noValidate
      aria-label={label}
      aria-busy={submitting}
    >
      <FormErrorSummary ref={summaryRef} formError={formError} list={list} />
      {fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          id={fieldIdFor(baseId, field.name)}
          error={fieldErrors[field.name] ?? null}
        />
      ))}
      <Honeypot baseId={baseId} />
      <Captcha config={captcha} />
      <div className={styles.actions}>
        <SubmitButton submitting={submitting}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
