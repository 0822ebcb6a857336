'use client';

import { useState } from 'react';
import { postJson } from '@/lib/api/browser';
import styles from '@/components/forms/forms.module.css';

/** Ends the session on this site and reloads the home page signed out. */
export function SignOutButton({ siteSlug }: { siteSlug: string }) {
  const [busy, setBusy] = useState(false);

  async function signOut(): Promise<void> {
    setBusy(true);
    const outcome = await postJson(`/api/sites/${encodeURIComponent(siteSlug)}/sign-out`, {});
    if (!outcome.ok) {
      setBusy(false);
      window.alert(outcome.message);
      return;
    }
    window.location.assign('/');
  }

  return (
    <button type="button" className={styles.linkButton} disabled={busy} onClick={() => void signOut()}>
      Sign out
    </button>
  );
}
