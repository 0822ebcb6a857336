'use client';

import type { ReactNode } from 'react';
import { useAnimatedToggle } from '@/lib/motion/use-animated-toggle';
import styles from './vehicle.module.css';

/** Text with a Show More / Show Less toggle: the preview (already cut) or the full text, in 300 ms. */
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
  const { ref, open, toggle } = useAnimatedToggle<HTMLDivElement>();
  return (
    <div className={styles.expandable}>
      <div ref={ref}>
        <p className={styles.prose}>{open ? full : preview}</p>
      </div>
      <button type="button" className={styles.linkButton} aria-expanded={open} onClick={toggle}>
        {open ? lessLabel : moreLabel}
      </button>
    </div>
  );
}

/** A list that shows its first `initial` items until opened, in 300 ms (specs: 4 at first, features: 8: spec 000 §9). */
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
  const { ref, open, toggle } = useAnimatedToggle<HTMLDivElement>();
  const shown = open ? items : items.slice(0, initial);
  return (
    <>
      <div ref={ref}>
        <Tag className={className}>{shown}</Tag>
      </div>
      {items.length > initial && (
        <button type="button" className={styles.linkButton} aria-expanded={open} onClick={toggle}>
          {open ? lessLabel : moreLabel}
        </button>
      )}
    </>
  );
}
