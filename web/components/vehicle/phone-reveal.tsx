'use client';

import { useState } from 'react';
import { ANALYTICS_EVENT_ATTRIBUTE, ANALYTICS_EVENTS } from '@platform/domain';
import styles from './vehicle.module.css';

export interface PhoneRevealProps {
  carSlug: string;
  carId: number;
  dealershipId: number;
  websiteId: number;
  masked: string;
  display: string;
  href: string;
}

/**
 * The dealer's number, masked after the first 5 digits until clicked (spec 000 §4). The click reveals
 * it and reports the reveal; a failed report is logged only (spec 000 §8). The reveal is event 4 and
 * calling it event 25 (ClickTracker, by data-car-id).
 */
export function PhoneReveal({ carSlug, carId, dealershipId, websiteId, masked, display, href }: PhoneRevealProps) {
  const [revealed, setRevealed] = useState(false);

  const reveal = () => {
    setRevealed(true);
    fetch(`/api/cars/${encodeURIComponent(carSlug)}/phone-reveal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ car_id: carId, dealership_id: dealershipId, website_id: websiteId }),
    })
      .then((response) => {
        if (!response.ok) console.warn(`[vehicle] phone reveal not recorded: ${response.status}`); // eslint-disable-line no-console
      })
      .catch((error: unknown) => console.warn('[vehicle] phone reveal not recorded:', error)); // eslint-disable-line no-console
  };

  if (!revealed) {
    return (
      <button
        type="button"
        className={styles.phone}
        onClick={reveal}
        data-testid="phone-reveal"
        {...{ [ANALYTICS_EVENT_ATTRIBUTE]: ANALYTICS_EVENTS.phoneReveal }}
        data-car-id={carId}
      >
        {/* The name is the visible words in their order, so voice control users can say what they
            see (WCAG 2.5.3); the space keeps the two apart in it (the flex row ignores it). */}
        <span>{masked}</span> <span className={styles.phoneHint}>Show number</span>
      </button>
    );
  }
  return (
    <a className={styles.phone} href={href} data-car-id={carId} data-testid="phone-number">
      {display}
    </a>
  );
}
