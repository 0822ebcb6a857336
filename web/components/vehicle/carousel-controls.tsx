'use client';

import { useRef, type ReactNode } from 'react';
import styles from './vehicle.module.css';

/** A horizontal carousel (scroll-snap) with previous and next buttons that move one viewport width. */
export function Carousel({ label, children }: { label: string; children: ReactNode }) {
  const track = useRef<HTMLDivElement>(null);
  const move = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth, behavior: 'smooth' });
  return (
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label}>
      <div ref={track} className={styles.carouselTrack} tabIndex={0}>
        {children}
      </div>
      <div className={styles.carouselButtons}>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => move(-1)}
          aria-label="Previous vehicles"
        >
          ‹
        </button>
        <button type="button" className={styles.secondaryButton} onClick={() => move(1)} aria-label="Next vehicles">
          ›
        </button>
      </div>
    </div>
  );
}
