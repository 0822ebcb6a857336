'use client';

import { Suspense, use, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

/** A part starts hydrating when it comes within a screen's height of the screen. */
const ROOT_MARGIN = '100% 0px';
/** ...or once the loaded page has been idle this long at most, so a part is ready before it is reached. */
const IDLE_TIMEOUT_MS = 2000;

// Nothing to subscribe to: the value changes once, from the server's (hydrating) to the browser's.
const noSubscription = () => () => undefined;

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function createGate(): Gate {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Runs `task` once the page has loaded and the browser is idle (or after IDLE_TIMEOUT_MS); returns a cancel. */
function whenIdleAfterLoad(task: () => void): () => void {
  let cancelIdle: () => void = () => undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 1);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}

/**
 * Server-rendered content further down a page whose client parts (calculators, forms, carousels)
 * hydrate only when the shopper nears them or once the loaded page is idle, whichever comes first:
 * a phone spends its first second on what is on screen (the photos, the price, the main actions)
 * instead of on the whole page's script at once, and the rest hydrates in small pieces after. The
 * HTML is complete from the start (nothing shifts, nothing is missing without script). While the
 * page hydrates, the part waits behind a Suspense boundary, which React leaves as the server drew
 * it; rendered later (a client navigation), it renders at once. The wrapper has no box of its own
 * (display: contents), so the page's layout is unchanged; its children are what is watched.
 */
export function HydrateWhenNear({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [gate] = useState(createGate);
  useEffect(() => {
    const targets = ref.current ? Array.from(ref.current.children) : [];
    if (targets.length === 0 || typeof IntersectionObserver !== 'function') {
      gate.open();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) gate.open();
      },
      { rootMargin: ROOT_MARGIN },
    );
    for (const target of targets) observer.observe(target);
    const cancelIdle = whenIdleAfterLoad(gate.open);
    void gate.promise.then(() => observer.disconnect());
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [gate]);
  return (
    <div ref={ref} style={{ display: 'contents' }}>
      <Suspense fallback={null}>
        <HydrationGate gate={gate}>{children}</HydrationGate>
      </Suspense>
    </div>
  );
}

/** Suspends while the page hydrates until the gate opens; renders its children otherwise (and on the server). */
function HydrationGate({ gate, children }: { gate: Gate; children: ReactNode }) {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  if (hydrating && typeof window !== 'undefined') use(gate.promise);
  return children;
}
