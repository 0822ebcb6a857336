import { MIN_DISPLAY_PRICE } from '../cars/price-display';
import { kmBand, quantile } from '../market/autogauge';

/**
 * Which cars a car's market price is read from in stock insights (issue 53): like with like, as
 * AutoTrader's price indicator does. A base D-MAX SX Single Cab compared with every D-MAX variant
 * read "$20,000 below the market average" because the X-Terrains pulled the median up.
 */

/**
 * Fewer comparable cars than this and there is no market figure: "Not enough similar cars". The
 * median of four cars is one or two dealers' asking prices, not a market; five is also the
 * benchmarks' minimum segment (MIN_SEGMENT_CARS), so a dealer meets one threshold, not two.
 */
export const MIN_MARKET_COMPARABLES = 5;
/** Model years either side of the car's that still count as the same car (a facelift rarely moves price more). */
export const COMPARABLE_YEAR_SPREAD = 1;
/** Sold cars still say what the market asks for this long after their sale. */
export const COMPARABLE_SOLD_WITHIN_DAYS = 90;

/** A price that is an amount, not a placeholder: 0, null, $1 and "10" all mean "enquire for price". */
export const hasMarketPrice = (price: number | null | undefined): price is number =>
  typeof price === 'number' && Number.isFinite(price) && price > MIN_DISPLAY_PRICE;

/**
 * The variant (badge) as feeds spell it differently: "SX Single Cab", "sx  single-cab" and
 * "SX Single-Cab" are one variant. A car without a badge is its own variant (the base car of a
 * feed that leaves badges out), so it never borrows the dearest variant's prices.
 */
export const badgeKey = (badge: string | null | undefined): string =>
  (badge ?? '')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const name = (text: string): string => text.trim().toLowerCase();

/** Make, model and variant: cars with different keys are never compared. */
export const comparableModel = (car: { make: string; model: string; badge?: string | null }): string =>
  `${name(car.make)}\u0000${name(car.model)}\u0000${badgeKey(car.badge)}`;

export interface ComparableCar {
  id: number;
  make: string;
  model: string;
  badge?: string | null;
  year: number;
  km: number | null;
  price: number | null;
}

/**
 * The rule itself: same make, model and variant, year within COMPARABLE_YEAR_SPREAD, km within the
 * target's km band (kmBand: +-20,000 km or +-30%, whichever is wider; a target without km compares
 * with any), priced, and not the car itself. SQL may narrow candidates first, but this decides.
 */
export function isComparable(target: ComparableCar, other: ComparableCar): boolean {
  if (other.id === target.id || !hasMarketPrice(other.price)) return false;
  if (comparableModel(other) !== comparableModel(target)) return false;
  if (Math.abs(other.year - target.year) > COMPARABLE_YEAR_SPREAD) return false;
  const band = kmBand(target.km);
  return !band || (other.km !== null && other.km >= band.min && other.km <= band.max);
}

export interface MarketFigures {
  /** The comparables' median asking price, whole dollars; null under MIN_MARKET_COMPARABLES. */
  average: number | null;
  comparables: number;
  /** Their 10th to 90th percentile, to the nearest $100: where most similar cars are priced. */
  range: { min: number; max: number } | null;
}

const to100 = (value: number): number => Math.round(value / 100) * 100;

/** The market figures of sorted comparable prices, or none when they are too few to be a market. */
export function marketFigures(sortedPrices: readonly number[]): MarketFigures {
  const comparables = sortedPrices.length;
  if (comparables < MIN_MARKET_COMPARABLES) return { average: null, comparables, range: null };
  return {
    average: Math.round(quantile(sortedPrices, 0.5)),
    comparables,
    range: { min: to100(quantile(sortedPrices, 0.1)), max: to100(quantile(sortedPrices, 0.9)) },
  };
}

const km = (value: number): string => `${value.toLocaleString('en-AU')} km`;

/** What a car's market figures compare it with, in words: "Isuzu D-MAX SX Single Cab, 2021-2023, 10,000-50,000 km". */
export function describeComparables(car: Omit<ComparableCar, 'id' | 'price'>): string {
  const band = kmBand(car.km);
  return [
    [car.make, car.model, car.badge]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' '),
    `${car.year - COMPARABLE_YEAR_SPREAD}-${car.year + COMPARABLE_YEAR_SPREAD}`,
    !band
      ? 'any km'
      : band.min === 0
        ? `up to ${km(band.max)}`
        : `${km(band.min)}-${km(band.max)}`.replace(/ km-/, '-'),
  ].join(', ');
}
