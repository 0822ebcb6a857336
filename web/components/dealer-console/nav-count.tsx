'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { navBadges, parseNavCounts, type NavCounts } from '@/lib/dealer-console/nav-counts';
import styles from './nav-count.module.css';

/** How often the navigation's counts are asked for while the tab is visible. */
export const NAV_COUNTS_POLL_MS = 30_000;

/*
 * One poll for every badge on the page: the badges subscribe to this store, the first starts the
 * timer and the last stops it. A poll changes only the badges' own text (no router refresh, no
 * page render) and nothing is announced: the counts are there to be read when the user looks, not
 * said every 30 seconds.
 */
let latest: NavCounts | null = null;
const listeners = new Set<() => void>();
let timer: number | undefined;

async function poll(): Promise<void> {
  if (document.visibilityState !== 'visible') return;
  try {
    const response = await fetch('/api/dealer/counts', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
    // Signed out meanwhile: stop asking; the next page they open sends them to sign in.
    if (response.status === 401) return stop();
    if (!response.ok) return;
    const counts = parseNavCounts(await response.json());
    if (!counts) return;
    latest = counts;
    for (const listener of listeners) listener();
  } catch {
    // Offline for a moment: the next tick tries again.
  }
}

/**
 * The counts a server render brought (a page refreshed after an action): newer than any poll
 * before it, so they replace what the badges show rather than wait for the next poll.
 */
function adopt(counts: NavCounts): void {
  latest = counts;
  for (const listener of listeners) listener();
}

const onVisible = (): void => {
  if (document.visibilityState === 'visible') void poll();
};

function stop(): void {
  window.clearInterval(timer);
  timer = undefined;
  document.removeEventListener('visibilitychange', onVisible);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    timer = window.setInterval(() => void poll(), NAV_COUNTS_POLL_MS);
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/**
 * The live counts beside a navigation link ('Leads, 3 new, 1 overdue' to a screen reader, a '3' and
 * a '1 overdue' badge on screen), first as the server rendered them, then as the polls find them.
 */
export function NavCount({ href, initial }: { href: string; initial: NavCounts }) {
  // Keyed by value: a refresh that renders the same numbers is no news.
  const rendered = JSON.stringify(initial);
  useEffect(() => adopt(JSON.parse(rendered) as NavCounts), [rendered]);
  const counts = useSyncExternalStore(
    subscribe,
    () => latest ?? initial,
    () => initial,
  );
  return navBadges(href, counts).map((badge) => (
    <span key={badge.key} data-nav-count={badge.key}>
      <span className="visually-hidden">, {badge.spoken}</span>
      <span aria-hidden="true" className={badge.tone === 'late' ? styles.late : styles.count}>
        {badge.shown}
      </span>
    </span>
  ));
}
