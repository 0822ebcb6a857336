'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BOTTOM_BAR_SCROLL_PX, STICKY_HEADER_SCROLL_PX } from '@platform/domain';
import styles from './vehicle.module.css';

/**
 * The sticky header after 500 px of scroll and the fixed bottom bar that opens past 900 px (spec 000
 * §4, §9). The bar's state is also set on <html data-bottom-bar>, so a chat bubble can follow it.
 */
export function ScrollChrome({ header, bar }: { header: ReactNode; bar: ReactNode }) {
  const [y, setY] = useState(0);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setY(window.scrollY));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  const barOpen = y > BOTTOM_BAR_SCROLL_PX;
  const barRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    // The bar's height goes first, so a chat bubble lifted by it never lands on the bar's buttons.
    if (barRef.current) root.style.setProperty('--bottom-bar-height', `${barRef.current.offsetHeight}px`);
    root.dataset['bottomBar'] = barOpen ? 'open' : 'closed';
  }, [barOpen]);
  // Leaving the page leaves no open bar behind for the next page's chat bubble to follow.
  useEffect(() => () => void delete document.documentElement.dataset['bottomBar'], []);

  return (
    <>
      <div
        className={styles.stickyHeader}
        data-open={y > STICKY_HEADER_SCROLL_PX}
        inert={y <= STICKY_HEADER_SCROLL_PX}
        data-testid="sticky-header"
      >
        {header}
      </div>
      <div ref={barRef} className={styles.bottomBar} data-open={barOpen} inert={!barOpen} data-testid="bottom-bar">
        {bar}
      </div>
    </>
  );
}
