import type { Benchmarks } from './benchmarks';
import { describeSegment, pricePosition, segmentKey, type PricePosition } from './segments';

export interface Activity {
  views7: number;
  enquiries7: number;
}

/**
 * Views weigh more than enquiries: they are many, so a week of them says more; enquiries are
 * what the dealer is paid in, so they still count for two fifths.
 */
const VIEW_WEIGHT = 0.6;
const ENQUIRY_WEIGHT = 0.4;
/** Added to actual and expected before dividing, so a quiet week of a quiet segment is not 0/0. */
const VIEW_SMOOTHING = 1;
const ENQUIRY_SMOOTHING = 0.5;
/** Differences smaller than this read as "in line with". */
const IN_LINE_SHARE = 0.1;

export const RATING_BANDS = [
  { min: 70, name: 'Strong' },
  { min: 50, name: 'On track' },
  { min: 30, name: 'Below par' },
  { min: 1, name: 'Needs attention' },
] as const;
export type RatingBand = (typeof RATING_BANDS)[number]['name'];

/**
 * The performance score, 1 to 100: r is the weighted geometric mean of actual over expected views
 * and enquiries, and the score is 100 r / (1 + r), so a car doing exactly what similar cars do
 * scores 50, twice as well 67, half as well 33, and no figure can push it past 1 or 100.
 */
export function performanceScore(actual: Activity, expected: Activity): number {
  const views = (Math.max(0, actual.views7) + VIEW_SMOOTHING) / (Math.max(0, expected.views7) + VIEW_SMOOTHING);
  const enquiries =
    (Math.max(0, actual.enquiries7) + ENQUIRY_SMOOTHING) / (Math.max(0, expected.enquiries7) + ENQUIRY_SMOOTHING);
  const ratio = Math.exp(VIEW_WEIGHT * Math.log(views) + ENQUIRY_WEIGHT * Math.log(enquiries));
  return Math.min(100, Math.max(1, Math.round((100 * ratio) / (1 + ratio))));
}

export const ratingBand = (score: number): RatingBand =>
  (RATING_BANDS.find((band) => score >= band.min) ?? RATING_BANDS[RATING_BANDS.length - 1]).name;

export const dollars = (value: number): string => `$${Math.round(value).toLocaleString('en-AU')}`;

function compare(noun: string, actual: number, expected: number): string {
  if (expected <= 0) return actual > 0 ? `${noun} are above similar cars` : `${noun} are in line with similar cars`;
  const share = (actual - expected) / expected;
  if (Math.abs(share) < IN_LINE_SHARE) return `${noun} are in line with similar cars`;
  return `${noun} are ${Math.min(999, Math.round(Math.abs(share) * 100))}% ${share < 0 ? 'below' : 'above'} similar cars`;
}

/** The price against the market average in words; null when either is unknown. */
export function priceGapWords(price: number | null, marketAverage: number | null): string | null {
  if (!price || price <= 0 || !marketAverage || marketAverage <= 0) return null;
  const gap = price - marketAverage;
  if (Math.abs(gap) < marketAverage * 0.01) return 'it is priced in line with the market average';
  return `it is priced ${dollars(Math.abs(Math.round(gap / 100) * 100))} ${gap < 0 ? 'below' : 'above'} the market average`;
}

/** "Views are 40% below similar cars; enquiries are in line with similar cars; it is priced $2,300 above the market average." */
export function explainRating(
  actual: Activity,
  expected: Activity,
  price: number | null,
  marketAverage: number | null,
): string {
  const parts = [
    compare('Views', actual.views7, expected.views7),
    compare('enquiries', actual.enquiries7, expected.enquiries7),
    priceGapWords(price, marketAverage),
  ].filter((part): part is string => part !== null);
  return `${parts.join('; ')}.`;
}

/** The market price a dealer would quote: the average rounded to the nearest $10. */
export const marketPriceLabel = (marketAverage: number): string => dollars(Math.round(marketAverage / 10) * 10);

/** "Likely to sell in about 24 days; about 11 days at $27,990." */
export function daysToSellSentence(
  days: number | null,
  daysAtMarket: number | null,
  marketAverage: number | null,
): string {
  if (days === null && daysAtMarket === null) return 'Not enough similar cars have sold to estimate days to sell.';
  const plural = (n: number): string => `about ${n} day${n === 1 ? '' : 's'}`;
  const first = days !== null ? `Likely to sell in ${plural(days)}` : null;
  const second =
    daysAtMarket !== null && marketAverage && (days === null || daysAtMarket !== days)
      ? `${plural(daysAtMarket)} at ${marketPriceLabel(marketAverage)}`
      : null;
  if (first && second) return `${first}; ${second}.`;
  if (first) return `${first}.`;
  return `Similar cars priced at the market (${marketPriceLabel(marketAverage ?? 0)}) sell in ${plural(daysAtMarket as number)}.`;
}

export interface InsightCar {
  dealershipId: number;
  make: string;
  model: string;
  year: number;
  km: number | null;
  state: string | null;
  price: number | null;
  marketAverage: number | null;
  views7: number;
  enquiries7: number;
}

export interface CarAssessment {
  score: number;
  band: RatingBand;
  explanation: string;
  segment: string;
  expectedViews7: number;
  expectedEnquiries7: number;
  pricePosition: PricePosition;
  daysToSell: number | null;
  daysToSellAtMarket: number | null;
  daysToSellText: string;
}

/**
 * A live car's rating and days to sell. Views and enquiries are measured against similar cars
 * priced at the market (so an overpriced car shows below par, and the explanation says why);
 * days to sell are read for the car's own price position and for the market's.
 */
export function assessCar(car: InsightCar, benchmarks: Benchmarks, currentYear: number): CarAssessment {
  const position = pricePosition(car.price, car.marketAverage);
  const atMarket = segmentKey(car, 'at', currentYear);
  const own = segmentKey(car, position, currentYear);
  const activity = benchmarks.activity(atMarket, car.dealershipId);
  const expected = activity ?? { views7: car.views7, enquiries7: car.enquiries7, level: 6 };
  const actual = { views7: car.views7, enquiries7: car.enquiries7 };
  const score = activity ? performanceScore(actual, expected) : 50;
  const days = position === 'unknown' ? null : benchmarks.daysToSell(own, car.dealershipId);
  const daysAtMarket = car.marketAverage ? benchmarks.daysToSell(atMarket, car.dealershipId) : null;
  return {
    score,
    band: ratingBand(score),
    explanation: activity
      ? explainRating(actual, expected, car.price, car.marketAverage)
      : `Too few similar cars on the platform to compare with yet${
          priceGapWords(car.price, car.marketAverage) ? `; ${priceGapWords(car.price, car.marketAverage)}` : ''
        }.`,
    segment: activity ? describeSegment(atMarket, activity.level) : 'none yet',
    expectedViews7: Math.round(expected.views7 * 10) / 10,
    expectedEnquiries7: Math.round(expected.enquiries7 * 100) / 100,
    pricePosition: position,
    daysToSell: days?.days ?? null,
    daysToSellAtMarket: daysAtMarket?.days ?? null,
    daysToSellText: daysToSellSentence(days?.days ?? null, daysAtMarket?.days ?? null, car.marketAverage),
  };
}
