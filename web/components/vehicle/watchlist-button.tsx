'use client';

import { useState } from 'react';
import { ANALYTICS_EVENTS } from '@platform/domain';
import { changeWatchlist } from '@/lib/api/watchlist-calls';
import { trackEvent } from '@/lib/analytics/track-event';
import { ROUTES } from '@/lib/routes';
import { toasts } from '@/lib/toast/toast-state';
import styles from './vehicle.module.css';

export interface WatchlistButtonProps {
  siteSlug: string;
  carId: number;
  carName: string;
  /** The signed-in shopper's phone, or null when signed out (or without a phone). */
  phone: string | null;
  initiallySaved: boolean;
  signInHref: string;
}

/**
 * Save to the watchlist (spec 000 §4, §5): signed-out shoppers go to sign-in; otherwise the change
 * shows at once, then the call; success shows a toast, failure undoes it and alerts the message.
 */
export function WatchlistButton({ siteSlug, carId, carName, phone, initiallySaved, signInHref }: WatchlistButtonProps) {
  const [saved, setSaved] = useState(initiallySaved);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!phone) {
      window.location.assign(signInHref);
      return;
    }
    const next = !saved;
    setSaved(next);
    setBusy(true);
    const error = await changeWatchlist(next ? 'save-car' : 'remove-car', phone, carId);
    setBusy(false);
    if (error) {
      setSaved(!next);
      window.alert(error);
      return;
    }
    // A saved car's toast offers 'View List', which opens the watchlist page (spec 000 screen list).
    toasts.show(
      next
        ? {
            title: 'Saved to your watchlist',
            description: carName,
            action: { label: 'View List', href: ROUTES.watchlist },
          }
        : { title: 'Removed from your watchlist', description: carName },
    );
    if (next) void trackEvent(siteSlug, ANALYTICS_EVENTS.watchlistSave, { car_id: carId });
  };

  return (
    <button type="button" className={styles.secondaryButton} aria-pressed={saved} disabled={busy} onClick={toggle}>
      {saved ? '♥ Saved' : '♡ Save'}
      <span className="visually-hidden"> {carName} to watchlist</span>
    </button>
  );
}
