import { DateTime } from 'luxon';

/** The stock list's ageing buckets (days in stock), as dealers count them. */
export const AGEING_BUCKETS = [
  { id: '0-30', min: 0, max: 30 },
  { id: '31-60', min: 31, max: 60 },
  { id: '61-90', min: 61, max: 90 },
  { id: '90+', min: 91, max: Number.POSITIVE_INFINITY },
] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number]['id'];

export const ageingBucket = (daysInStock: number): AgeingBucket =>
  (AGEING_BUCKETS.find((bucket) => daysInStock <= bucket.max) ?? AGEING_BUCKETS[AGEING_BUCKETS.length - 1]).id;

/** Whole days from listing to a moment (never negative): a car listed today has 0. */
export const daysBetween = (from: Date, to: Date): number =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 86_400_000));

/**
 * The days a car's charts cover: from its listing day (or `maxDays` before `lastDay`, whichever is
 * later) to `lastDay`, ISO dates, oldest first. Days before the car was listed are left out rather
 * than drawn as zeros: a car listed last week did not have a quiet quarter. Always at least today.
 */
export function historyDays(listedDay: string, lastDay: string, maxDays: number): string[] {
  const last = DateTime.fromISO(lastDay, { zone: 'utc' });
  const listed = DateTime.fromISO(listedDay, { zone: 'utc' });
  const span = Math.floor(last.diff(listed, 'days').days);
  const count = Math.min(Math.max(1, Math.floor(maxDays)), Math.max(0, Number.isFinite(span) ? span : 0) + 1);
  return Array.from({ length: count }, (_, i) => last.minus({ days: count - 1 - i }).toISODate() as string);
}
