'use client';

import { useState } from 'react';
import { DEALER_CSRF_HEADER } from '@platform/domain';
import { postJson } from '@/lib/api/browser';
import styles from './console.module.css';

/** Ends the console session (CSRF token required) and opens the sign-in page; the ops console's too. */
export function SignOutButton({
  csrfToken,
  endpoint = '/api/dealer/sign-out',
  signInPage = '/dealer/sign-in',
}: {
  csrfToken: string;
  endpoint?: string;
  signInPage?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signOut(): Promise<void> {
    setBusy(true);
    const outcome = await postJson(endpoint, {}, { [DEALER_CSRF_HEADER]: csrfToken });
    // 401: already signed out elsewhere, which is where this button was going anyway.
    if (!outcome.ok && outcome.status !== 401) {
      setBusy(false);
      setError(outcome.message);
      return;
    }
    window.location.assign(signInPage);
  }

  return (
    <>
      <button type="button" className={styles.signOut} disabled={busy} onClick={() => void signOut()}>
        Sign out
      </button>
      {error && (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      )}
    </>
  );
}
