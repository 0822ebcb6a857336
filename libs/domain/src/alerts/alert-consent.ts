import type { AlertChannel } from './saved-search';

/** What a consent covers: one saved search, one followed car, or every alert of the shopper on the site. */
export const CONSENT_SUBJECTS = ['saved_search', 'car', 'all'] as const;
export type ConsentSubject = (typeof CONSENT_SUBJECTS)[number];

/** Where a consent was given or withdrawn: kept with the record, as evidence of how it was asked. */
export const CONSENT_SOURCES = ['search_page', 'vehicle_page', 'watchlist', 'unsubscribe_link', 'api'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** A stored consent as the sender reads it. */
export interface ConsentRecord {
  channel: AlertChannel;
  subject: ConsentSubject;
  savedSearchId: string | null;
  carId: number | null;
  withdrawnAt: Date | null;
}

/** What one alert is about: a saved search's new match, or news of a followed car. */
export interface AlertSubject {
  savedSearchId: string | null;
  carId: number;
}

/**
 * Whether a shopper's stored consents let an alert go out by a channel: a consent for that channel,
 * not withdrawn, for the alert's own saved search (new matches) or followed car (its news), or for
 * every alert. The one rule every sender asks (Spam Act 2003: no commercial message without consent);
 * anything else, including a consent for the other channel, is no.
 */
export function consentCovers(consents: readonly ConsentRecord[], channel: AlertChannel, alert: AlertSubject): boolean {
  return consents.some(
    (consent) =>
      consent.channel === channel &&
      consent.withdrawnAt === null &&
      (consent.subject === 'all' ||
        (alert.savedSearchId !== null
          ? consent.subject === 'saved_search' && consent.savedSearchId === alert.savedSearchId
          : consent.subject === 'car' && consent.carId === alert.carId)),
  );
}

/**
 * The exact words a shopper ticks to agree to alerts by one channel: shown beside the box and
 * stored with the consent, so the record says what was agreed to. The site's name says who will
 * send them; every message says how to stop.
 */
export function alertConsentWording(
  channel: AlertChannel,
  subject: Exclude<ConsentSubject, 'all'>,
  siteName: string,
): string {
  const what =
    subject === 'saved_search'
      ? 'when new cars match this search'
      : 'when this car drops in price, is reserved or sells';
  return channel === 'sms'
    ? `Text me ${what}. I agree to get these SMS alerts from ${siteName}; each one says how to stop them.`
    : `Email me ${what}. I agree to get these email alerts from ${siteName}; each one has an unsubscribe link.`;
}
