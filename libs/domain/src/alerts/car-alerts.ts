import { isAvailable } from '../cars/stock-status';

/** What a shopper can be told about a car. */
export const ALERT_KINDS = ['new_match', 'price_drop', 'reserved', 'sold'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What the alert matcher last saw of a car: enough to tell what changed. */
export interface CarAlertState {
  price: number | null;
  status: string;
  reserved: boolean;
}

/** The car as it is now. `listed`: the site shows it (not withdrawn or hidden, sold still inside its window). */
export interface CarAlertSnapshot extends CarAlertState {
  listed: boolean;
}

const positive = (price: number | null): price is number => price !== null && price > 0;

/**
 * What a change of one car tells shoppers, comparing what the matcher last saw (`before`, null for
 * a car it has never seen) with now. A car seen for the first time, listed and available, is a new
 * listing for saved searches; a followed car tells its followers of a lower price (both prices
 * real), of being reserved, and of selling. A change that is none of these (a new photo, a higher
 * price, the same snapshot again) tells nothing.
 */
export function carAlertEvents(before: CarAlertState | null, now: CarAlertSnapshot): AlertKind[] {
  if (before === null) return now.listed && isAvailable(now) && !now.reserved ? ['new_match'] : [];
  const kinds: AlertKind[] = [];
  if (before.status !== 'sold' && now.status === 'sold') return ['sold'];
  if (!before.reserved && now.reserved && now.status !== 'sold') kinds.push('reserved');
  if (positive(before.price) && positive(now.price) && now.price < before.price && now.listed) kinds.push('price_drop');
  return kinds;
}

/**
 * The identity of one alert: the same change never alerts twice. A new match is one per saved search
 * and car; a price drop one per car and price (a second, lower drop is news); being reserved and
 * selling one per car.
 */
export function alertDedupeKey(
  kind: AlertKind,
  subject: { savedSearchId: string | null; carId: number; price: number | null },
): string {
  switch (kind) {
    case 'new_match':
      return `new_match:${subject.savedSearchId ?? '-'}:${subject.carId}`;
    case 'price_drop':
      return `price_drop:${subject.carId}:${subject.price ?? 0}`;
    default:
      return `${kind}:${subject.carId}`;
  }
}
