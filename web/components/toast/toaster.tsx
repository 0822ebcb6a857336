'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, toasts, type Toast } from '@/lib/toast/toast-state';
import styles from './toaster.module.css';

const NONE: Toast[] = [];

/**
 * Draws the tab's toast (one at a time) in a polite live region, closing it after 3000 ms or on its
 * close button; a toast's action (such as 'View List') is a link under its message.
 */
export function Toaster() {
  const list = useSyncExternalStore(toasts.subscribe, toasts.current, () => NONE);
  const open = list.find((toast) => toast.open);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => toasts.dismiss(open.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [open]);

  return (
    <div className={styles.region} role="status" aria-live="polite">
      {open && (
        <div
          className={`${styles.toast} ${open.variant === 'destructive' ? styles.destructive : ''}`}
          data-testid="toast"
        >
          <div>
            {open.title && <p className={styles.title}>{open.title}</p>}
            {open.description && <p className={styles.description}>{open.description}</p>}
            {open.action && (
              <a className={styles.action} href={open.action.href} onClick={() => toasts.dismiss(open.id)}>
                {open.action.label}
              </a>
            )}
          </div>
          <button type="button" className={styles.close} aria-label="Close" onClick={() => toasts.dismiss(open.id)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
