'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { followCar, unfollowCar } from '@/lib/api/saved-search-calls';
import { toasts } from '@/lib/toast/toast-state';
import { AlertChannels, readChannels, type ConsentWording } from './alert-channels';
import styles from './alerts.module.css';

export interface FollowButtonProps {
  siteSlug: string;
  carId: number;
  carName: string;
  following: boolean;
  /** Where a signed-out shopper is sent (sign-in, then back); null when signed in. */
  signInHref: string | null;
  className?: string;
  /** The consent sentence of each channel for this car (the domain rule, with the site's name). */
  wording: ConsentWording;
  /** Where it is shown: kept with the consent and its withdrawal. */
  source: 'vehicle_page' | 'watchlist';
  /** What the closed opt-in says ('Follow price' on the car's page, 'Paused — turn on alerts' on the watchlist). */
  offer: string;
}

/**
 * Following a car: its price drops, reservation and sale alert the shopper by the channels they
 * tick (nothing ticked for them; each box's sentence is the consent stored). When following, one
 * press turns the alerts off (the consent withdrawn at once); the car stays saved.
 */
export function FollowButton({
  siteSlug,
  carId,
  carName,
  following,
  signInHref,
  className,
  wording,
  source,
  offer,
}: FollowButtonProps) {
  const router = useRouter();
  const [on, setOn] = useState(following);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (signInHref) {
    return (
      <button type="button" className={className} onClick={() => window.location.assign(signInHref)}>
        {offer}
        <span className="visually-hidden"> for {carName}</span>
      </button>
    );
  }

  async function turnOn(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const { channels, email } = readChannels(new FormData(event.currentTarget));
    if (channels.length === 0) return setErrors({ channels: 'Tick SMS, email or both to get alerts of this car' });
    if (channels.includes('email') && !email)
      return setErrors({ email: 'Please enter an email address for email alerts' });
    setBusy(true);
    setErrors({});
    const outcome = await followCar(siteSlug, { car_id: carId, channels, source, ...(email ? { email } : {}) });
    setBusy(false);
    if (!outcome.ok) {
      setErrors(Object.keys(outcome.fields).length > 0 ? outcome.fields : { channels: outcome.message });
      return;
    }
    setOn(true);
    toasts.show({ title: 'Price alerts on', description: carName });
    router.refresh();
  }

  async function turnOff(): Promise<void> {
    setBusy(true);
    const outcome = await unfollowCar(siteSlug, carId, source);
    setBusy(false);
    if (!outcome.ok) {
      window.alert(outcome.message);
      return;
    }
    setOn(false);
    toasts.show({ title: 'Price alerts off', description: carName });
    router.refresh();
  }

  if (on) {
    return (
      <button type="button" className={className} disabled={busy} onClick={() => void turnOff()}>
        Turn off price alerts<span className="visually-hidden"> for {carName}</span>
      </button>
    );
  }
  return (
    <details className={styles.optIn}>
      <summary className={styles.summary}>
        {offer}
        <span className="visually-hidden"> for {carName}</span>
      </summary>
      <form className={styles.form} onSubmit={(event) => void turnOn(event)} noValidate>
        <AlertChannels idPrefix={`follow-${carId}`} legend="Tell me about this car" wording={wording} errors={errors} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Turning on…' : 'Turn on alerts'}
        </button>
      </form>
    </details>
  );
}
