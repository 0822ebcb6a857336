'use client';

import { useEffect, useRef, useState } from 'react';
import {
  countUpValue,
  SALES_COUNTER_ANIMATION_MS,
  SALES_COUNTER_LABEL,
  SALES_COUNTER_REFRESH_MS,
  salesThisMonth,
} from '@platform/domain';
import styles from './marketing.module.css';

/**
 * 'Sales this Month' (spec 001 screen 14): computed from the Brisbane clock, refreshed every 150 s,
 * each change counting up over 2 s. The server renders the value at request time, so nothing shifts.
 */
export function SalesCounter({ initial }: { initial: number }) {
  const [shown, setShown] = useState(initial);
  const shownRef = useRef(initial);

  useEffect(() => {
    let frame = 0;
    const animateTo = (target: number) => {
      const from = shownRef.current;
      const start = performance.now();
      cancelAnimationFrame(frame);
      const step = (now: number) => {
        const value = countUpValue(from, target, now - start, SALES_COUNTER_ANIMATION_MS);
        shownRef.current = value;
        setShown(value);
        if (value !== target) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    };
    animateTo(salesThisMonth(new Date()));
    const timer = setInterval(() => animateTo(salesThisMonth(new Date())), SALES_COUNTER_REFRESH_MS);
    return () => {
      clearInterval(timer);
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <p className={styles.counter}>
      <span className={styles.counterValue} aria-hidden="true">
        {shown.toLocaleString('en-AU')}
      </span>
      <span className="visually-hidden">{initial.toLocaleString('en-AU')} </span>
      <span className={styles.counterLabel}>{SALES_COUNTER_LABEL}</span>
    </p>
  );
}
