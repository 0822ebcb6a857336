'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './site-header.module.css';

/**
 * The header's navigation on small screens: a Menu button (disclosure pattern: aria-expanded,
 * aria-controls) that shows the links under the header bar, so the bar is one row on a phone
 * instead of three or four. Escape closes it and returns focus to the button; following a link
 * closes it. From 64rem up the button is hidden and the links are always shown in the bar.
 */
export function HeaderNav({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();

  useEffect(() => setOpen(false), [pathname]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span className={styles.burger} aria-hidden="true" />
        Menu
      </button>
      <div id={panelId} className={styles.panel} data-open={open} onKeyDown={onKeyDown}>
        {children}
      </div>
    </>
  );
}
