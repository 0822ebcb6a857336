'use client';

import { useActionState } from 'react';
import { rotateFeedAction, type RotatedFeedState } from '@/app/dealer_console/[site]/(console)/console-actions';
import { CopyButton } from './copy-button';
import styles from './console.module.css';

/**
 * An owner changes a feed's URL. The confirm step is a disclosure (it works before any script), and
 * the new URL comes back in the action's answer, shown here once with a copy button.
 */
export function RotateFeedForm(props: { site: string; dealership: string; channel: string; label: string }) {
  const [state, action, pending] = useActionState<RotatedFeedState, FormData>(rotateFeedAction, { status: 'idle' });
  return (
    <div className={styles.section}>
      {/* Once changed, the new URL replaces the confirm step; another change starts from a reload. */}
      {state.status === 'rotated' ? null : (
        <details className={styles.disclosure}>
          <summary>Change this feed&apos;s URL</summary>
          <div className={styles.confirm}>
            <p>
              The current URL stops working at once: {props.label} fetches nothing until you give it the new one. Do
              this when the address has gone somewhere it should not.
            </p>
            <form action={action}>
              <input type="hidden" name="site" value={props.site} />
              <input type="hidden" name="dealership" value={props.dealership} />
              <input type="hidden" name="channel" value={props.channel} />
              <button type="submit" className={styles.danger} disabled={pending}>
                Yes, change the URL
              </button>
            </form>
          </div>
        </details>
      )}
      <div aria-live="polite">
        {state.status === 'rotated' ? (
          <div className={styles.notice} role="status">
            <p>New URL. Give it to {props.label} now; the old one answers nothing from here on.</p>
            <code className={styles.secret} data-testid="rotated-feed-url">
              {state.url}
            </code>
            <div className={styles.actions}>
              <CopyButton text={state.url} label={`Copy the new ${props.label} feed URL`} />
            </div>
          </div>
        ) : null}
        {state.status === 'error' ? (
          <p className={styles.error} role="alert">
            {state.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
