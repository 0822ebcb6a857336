import { DateTime } from 'luxon';
import type { CarType } from '../entities/car';

/**
 * Display rules of promotion slides and banners (spec 001 screens 18 and 19): each entry has an
 * optional start and expiry, and a car-type display filter with a strict display flag. Pure
 * functions: the caller passes the clock.
 */
export interface BannerDisplayRules {
  /** ISO date (a whole day in Australia/Sydney) or date-time with offset; absent: live already. */
  start?: string | null;
  /** ISO date (shown all that day in Australia/Sydney) or date-time with offset; absent: never expires. */
  expiry?: string | null;
  /** Car types the entry is shown for; absent or empty: every car type. */
  display?: readonly CarType[] | null;
  /** Strict display: shown only where every car type of the page is in the filter. */
  strict_display?: boolean | null;
  /** The same flag as the entity (Banner, PromoNode) spells it. */
  strictDisplay?: boolean | null;
}

/** The platform's business calendar, as for the popup. */
const ZONE = 'Australia/Sydney';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: string): DateTime {
  return DateTime.fromISO(value, DATE_ONLY.test(value) ? { zone: ZONE } : { setZone: true });
}

/** First millisecond an entry may show (epoch ms): a date starts at midnight in Sydney. Unreadable: never. */
export function bannerStartsAt(start: string | null | undefined): number {
  if (!start) return Number.NEGATIVE_INFINITY;
  const at = parse(start);
  return at.isValid ? at.toMillis() : Number.POSITIVE_INFINITY;
}

/** Last millisecond an entry may show (epoch ms): a date runs to the end of that day in Sydney. Unreadable: already over. */
export function bannerExpiresAt(expiry: string | null | undefined): number {
  if (!expiry) return Number.POSITIVE_INFINITY;
  const at = parse(expiry);
  if (!at.isValid) return Number.NEGATIVE_INFINITY;
  return DATE_ONLY.test(expiry) ? at.endOf('day').toMillis() : at.toMillis();
}

/** Started and not expired at `now`. */
export function bannerLive(entry: Pick<BannerDisplayRules, 'start' | 'expiry'>, now: Date): boolean {
  const t = now.getTime();
  return t >= bannerStartsAt(entry.start) && t <= bannerExpiresAt(entry.expiry);
}

/**
 * The car-type display filter. `pageCarTypes` are the car types the page shows (all the site's car
 * types on the home page). Without a filter the entry shows everywhere. Otherwise it shows where
 * the page shows any of its car types; with strict display, only where every car type the page
 * shows is in the filter (so never on a page not scoped to car types).
 */
export function bannerMatchesCarTypes(entry: BannerDisplayRules, pageCarTypes: readonly CarType[]): boolean {
  const filter = entry.display ?? [];
  if (filter.length === 0) return true;
  const strict = entry.strict_display ?? entry.strictDisplay ?? false;
  if (strict) return pageCarTypes.length > 0 && pageCarTypes.every((type) => filter.includes(type));
  return pageCarTypes.length === 0 || pageCarTypes.some((type) => filter.includes(type));
}

/** The entries to show on a page, in their configured order. */
export function visibleBanners<T extends BannerDisplayRules>(
  entries: readonly T[],
  options: { now: Date; pageCarTypes: readonly CarType[] },
): T[] {
  return entries.filter(
    (entry) => bannerLive(entry, options.now) && bannerMatchesCarTypes(entry, options.pageCarTypes),
  );
}
