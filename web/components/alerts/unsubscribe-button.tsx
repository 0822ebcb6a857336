'use client';

import { useState } from 'react';
import { postJson } from '@/lib/api/browser';

/** Stops the alerts a signed unsubscribe token names: one press, no sign-in. */
export function UnsubscribeButton({ siteSlug, token }: { siteSlug: string; token: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function stop(): Promise<void> {
    setState('busy');
    const outcome = await postJson(
      `/api/sites/${encodeURIComponent(siteSlug)}/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
      {},
    );
    if (!outcome.ok) {
      setState('idle');
      setError(outcome.message);
      return;
    }
    setState('done');
  }

  if (state === 'done') return <p role="status">Done: you will not get these alerts any more.</p>;
  return (
    <>
      <button type="button" className="button button-primary" disabled={state === 'busy'} onClick={() => void stop()}>
        Stop these alerts
      </button>
      {error && <p role="alert">{error}</p>}
    </>
  );
}
