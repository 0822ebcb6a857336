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
