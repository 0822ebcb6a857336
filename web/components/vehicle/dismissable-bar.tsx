'use client';

import { useState, type ReactNode } from 'react';
import styles from './vehicle.module.css';

/** The announcement bar (spec 000 screen 4): shown until the shopper dismisses it. */
export function DismissableBar({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className={styles.announcement} role="region" aria-label="Vehicle location">
      <div>{children}</div>
      <button type="button" className={styles.dismiss} onClick={() => setOpen(false)} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
