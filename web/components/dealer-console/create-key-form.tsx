'use client';

import { useActionState } from 'react';
import { createKeyAction, type NewKeyState } from '@/app/dealer_console/[site]/(console)/console-actions';
import styles from './console.module.css';

/**
 * Creates a feed key. The secret comes back to this form only, in the action's answer, and is shown
 * here once: it is never stored by the web, put in an address or shown again.
 */
export function CreateKeyForm({ site, dealerships }: { site: string; dealerships: { slug: string; name: string }[] }) {
  const [state, action, pending] = useActionState<NewKeyState, FormData>(createKeyAction, { status: 'idle' });
  return (
    <div className={styles.section}>
      <form action={action} className={styles.actions}>
        <input type="hidden" name="site" value={site} />
        {dealerships.length > 1 ? (
          <label className={styles.fieldLabel}>
            Dealership
            <select name="dealership" className={styles.select}>
              {dealerships.map((d) => (
                <option key={d.slug} value={d.slug}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <input type="hidden" name="dealership" value={dealerships[0]?.slug ?? ''} />
        )}
        <button type="submit" className={styles.button} disabled={pending}>
          Create a feed key
        </button>
      </form>
      <div aria-live="polite">
        {state.status === 'created' ? (
          <div className={styles.notice} role="status">
            <p>New key for {state.dealership}. Copy it into your stock system now: it is shown only this once.</p>
            <code className={styles.secret} data-testid="new-feed-key">
              {state.key}
            </code>
          </div>
        ) : null}
        {state.status === 'error' ? (
          <p className={styles.noticeError} role="alert">
            {state.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
