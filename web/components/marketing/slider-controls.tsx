'use client';

import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './promotions.module.css';

/**
 * The small client part of the promotions slider: the slides are rendered on the server and passed
 * in as list items; this adds previous/next (enabled by the ability to scroll), dots that track the
 * selected slide, and arrow keys on the focusable track.
 */
export function SliderControls({ count, label, children }: { count: number; label: string; children: ReactNode }) {
  const track = useRef<HTMLUListElement>(null);
  const [selected, setSelected] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(count > 1);

  const update = useCallback(() => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setSelected(Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth))));
    setCanPrev(el.scrollLeft > 1);
    setCanNext(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, [count]);

  useEffect(() => {
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [update]);

  const goTo = (index: number) => {
    const el = track.current;
    if (!el) return;
    const target = Math.min(count - 1, Math.max(0, index));
    el.scrollTo({ left: target * el.clientWidth, behavior: 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      goTo(selected + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goTo(selected - 1);
    }
  };

  return (
    <div className={styles.slider}>
      <ul ref={track} className={styles.track} tabIndex={0} aria-label={label} onScroll={update} onKeyDown={onKeyDown}>
        {children}
      </ul>
      {count > 1 && (
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} onClick={() => goTo(selected - 1)} disabled={!canPrev} aria-label="Previous slide">
            <span aria-hidden="true">‹</span>
          </button>
          <ol className={styles.dots}>
            {Array.from({ length: count }, (_, index) => (
              <li key={index}>
                <button
                  type="button"
                  className={styles.dot}
                  onClick={() => goTo(index)}
                  aria-label={`Go to slide ${index + 1} of ${count}`}
                  aria-current={index === selected ? 'true' : undefined}
                />
              </li>
            ))}
          </ol>
          <button type="button" className={styles.arrow} onClick={() => goTo(selected + 1)} disabled={!canNext} aria-label="Next slide">
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}
