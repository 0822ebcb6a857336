'use client';

import { useState } from 'react';
import { postJson } from '@/lib/api/browser';

/** Approve or decline the test payment; either way the shopper goes back to where the payment began. */
export function LocalPayButtons({ paymentId }: { paymentId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function decide(decision: 'approve' | 'decline') {
    setBusy(true);
    const outcome = await postJson<{ return_path: string }>(`/api/payments/local/${paymentId}/${decision}`, {});
    if (outcome.ok) {
      window.location.assign(outcome.data.return_path);
      return;
    }
    setBusy(false);
    setError(outcome.message);
  }

  return (
    <div>
      {error && <p role="alert">{error}</p>}
      <p className="button-row">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => decide('approve')}>
          Approve payment
        </button>{' '}
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => decide('decline')}>
          Decline payment
        </button>
      </p>
    </div>
  );
}
