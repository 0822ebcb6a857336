'use client';

import { useState, useSyncExternalStore } from 'react';
import { formatDollars, OFFER_ACCEPTED_SUBCATEGORY } from '@platform/domain';
import { SUCCESS_MARKER_KEY, type MarkedValuation, type SuccessMarker } from '@/lib/leads/success-marker';

function readMarker(): string | null {
  try {
    return sessionStorage.getItem(SUCCESS_MARKER_KEY);
  } catch {
    return null;
  }
}

const noSubscription = () => () => undefined;

const validFormat = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 'Your Test Drive Booking about the 2020 Toyota Corolla has been sent.' from what the form stored. */
export function SubmittedSummary({ siteSlug }: { siteSlug: string }) {
  const raw = useSyncExternalStore(noSubscription, readMarker, () => null);
  let marker: SuccessMarker | null = null;
  try {
    marker = raw ? (JSON.parse(raw) as SuccessMarker) : null;
  } catch {
    marker = null;
  }
  if (!marker?.category) return <p>Your enquiry has been sent.</p>;
  if (marker.subcategory === OFFER_ACCEPTED_SUBCATEGORY)
    return (
      <p>
        Your acceptance of the trade-in estimate has been sent. Our buying team will contact you to inspect the car.
      </p>
    );
  const what = marker.subcategory ?? marker.category;
  return (
    <>
      <p>
        Your {what}
        {marker.vehicle ? ` about the ${marker.vehicle.title}` : ''} has been sent.
      </p>
      {marker.valuation && <TradeInResult siteSlug={siteSlug} valuation={marker.valuation} leadId={marker.lead_id} />}
    </>
  );
}

/**
 * The trade-in's answer (spec 001 §9): the estimate range and until when it holds (7 days), with a
 * way to accept it (an offer_accepted lead naming this one, subcategory '3. Offer Accepted'); or,
 * without an estimate, why not.
 */
function TradeInResult({
  siteSlug,
  valuation,
  leadId,
}: {
  siteSlug: string;
  valuation: MarkedValuation;
  leadId: string | undefined;
}) {
  const [state, setState] = useState<{ sending: boolean; error: string | null }>({ sending: false, error: null });
  if (valuation.status !== 'estimate' || valuation.low === null || valuation.high === null)
    return (
      <section aria-labelledby="estimate-title" data-testid="trade-in-estimate">
        <h2 id="estimate-title">Your trade-in estimate</h2>
        <p>{valuation.reason}</p>
      </section>
    );

  const accept = async () => {
    if (!leadId || state.sending) return;
    setState({ sending: true, error: null });
    // Loaded on use: the lead schemas are not part of the success page's first load.
    const { submitLead, newIdempotencyKey } = await import('@/lib/leads/submit-lead');
    const result = await submitLead(
      { form: 'offer_accepted', lead_id: leadId, offer_accepted: true, form_completed: true, opt_in: true },
      { siteSlug, idempotencyKey: newIdempotencyKey() },
    );
    if (!result.ok) setState({ sending: false, error: result.message });
  };

  return (
    <section aria-labelledby="estimate-title" data-testid="trade-in-estimate">
      <h2 id="estimate-title">Your trade-in estimate</h2>
      <p>
        <strong>
          {formatDollars(valuation.low)} to {formatDollars(valuation.high)}
        </strong>
      </p>
      <p>This estimate is valid until {validFormat.format(new Date(valuation.valid_until))}.</p>
      {leadId && (
        <button
          type="button"
          className="button button-primary"
          onClick={accept}
          disabled={state.sending}
          aria-busy={state.sending}
        >
          Accept this estimate
        </button>
      )}
      {state.error && <p role="alert">{state.error}</p>}
    </section>
  );
}
