'use client';

import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Link from 'next/link';
import { signInPath, type SiteConfig } from '@platform/domain';
import { postJson } from '@/lib/api/browser';
import type { PaymentAnswer } from '@/lib/api/reservations';
import { SUBMISSION_FAILED } from '@/lib/leads/messages';
import { FieldControl, fieldIdFor, FormErrorSummary, readValues, SubmitButton } from '@/components/forms/field-control';
import type { LeadField } from '@/components/forms/lead-fields';
import { PaymentLogo } from '@/components/layout/payment-logo';
import formStyles from '@/components/forms/forms.module.css';
import { StripePayment } from './stripe-payment';
import styles from './checkout.module.css';

type PaymentMethod = SiteConfig['navigation']['payment_logos'][number];

/** What the api answers a checkout with: the record (a reservation or an online payment) and how to pay. */
interface CheckoutAnswer {
  reservation?: { id: string };
  online_payment?: { id: string };
  payment: PaymentAnswer | null;
}

export interface PaymentFormProps {
  /** Same-origin api path the form posts to. */
  endpoint: string;
  /** The fields drawn (names are the checkout schema's, so errors come back under them). */
  fields: LeadField[];
  /** Values sent with the fields (the car, the journey's choices). */
  base: Record<string, unknown>;
  submitLabel: string;
  logos: PaymentMethod[];
  /** Where 'Find Me Something Similar' goes when the car is no longer available. */
  similar?: { label: string; href: string };
  /** The gate the api answered 401 for, to send the shopper to sign in and back. */
  signInType: 'checkout' | 'online_payment';
  baseId: string;
  children?: ReactNode;
}

type State =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'failed'; message: string; list: string[]; fields: Record<string, string>; unavailable: boolean }
  | { kind: 'stripe'; payment: PaymentAnswer; returnPath: string };

/**
 * The pay step every checkout shares: contact fields, the terms checkbox, and a pay button with the
 * site's payment logos. One Idempotency-Key per attempt, so a double click takes one hold. On
 * success the local provider's pay page opens, or Stripe's Payment Element mounts; a car taken
 * meanwhile offers 'Find Me Something Similar'.
 */
export function PaymentForm(props: PaymentFormProps) {
  const { endpoint, fields, base, submitLabel, logos, similar, signInType, baseId, children } = props;
  const [state, setState] = useState<State>({ kind: 'idle' });
  const key = useRef<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'submitting') return;
    setState({ kind: 'submitting' });
    key.current ??= crypto.randomUUID();
    const outcome = await postJson<CheckoutAnswer>(
      endpoint,
      { ...readValues(event.currentTarget, fields), ...base },
      { 'idempotency-key': key.current },
    );
    if (!outcome.ok) {
      if (outcome.status === 401) {
        window.location.assign(
          signInPath({ type: signInType, redirect: window.location.pathname + window.location.search }),
        );
        return;
      }
      // A refused form keeps its key only while the same answer would come back; a fixed form is a new attempt.
      key.current = null;
      setState({
        kind: 'failed',
        message:
          outcome.status === 0 || outcome.status >= 500 ? (outcome.message ?? SUBMISSION_FAILED) : outcome.message,
        list: outcome.list,
        fields: outcome.fields,
        unavailable: outcome.status === 409,
      });
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    const id = outcome.data.reservation?.id ?? outcome.data.online_payment?.id ?? '';
    const returnPath = outcome.data.reservation ? `/reservations/${id}` : `/online-payment/${id}`;
    const payment = outcome.data.payment;
    if (payment?.pay_url) window.location.assign(payment.pay_url);
    else if (payment?.client_secret) setState({ kind: 'stripe', payment, returnPath });
    else window.location.assign(returnPath);
  }

  if (state.kind === 'stripe') return <StripePayment payment={state.payment} returnPath={state.returnPath} />;

  const failed = state.kind === 'failed' ? state : null;
  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-describedby={`${baseId}-summary`}>
      <div id={`${baseId}-summary`}>
        <FormErrorSummary
          ref={summary}
          formError={failed && failed.list.length === 0 ? failed.message : null}
          list={failed?.list ?? []}
        />
      </div>
      {failed?.unavailable && similar && (
        <p>
          <Link href={similar.href} className="button button-secondary" prefetch={false}>
            {similar.label}
          </Link>
        </p>
      )}
      {children}
      {fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          id={fieldIdFor(baseId, field.name)}
          error={failed?.fields[field.name] ?? null}
        />
      ))}
      <div className={styles.pay}>
        <SubmitButton submitting={state.kind === 'submitting'}>{submitLabel}</SubmitButton>
        {logos.length > 0 && (
          <ul className={styles.logos} aria-label="We accept">
            {logos.map((name) => (
              <li key={name}>
                <PaymentLogo method={name} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}
