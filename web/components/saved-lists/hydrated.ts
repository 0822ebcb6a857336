'use client';

import { useSyncExternalStore } from 'react';

// Nothing to subscribe to: the value changes once, from the server's to the browser's.
const noSubscription = () => () => undefined;

/** False while the server renders and the page hydrates, then true: lists in local storage are known only after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
