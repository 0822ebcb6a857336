'use client';

import { useState, type FormEvent } from 'react';
import {
  DELIVERY_NO_ESTIMATE,
  DELIVERY_POSTCODE_REQUIRED,
  deliveryEstimateText,
  type DeliveryQuote,
} from '@platform/domain';
import { useFirstUseEvent } from '@/lib/analytics/first-use';
import { failureOf } from '@/lib/api/browser';
import styles from './vehicle.module.css';

type Outcome = { kind: 'quote'; quote: DeliveryQuote } | { kind: 'error'; message: string } | null;

/**
 * The delivery calculator (spec 000 §5): a postcode is required; unknown places get the
 * specification's message. The first input or calculation is the calculator's event 26.
 */
export function DeliveryCalculator({ siteSlug, carSlug, carId }: { siteSlug: string; carSlug: string; carId: number }) {
  const touched = useFirstUseEvent(siteSlug, carId);
  const [postcode, setPostcode] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    touched();
    const value = postcode.trim();
    if (!value) {
      setOutcome({ kind: 'error', message: DELIVERY_POSTCODE_REQUIRED });
      return;
    }
    setBusy(true);
    try {
      const query = new URLSearchParams({ car: carSlug, postcode: value });
      const response = await fetch(`/api/sites/${encodeURIComponent(siteSlug)}/delivery?${query.toString()}`, {
        headers: { accept: 'application/json' },
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        setOutcome({ kind: 'quote', quote: body as DeliveryQuote });
      } else if (response.status === 404) {
        setOutcome({ kind: 'error', message: DELIVERY_NO_ESTIMATE });
      } else {
        const failure = failureOf(response.status, body);
        setOutcome({ kind: 'error', message: failure.fields['postcode'] ?? failure.message });
      }
    } catch {
      setOutcome({ kind: 'error', message: DELIVERY_NO_ESTIMATE });
    } finally {
      setBusy(false);
    }
  }

  const error = outcome?.kind === 'error' ? outcome.message : null;
  return (
    <section className={styles.card} aria-labelledby="delivery-title">
      <h2 id="delivery-title">Delivery Calculator</h2>
      <form className={styles.inlineForm} onSubmit={onSubmit} noValidate>
        <div className={styles.calcField}>
          <label htmlFor="delivery-postcode">Postcode</label>
          <input
            id="delivery-postcode"
            name="postcode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            value={postcode}
            onChange={(event) => {
              touched();
              setPostcode(event.target.value);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'delivery-message' : undefined}
          />
        </div>
        <button type="submit" className={styles.secondaryButton} disabled={busy}>
          Calculate
        </button>
      </form>
      <div aria-live="polite">
        {error && (
          <p id="delivery-message" className={styles.help}>
            {error}
          </p>
        )}
        {outcome?.kind === 'quote' && <p data-testid="delivery-quote">{deliveryEstimateText(outcome.quote)}</p>}
      </div>
    </section>
  );
}
