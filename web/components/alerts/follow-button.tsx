'use client';

import { useState } from 'react';
import { followCar, unfollowCar } from '@/lib/api/saved-search-calls';
import { toasts } from '@/lib/toast/toast-state';

export interface FollowButtonProps {
  siteSlug: string;
  carId: number;
  carName: string;
  following: boolean;
  /** Where a signed-out shopper is sent (sign-in, then back); null when signed in. */
  signInHref: string | null;
  className?: string;
}

/**
 * Follow a car: its price drops, reservation and sale are texted to the shopper (the car joins the
 * watchlist). Pressed again, the alerts stop and the car stays saved.
 */
export function FollowButton({ siteSlug, carId, carName, following, signInHref, className }: FollowButtonProps) {
  const [on, setOn] = useState(following);
  const [busy, setBusy] = useState(false);

  async function toggle(): Promise<void> {
    if (signInHref) {
      window.location.assign(signInHref);
      return;
    }
    const next = !on;
    setOn(next);
    setBusy(true);
    const outcome = next ? await followCar(siteSlug, carId) : await unfollowCar(siteSlug, carId);
    setBusy(false);
    if (!outcome.ok) {
      setOn(!next);
      window.alert(outcome.message);
      return;
    }
    toasts.show({
      title: next ? 'Price alerts on' : 'Price alerts off',
      description: next ? `We will text you when the ${carName} drops in price, is reserved or sells.` : carName,
    });
  }

  return (
    <button type="button" className={className} aria-pressed={on} disabled={busy} onClick={() => void toggle()}>
      {on ? 'Price alerts on' : 'Follow price'}
      <span className="visually-hidden"> for {carName}</span>
    </button>
  );
}
