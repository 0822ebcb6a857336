'use client';

import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Every accordion-like toggle opens and closes in 300 ms (spec 001 §9 collapse animation). */
export const TOGGLE_MS = 300;

/**
 * An open/closed state whose element animates its height between the two renders, whatever
 * changed inside it (a longer text, more list items, a shown panel). The height before the change
 * is read on toggle and the height after it once React has committed, so no content needs to be
 * restructured for the animation. With reduced motion asked for, it simply changes.
 */
export function useAnimatedToggle<T extends HTMLElement>(initial = false) {
  const ref = useRef<T>(null);
  const [open, setOpen] = useState(initial);
  const from = useRef<number | null>(null);

  const set = useCallback((value: boolean | ((open: boolean) => boolean)) => {
    from.current = ref.current?.offsetHeight ?? null;
    setOpen(value);
  }, []);
  const toggle = useCallback(() => set((value) => !value), [set]);

  useLayoutEffect(() => {
    const element = ref.current;
    const start = from.current;
    from.current = null;
    if (!element || start === null || typeof element.animate !== 'function') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const end = element.offsetHeight;
    if (start === end) return;
    element.animate(
      [
        { height: `${start}px`, overflow: 'hidden' },
        { height: `${end}px`, overflow: 'hidden' },
      ],
      { duration: TOGGLE_MS, easing: 'ease' },
    );
  }, [open]);

  return { ref, open, toggle, setOpen: set };
}
