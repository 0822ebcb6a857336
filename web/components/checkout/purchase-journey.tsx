'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { AU_STATES, repayment, shownRepayment, type SiteConfig } from '@platform/domain';
import { failureOf, postJson } from '@/lib/api/browser';
import { saveValuation } from '@/lib/leads/save-valuation';
import { leadUserData } from '@/lib/leads/visit-trail';
import { termsField } from '@/components/forms/lead-fields';
import { TextField } from '@/components/forms/text-field';
import formStyles from '@/components/forms/forms.module.css';
import { PaymentForm } from './payment-form';
import styles from './checkout.module.css';

type PaymentMethod = SiteConfig['navigation']['payment_logos'][number];

export interface JourneyCar {
  slug: string;
  title: string;
  price: number | null;
  priceText: string;
  location: string | null;
  deposit: number;
  depositText: string;
}

interface Details {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

interface TradeIn {
  lead_id: string;
  vehicle: string;
  estimate: { low: number; high: number } | null;
}

/** Everything the shopper has chosen so far: kept in session storage, so a reload resumes the journey. */
interface Progress {
  step: number;
  details: Details | null;
  tradeIn: TradeIn | null | 'none';
  payment: { method: 'finance' | 'pay_in_full'; deposit: number; termYears: number } | null;
  delivery: { method: 'pickup' } | { method: 'delivery'; postcode: string; price: number | null } | null;
}

const STEPS = ['Your details', 'Trade-in', 'Payment method', 'Delivery or pickup', 'Review and deposit'] as const;
const EMPTY: Progress = { step: 0, details: null, tradeIn: null, payment: null, delivery: null };
const dollars = (amount: number) => `$${amount.toLocaleString('en-AU')}`;
const text = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '').trim();

export interface PurchaseJourneyProps {
  siteSlug: string;
  car: JourneyCar;
  interestPercent: number;
  logos: PaymentMethod[];
  termsText: string;
  defaultState: string;
  signedInPhone: string | null;
  deliveryOffered: boolean;
}

/**
 * Online Purchase (spec 000 routes: /checkout-journey?car_id=): your details, an optional trade-in
 * valued by the platform, finance or pay in full, delivery (the delivery calculator's price) or
 * pickup, then the review and the deposit, which takes the same hold as Reserve Now and carries every
 * choice to the dealer. Each step is a small form; progress lives in session storage.
 */
export function PurchaseJourney(props: PurchaseJourneyProps) {
  const { siteSlug, car } = props;
  const storageKey = `checkout-journey:${siteSlug}:${car.slug}`;
  const [progress, setProgress] = useState<Progress>(EMPTY);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(storageKey);
      if (saved) setProgress({ ...EMPTY, ...(JSON.parse(saved) as Progress) });
    } catch {
      // Storage off or unreadable: start from the first step.
    }
    setLoaded(true);
  }, [storageKey]);

  const save = (next: Progress) => {
    setProgress(next);
    setError(null);
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Private mode: the journey still works, it just will not survive a reload.
    }
    requestAnimationFrame(() => document.getElementById('journey-step')?.focus());
  };
  const go = (step: number, patch: Partial<Progress> = {}) => save({ ...progress, ...patch, step });

  function submitDetails(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const details: Details = {
      name: text(form, 'name'),
      last_name: text(form, 'last_name'),
      email: text(form, 'email'),
      phone: text(form, 'phone'),
      postcode: text(form, 'postcode'),
    };
    const missing = Object.entries(details).filter(([, value]) => !value);
    if (missing.length > 0) {
      setError({
        message: 'Please fill in every field.',
        fields: Object.fromEntries(missing.map(([name]) => [name, 'Please fill in this field.'])),
      });
      return;
    }
    go(1, { details });
  }

  async function submitTradeIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (text(form, 'has_trade_in') !== 'yes') return go(2, { tradeIn: 'none' });
    setBusy(true);
    const body = {
      form: 'trade_in',
      ...progress.details,
      rego: text(form, 'rego') || undefined,
      rego_state: text(form, 'rego_state') || undefined,
      make: text(form, 'make') || undefined,
      model: text(form, 'model') || undefined,
      year: text(form, 'year') || undefined,
      km: text(form, 'km') || undefined,
      opt_in: false,
    };
    const outcome = await postJson<{
      lead_id: string;
      valuation?: { status: string; low: number | null; high: number | null };
      save_valuation?: boolean;
    }>(
      `/api/sites/${encodeURIComponent(siteSlug)}/leads`,
      { ...body, userData: leadUserData() },
      { 'idempotency-key': crypto.randomUUID() },
    );
    if (outcome.ok && outcome.data.valuation && outcome.data.save_valuation === true)
      await saveValuation(outcome.data.lead_id, outcome.data.valuation);
    setBusy(false);
    if (!outcome.ok) {
      setError({ message: outcome.list.join(' ') || outcome.message, fields: outcome.fields });
      return;
    }
    const valuation = outcome.data.valuation;
    const vehicle = [body.year, body.make, body.model, body.rego].filter(Boolean).join(' ');
    go(2, {
      tradeIn: {
        lead_id: outcome.data.lead_id,
        vehicle,
        estimate:
          valuation?.status === 'estimate' && valuation.low !== null && valuation.high !== null
            ? { low: valuation.low, high: valuation.high }
            : null,
      },
    });
  }

  function submitPayment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const method = text(form, 'payment_method') === 'finance' ? 'finance' : 'pay_in_full';
    const deposit = Number(text(form, 'finance_deposit') || 0);
    const termYears = Number(text(form, 'term_years') || 5);
    if (method === 'finance' && (!Number.isInteger(deposit) || deposit < 0 || deposit > 250_000)) {
      setError({
        message: 'Please enter a deposit in whole dollars.',
        fields: { finance_deposit: 'Please enter a deposit in whole dollars.' },
      });
      return;
    }
    go(props.deliveryOffered ? 3 : 4, {
      payment: { method, deposit, termYears },
      ...(props.deliveryOffered ? {} : { delivery: { method: 'pickup' as const } }),
    });
  }

  async function submitDelivery(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (text(form, 'delivery_method') !== 'delivery') return go(4, { delivery: { method: 'pickup' } });
    const postcode = text(form, 'delivery_postcode');
    setBusy(true);
    const query = new URLSearchParams({ car: car.slug, postcode });
    let price: number | null = null;
    try {
      const response = await fetch(`/api/sites/${encodeURIComponent(siteSlug)}/delivery?${query.toString()}`, {
        headers: { accept: 'application/json' },
      });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const failure = failureOf(response.status, body);
        setBusy(false);
        setError({
          message: failure.fields['postcode'] ?? failure.message,
          fields: { delivery_postcode: failure.fields['postcode'] ?? failure.message },
        });
        return;
      }
      price = (body as { price?: number } | null)?.price ?? null;
    } catch {
      // No estimate reachable: the dealer quotes delivery with the reservation.
    }
    setBusy(false);
    go(4, { delivery: { method: 'delivery', postcode, price } });
  }

  const weekly =
    progress.payment?.method === 'finance' && car.price
      ? shownRepayment(
          repayment({
            amount: car.price - progress.payment.deposit,
            interestPercent: props.interestPercent,
            termYears: progress.payment.termYears,
            frequency: 'weekly',
          }),
          'week',
        )
      : null;

  if (!loaded) return <p role="status">Loading your progress…</p>;
  const { details, tradeIn, payment, delivery } = progress;
  const fieldError = (name: string) => error?.fields[name] ?? null;

  return (
    <div>
      <ol className={styles.steps} aria-label="Steps">
        {STEPS.map((label, index) => (
          <li key={label} aria-current={index === progress.step ? 'step' : undefined}>
            {index + 1}. {label}
          </li>
        ))}
      </ol>
      <h2 id="journey-step" tabIndex={-1}>
        {STEPS[progress.step]}
      </h2>
      {error && (
        <div role="alert" className={formStyles.alert}>
          {error.message}
        </div>
      )}

      {progress.step === 0 && (
        <form className={formStyles.form} noValidate onSubmit={submitDetails}>
          <TextField
            id="j-name"
            name="name"
            label="First name"
            autoComplete="given-name"
            required
            defaultValue={details?.name}
            error={fieldError('name')}
          />
          <TextField
            id="j-last-name"
            name="last_name"
            label="Last name"
            autoComplete="family-name"
            required
            defaultValue={details?.last_name}
            error={fieldError('last_name')}
          />
          <TextField
            id="j-email"
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            required
            defaultValue={details?.email}
            error={fieldError('email')}
          />
          <TextField
            id="j-phone"
            name="phone"
            type="tel"
            label="Mobile"
            autoComplete="tel"
            required
            defaultValue={details?.phone ?? props.signedInPhone ?? undefined}
            error={fieldError('phone')}
          />
          <TextField
            id="j-postcode"
            name="postcode"
            label="Postcode"
            inputMode="numeric"
            maxLength={4}
            autoComplete="postal-code"
            required
            defaultValue={details?.postcode}
            error={fieldError('postcode')}
          />
          <div className={styles.stepActions}>
            <button type="submit" className="button button-primary">
              Continue
            </button>
          </div>
        </form>
      )}

      {progress.step === 1 && (
        <form className={formStyles.form} noValidate onSubmit={submitTradeIn}>
          <fieldset className={styles.choices}>
            <legend>Do you have a car to trade in?</legend>
            <label className={styles.choice}>
              <input
                type="radio"
                name="has_trade_in"
                value="no"
                defaultChecked={tradeIn !== null && tradeIn !== 'none' ? false : true}
              />{' '}
              No trade-in
            </label>
            <label className={styles.choice}>
              <input
                type="radio"
                name="has_trade_in"
                value="yes"
                defaultChecked={tradeIn !== null && tradeIn !== 'none'}
              />{' '}
              Yes, value my car
            </label>
          </fieldset>
          <p className={formStyles.hint}>Give your rego and state, or the make, model, year and kilometres.</p>
          <TextField id="j-rego" name="rego" label="Rego" error={fieldError('rego')} />
          <div className={formStyles.field}>
            <label htmlFor="j-rego-state" className={formStyles.label}>
              Rego state
            </label>
            <select id="j-rego-state" name="rego_state" className={formStyles.input} defaultValue={props.defaultState}>
              {AU_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          </div>
          <TextField id="j-make" name="make" label="Make" error={fieldError('make')} />
          <TextField id="j-model" name="model" label="Model" error={fieldError('model')} />
          <TextField id="j-year" name="year" label="Year" inputMode="numeric" error={fieldError('year')} />
          <TextField id="j-km" name="km" label="Kilometres" inputMode="numeric" error={fieldError('km')} />
          <div className={styles.stepActions}>
            <button type="button" className="button button-secondary" onClick={() => go(0)}>
              Back
            </button>
            <button type="submit" className="button button-primary" disabled={busy}>
              Continue
            </button>
          </div>
        </form>
      )}

      {progress.step === 2 && (
        <form className={formStyles.form} noValidate onSubmit={submitPayment}>
          {tradeIn && tradeIn !== 'none' && (
            <p role="status">
              Your {tradeIn.vehicle || 'trade-in'}:{' '}
              {tradeIn.estimate
                ? `estimated at ${dollars(tradeIn.estimate.low)} to ${dollars(tradeIn.estimate.high)}`
                : 'we will value it with you'}
              .
            </p>
          )}
          <fieldset className={styles.choices}>
            <legend>How would you like to pay?</legend>
            <label className={styles.choice}>
              <input
                type="radio"
                name="payment_method"
                value="pay_in_full"
                defaultChecked={payment?.method !== 'finance'}
              />{' '}
              Pay in full
            </label>
            <label className={styles.choice}>
              <input
                type="radio"
                name="payment_method"
                value="finance"
                defaultChecked={payment?.method === 'finance'}
              />{' '}
              Finance
            </label>
          </fieldset>
          <TextField
            id="j-finance-deposit"
            name="finance_deposit"
            label="Finance deposit (if financing)"
            inputMode="numeric"
            defaultValue={String(payment?.deposit ?? 0)}
            error={fieldError('finance_deposit')}
          />
          <div className={formStyles.field}>
            <label htmlFor="j-term" className={formStyles.label}>
              Loan term (if financing)
            </label>
            <select
              id="j-term"
              name="term_years"
              className={formStyles.input}
              defaultValue={String(payment?.termYears ?? 5)}
            >
              {[1, 2, 3, 4, 5, 6, 7].map((years) => (
                <option key={years} value={years}>
                  {years} {years === 1 ? 'year' : 'years'}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.stepActions}>
            <button type="button" className="button button-secondary" onClick={() => go(1)}>
              Back
            </button>
            <button type="submit" className="button button-primary">
              Continue
            </button>
          </div>
        </form>
      )}

      {progress.step === 3 && (
        <form className={formStyles.form} noValidate onSubmit={submitDelivery}>
          <fieldset className={styles.choices}>
            <legend>Delivery or pickup?</legend>
            <label className={styles.choice}>
              <input
                type="radio"
                name="delivery_method"
                value="pickup"
                defaultChecked={delivery?.method !== 'delivery'}
              />{' '}
              Pick up
              {car.location ? ` from ${car.location}` : ''}
            </label>
            <label className={styles.choice}>
              <input
                type="radio"
                name="delivery_method"
                value="delivery"
                defaultChecked={delivery?.method === 'delivery'}
              />{' '}
              Deliver to me
            </label>
          </fieldset>
          <TextField
            id="j-delivery-postcode"
            name="delivery_postcode"
            label="Delivery postcode"
            inputMode="numeric"
            maxLength={4}
            defaultValue={delivery?.method === 'delivery' ? delivery.postcode : (details?.postcode ?? '')}
            error={fieldError('delivery_postcode')}
          />
          <div className={styles.stepActions}>
            <button type="button" className="button button-secondary" onClick={() => go(2)}>
              Back
            </button>
            <button type="submit" className="button button-primary" disabled={busy}>
              Continue
            </button>
          </div>
        </form>
      )}

      {progress.step === 4 && details && payment && delivery && (
        <div className={styles.stepActions} style={{ display: 'grid' }}>
          <dl className={styles.facts}>
            <dt>Name</dt>
            <dd>
              {details.name} {details.last_name}
            </dd>
            <dt>Trade-in</dt>
            <dd>
              {tradeIn && tradeIn !== 'none'
                ? `${tradeIn.vehicle}${tradeIn.estimate ? ` (${dollars(tradeIn.estimate.low)} to ${dollars(tradeIn.estimate.high)})` : ''}`
                : 'None'}
            </dd>
            <dt>Payment</dt>
            <dd>
              {payment.method === 'finance'
                ? `Finance, ${dollars(payment.deposit)} deposit over ${payment.termYears} years${weekly ? `, about ${dollars(weekly)} a week` : ''}`
                : 'Pay in full'}
            </dd>
            <dt>Delivery</dt>
            <dd>
              {delivery.method === 'pickup'
                ? `Pick up${car.location ? ` from ${car.location}` : ''}`
                : `Deliver to ${delivery.postcode}${delivery.price !== null ? ` (${dollars(delivery.price)})` : ' (we will quote you)'}`}
            </dd>
            <dt>Deposit today</dt>
            <dd>{car.depositText}</dd>
          </dl>
          <p className={styles.terms}>{props.termsText}</p>
          <p>
            <button type="button" className="button button-secondary" onClick={() => go(props.deliveryOffered ? 3 : 2)}>
              Back
            </button>
          </p>
          <PaymentForm
            endpoint={`/api/sites/${encodeURIComponent(siteSlug)}/reservations`}
            fields={[termsField]}
            base={{
              ...details,
              car_id: car.slug,
              purchase: {
                trade_in_lead_id: tradeIn && tradeIn !== 'none' ? tradeIn.lead_id : null,
                payment_method: payment.method,
                finance:
                  payment.method === 'finance'
                    ? { deposit: payment.deposit, term_years: payment.termYears, weekly_repayment: weekly }
                    : null,
                delivery:
                  delivery.method === 'delivery'
                    ? { method: 'delivery', postcode: delivery.postcode }
                    : { method: 'pickup' },
              },
            }}
            submitLabel={`Pay ${car.depositText} deposit`}
            logos={props.logos}
            signInType="checkout"
            baseId="journey-pay"
          />
        </div>
      )}
    </div>
  );
}
