import type { Benchmarks } from './benchmarks';
import { hasMarketPrice } from './comparables';
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
/**
 * Issue 53 ("999% above similar cars"): a share of a tiny mean is noise, so a segment averaging
 * fewer than one a week is compared in counts; from twice the segment up a lead is put in times
 * ("about 3.5 times"), and past MAX_TIMES only as "more than 10 times". A percentage is therefore
 * always 10-100% below or 10-99% above.
 */
const MIN_MEAN_FOR_SHARE = 1;
const TIMES_FROM = 2;
const MAX_TIMES = 10;

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

interface Noun {
  /** As the clause starts: "Views" first in the sentence, "enquiries" after. */
  plural: string;
  one: string;
  many: string;
}

const VIEWS: Noun = { plural: 'Views', one: 'view', many: 'views' };
const ENQUIRIES: Noun = { plural: 'enquiries', one: 'enquiry', many: 'enquiries' };

/** How a car's week compares with its segment's mean, in words whose every figure is bounded. */
function compare(noun: Noun, actualRaw: number, expectedRaw: number): string {
  const actual = Number.isFinite(actualRaw) ? Math.max(0, actualRaw) : 0;
  const expected = Number.isFinite(expectedRaw) ? Math.max(0, expectedRaw) : 0;
  const inLine = `${noun.plural} are in line with similar cars`;
  if (expected < MIN_MEAN_FOR_SHARE) {
    const count = Math.round(actual);
    if (count < 1) return expected > 0 ? `${inLine} (fewer than one a week)` : inLine;
    const said = `${count.toLocaleString('en-AU')} ${count === 1 ? noun.one : noun.many} this week`;
    return expected > 0 ? `${said}, where similar cars average fewer than one` : `${said}, where similar cars had none`;
  }
  const ratio = actual / expected;
  const share = ratio - 1;
  if (Math.abs(share) < IN_LINE_SHARE) return inLine;
  if (share < 0) return `${noun.plural} are ${Math.min(100, Math.round(-share * 100))}% below similar cars`;
  if (ratio < TIMES_FROM) return `${noun.plural} are ${Math.min(99, Math.round(share * 100))}% above similar cars`;
  if (ratio > MAX_TIMES) return `${noun.plural} are more than ${MAX_TIMES} times those of similar cars`;
  return `${noun.plural} are about ${Math.round(ratio * 10) / 10} times those of similar cars`;
}

/** The price against the market average in words; null when either is unknown. */
export function priceGapWords(price: number | null, marketAverage: number | null): string | null {
  if (!hasMarketPrice(price) || !marketAverage || marketAverage <= 0) return null;
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
    compare(VIEWS, actual.views7, expected.views7),
    compare(ENQUIRIES, actual.enquiries7, expected.enquiries7),
    priceGapWords(price, marketAverage),
  ].filter((part): part is string => part !== null);
  return `${parts.join('; ')}.`;
}

/** The market price a dealer would quote: the average rounded to the nearest $10. */
export const marketPriceLabel = (marketAverage: number): string => dollars(Math.round(marketAverage / 10) * 10);

export interface DaysToSellInput {
  /** Median days from listing to sale of similar cars at the car's own price position. */
  days: number | null;
  /** The same at the market price. */
  daysAtMarket: number | null;
  marketAverage: number | null;
  daysInStock: number;
}

const aboutDays = (n: number): string => `about ${n} day${n === 1 ? '' : 's'}`;
const moreDays = (n: number): string => `about ${n} more day${n === 1 ? '' : 's'}`;

/**
 * The days-to-sell sentence (issue 53: "likely to sell in about 68 days" for a car already 150
 * days in stock). The benchmarks are days from listing to sale, so what is left is told as "more
 * days", and a car already past the median is told so plainly: `overdue`. An estimate is never
 * below the days already in stock.
 */
export function daysToSellEstimate({ days, daysAtMarket, marketAverage, daysInStock }: DaysToSellInput): {
  text: string;
  overdue: boolean;
} {
  const inStock = Math.max(0, Math.floor(daysInStock));
  const market = marketAverage && marketAverage > 0 ? marketPriceLabel(marketAverage) : null;
  const atMarket = daysAtMarket !== null && market !== null && daysAtMarket !== days ? daysAtMarket : null;
  if (days === null) {
    if (atMarket === null)
      return { text: 'Not enough similar cars have sold to estimate days to sell.', overdue: false };
    // Past that median already: say so, rather than let the dealer read it as days still to come.
    const past = atMarket <= inStock ? ` This one has been in stock ${inStock} day${inStock === 1 ? '' : 's'}.` : '';
    return {
      text: `Similar cars priced at the market (${market}) sell in ${aboutDays(atMarket)}.${past}`,
      overdue: false,
    };
  }
  const overdue = days <= inStock;
  const first = overdue
    ? `In stock ${inStock} day${inStock === 1 ? '' : 's'}, longer than similar cars usually take (${aboutDays(days)})`
    : `Likely to sell in ${moreDays(days - inStock)} (similar cars sell ${aboutDays(days)} after listing)`;
  if (atMarket === null) return { text: `${first}.`, overdue };
  const second =
    atMarket > inStock
      ? `${moreDays(atMarket - inStock)} at ${market}`
      : `similar cars at ${market} sell in ${aboutDays(atMarket)}`;
  return { text: overdue ? `${first}. ${capitalise(second)}.` : `${first}; ${second}.`, overdue };
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

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
  };
}
