'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { leadFormErrors, leadFormSchema, type LeadSubmission, type VehicleEnquiryDefaults } from '@platform/domain';
import { Captcha, type CaptchaConfig } from '@/components/forms/captcha';
import {
  FieldControl,
  fieldIdFor,
  FormErrorSummary,
  Honeypot,
  readValues,
  SubmitButton,
} from '@/components/forms/field-control';
import {
  emailField,
  messageField,
  nameField,
  optInField,
  smsOkField,
  phoneField,
  termsField,
  type LeadField,
} from '@/components/forms/lead-fields';
import type { FormAnchor } from '@/lib/vehicle/form-anchors';
import { newIdempotencyKey, submitLead } from '@/lib/leads/submit-lead';
import styles from '@/components/forms/forms.module.css';

export type VehicleLeadKind = 'vehicle' | 'request_photos' | 'find_similar' | 'test_drive';

export interface VehicleLeadStep {
  /** Shown above the step's fields, e.g. 'Step 1 of 2: Your enquiry'. */
  title: string;
  fields: LeadField[];
}

export interface VehicleLeadFormProps {
  siteSlug: string;
  /** Which of the page's forms this is. */
  form: FormAnchor;
  /** The vehicle-page defaults (spec 001 §3), sent with every submission. */
  defaults: VehicleEnquiryDefaults;
  enquireLabel: string;
  similarLabel: string;
  testDriveSlots: { value: string; label: string }[];
  messageRequired: boolean;
  captcha: CaptchaConfig;
  car: { id: number; title: string; carType: string; tag: string | null; stockNumber: string };
  label: string;
}

interface FormSetup {
  kind: VehicleLeadKind;
  submit: string;
  /** Fields in steps; the last step submits (spec 001 §4: multi-step on the vehicle page). */
  steps: VehicleLeadStep[];
}

/** Each form's kind, steps and fields. Enquire Now is multi-step: the enquiry, then the shopper's details. */
export function formSetup(
  form: FormAnchor,
  props: Pick<VehicleLeadFormProps, 'car' | 'enquireLabel' | 'similarLabel' | 'testDriveSlots' | 'messageRequired'>,
): FormSetup {
  const { car, messageRequired } = props;
  const contact = (phoneRequired: boolean): LeadField[] => [nameField, emailField, phoneField(phoneRequired)];
  const consent: LeadField[] = [smsOkField, optInField, termsField];
  switch (form) {
    case 'enquiry':
      return {
        kind: 'vehicle',
        submit: 'Send Enquiry',
        steps: [
          {
            title: 'Step 1 of 2: Your enquiry',
            fields: [
              messageField(messageRequired, `I'm interested in the ${car.title} (stock number ${car.stockNumber}).`),
            ],
          },
          { title: 'Step 2 of 2: Your details', fields: [...contact(false), ...consent] },
        ],
      };
    case 'request-photos':
      return {
        kind: 'request_photos',
        submit: 'Request Photos',
        steps: [
          {
            title: 'Request Photos',
            fields: [
              ...contact(false),
              messageField(false, `Please send me more photos of the ${car.title}.`),
              ...consent,
            ],
          },
        ],
      };
    case 'test-drive':
      return {
        kind: 'test_drive',
        submit: 'Book a Test Drive',
        steps: [
          {
            title: 'Book a Test Drive',
            fields: [
              {
                name: 'preferred_time',
                label: 'Preferred time',
                type: 'select',
                required: true,
                placeholder: 'Select a time',
                options: props.testDriveSlots,
              },
              ...contact(true),
              messageField(false),
              ...consent,
            ],
          },
        ],
      };
    case 'find-similar':
      return {
        kind: 'find_similar',
        submit: props.similarLabel,
        steps: [
          {
            title: props.similarLabel,
            fields: [
              ...contact(false),
              messageField(false, `I'm looking for something similar to the ${car.title}.`),
              ...consent,
            ],
          },
        ],
      };
  }
}

/**
 * The vehicle page's enquiry forms (Enquire Now, Request Photos, Book a Test Drive, Find Me
 * Something Similar): validated step by step with the leads API's own zod schema, then submitted
 * through submitLead with the car, which the api tracks by its type and tag (enquiry 14/15, test
 * drive 17/48). Every step stays in the DOM (hidden), so the last step submits them all.
 */
export function VehicleLeadForm(props: VehicleLeadFormProps) {
  const { siteSlug, form, defaults, messageRequired, captcha, car, label } = props;
  const { kind, steps, submit: submitLabel } = formSetup(form, props);
  const baseId = useId();
  const [step, setStep] = useState(0);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [list, setList] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const allFields = steps.flatMap((s) => s.fields);
  const last = step === steps.length - 1;

  function showErrors(fields: Record<string, string>, messages: string[], message: string | null) {
    setFieldErrors(fields);
    setList(messages);
    setFormError(message);
    if (Object.keys(fields).length || messages.length || message)
      requestAnimationFrame(() => summaryRef.current?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const values = { ...defaults, ...readValues(event.currentTarget, allFields), form: kind };
    const parsed = leadFormSchema(kind, { messageRequired }).safeParse(values);
    const errors = parsed.success ? { fields: {}, list: [] } : leadFormErrors(parsed.error);

    if (!last) {
      // Only this step's fields must be right before moving on.
      const names = new Set(steps[step]?.fields.map((f) => f.name));
      const stepFields = Object.fromEntries(Object.entries(errors.fields).filter(([name]) => names.has(name)));
      if (Object.keys(stepFields).length) {
        showErrors(stepFields, [...new Set(Object.values(stepFields))], null);
        return;
      }
      showErrors({}, [], null);
      setStep(step + 1);
      return;
    }
    if (!parsed.success) {
      showErrors(errors.fields, errors.list, null);
      const firstBad = steps.findIndex((s) => s.fields.some((f) => f.name in errors.fields));
      if (firstBad >= 0 && firstBad !== step) setStep(firstBad);
      return;
    }
    showErrors({}, [], null);
    setSubmitting(true);
    const body = JSON.stringify(parsed.data);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    try {
      const result = await submitLead(parsed.data as LeadSubmission, {
        siteSlug,
        idempotencyKey: attempt.current.key,
        vehicle: { car_id: car.id, title: car.title },
      });
      if (!result.ok) showErrors(result.fields, result.list, result.message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label} aria-busy={submitting}>
      <FormErrorSummary ref={summaryRef} formError={formError} list={list} />
      {steps.map((s, index) => (
        <fieldset
          key={s.title}
          hidden={index !== step}
          className={styles.form}
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          {steps.length > 1 && <legend className={styles.label}>{s.title}</legend>}
          {s.fields.map((field) => (
            <FieldControl
              key={field.name}
              field={field}
              id={fieldIdFor(baseId, field.name)}
              error={fieldErrors[field.name] ?? null}
            />
          ))}
        </fieldset>
      ))}
      <Honeypot baseId={baseId} />
      {last && <Captcha config={captcha} />}
      <div className={styles.actions}>
        {step > 0 && (
          <button type="button" className="button" onClick={() => setStep(step - 1)} disabled={submitting}>
            Back
          </button>
        )}
        <SubmitButton submitting={submitting}>{last ? submitLabel : 'Next'}</SubmitButton>
      </div>
    </form>
  );
}
