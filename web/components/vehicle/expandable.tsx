'use client';

import { useState, type ReactNode } from 'react';
import styles from './vehicle.module.css';

/** Text with a Show More / Show Less toggle: the preview (already cut) or the full text. */
export function ExpandableText({
  preview,
  full,
  moreLabel = 'Show More',
  lessLabel = 'Show Less',
}: {
  preview: string;
  full: string;
  moreLabel?: string;
  lessLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.expandable}>
      <p className={styles.prose}>{open ? full : preview}</p>
      <button type="button" className={styles.linkButton} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? lessLabel : moreLabel}
      </button>
    </div>
  );
}

/** A list that shows its first `initial` items until opened (specs: 4 at first, features: 8: spec 000 §9). */
export function ExpandableList({
  items,
  initial,
  moreLabel,
  lessLabel,
  className,
  as: Tag = 'ul',
}: {
  items: ReactNode[];
  initial: number;
  moreLabel: string;
  lessLabel: string;
  className?: string;
  as?: 'ul' | 'dl';
}) {
  const [open, setOpen] = useState(false);
  const shown = open ? items : items.slice(0, initial);
  return (
    <>
      <Tag className={className}>{shown}</Tag>
      {items.length > initial && (
        <button type="button" className={styles.linkButton} aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? lessLabel : moreLabel}
        </button>
      )}
    </>
  );
}
