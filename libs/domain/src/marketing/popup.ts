import { DateTime } from 'luxon';

/** localStorage key of a popup's dismissal: one per dealership slug (spec 001 §4 'Popup'). */
export const popupDismissalKey = (dealershipSlug: string): string => `popup-dismissed:${dealershipSlug}`;

/**
 * The popup shows until dismissed and never after its expiry date. The expiry is a date: the popup
 * still shows all that day in Australia/Sydney (the platform's business calendar), and not after.
 */
export function popupVisible(
  popup: { expiry: string } | null | undefined,
  options: { dismissed: boolean; now: Date },
): boolean {
  if (!popup || options.dismissed) return false;
  return !popupExpired(popup.expiry, options.now);
}

export function popupExpired(expiry: string, now: Date): boolean {
  return now.getTime() > popupExpiresAt(expiry);
}

/**
 * The last millisecond the popup may show (epoch ms): the end of its expiry date in Sydney; -Infinity
 * for an unreadable date. The server hands this number to the browser, which then needs no calendar code.
 */
export function popupExpiresAt(expiry: string): number {
  const end = DateTime.fromISO(expiry, { zone: 'Australia/Sydney' }).endOf('day');
  return end.isValid ? end.toMillis() : Number.NEGATIVE_INFINITY;
}
