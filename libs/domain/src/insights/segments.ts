/**
 * Segments of stock insights (issue 41): the groups of similar cars whose anonymous figures a
 * dealer's car is measured against. A segment is make, model, age band, km band, price position
 * and state; when a segment is too thin to show, the next wider one is used (SEGMENT_LEVELS).
 */

import { hasMarketPrice } from './comparables';

export type PricePosition = 'below' | 'at' | 'above' | 'unknown';

/** Within this share of the market average a price counts as "at the market". */
export const PRICE_POSITION_TOLERANCE = 0.05;

/**
 * The minimum segment: figures of a segment are shown only when they come from at least this many
 * cars of at least this many dealerships, none of them the viewing dealer's own, so no single
 * competitor's car (nor one competitor's stock) can be worked back from a benchmark.
 */
export const MIN_SEGMENT_CARS = 5;
export const MIN_SEGMENT_DEALERSHIPS = 3;

const AGE_BANDS: readonly { max: number; label: string }[] = [
  { max: 2, label: '0-2 years' },
  { max: 5, label: '3-5 years' },
  { max: 9, label: '6-9 years' },
  { max: Number.POSITIVE_INFINITY, label: '10+ years' },
];

const KM_BANDS: readonly { max: number; label: string }[] = [
  { max: 19_999, label: 'under 20,000 km' },
  { max: 59_999, label: '20,000-59,999 km' },
  { max: 119_999, label: '60,000-119,999 km' },
  { max: Number.POSITIVE_INFINITY, label: '120,000+ km' },
];

export const ageBand = (year: number, currentYear: number): string => {
  const age = Math.max(0, currentYear - year);
  return (AGE_BANDS.find((band) => age <= band.max) ?? AGE_BANDS[AGE_BANDS.length - 1]).label;
};

export const mileageBand = (km: number | null | undefined): string =>
  km === null || km === undefined || !Number.isFinite(km) || km < 0
    ? 'km unknown'
    : (KM_BANDS.find((band) => km <= band.max) ?? KM_BANDS[KM_BANDS.length - 1]).label;

/** Where a price sits against the market average: within 5% is "at". */
export function pricePosition(
  price: number | null | undefined,
  marketAverage: number | null | undefined,
): PricePosition {
  // An 'enquire for price' car (0, null or a placeholder under $10) is never compared: issue 53.
  if (!hasMarketPrice(price) || !marketAverage || marketAverage <= 0) return 'unknown';
  const gap = (price - marketAverage) / marketAverage;
  if (gap < -PRICE_POSITION_TOLERANCE) return 'below';
  if (gap > PRICE_POSITION_TOLERANCE) return 'above';
  return 'at';
}

export interface SegmentKey {
  make: string;
  model: string;
  age: string;
  km: string;
  position: PricePosition;
  state: string;
}

type SegmentField = keyof SegmentKey;

/**
 * Narrowest first. State goes first (stock travels), then price position, km, age, model and
 * make; the last level is every car on the platform.
 */
export const SEGMENT_LEVELS: readonly (readonly SegmentField[])[] = [
  ['make', 'model', 'age', 'km', 'position', 'state'],
  ['make', 'model', 'age', 'km', 'position'],
  ['make', 'model', 'age', 'km'],
  ['make', 'model', 'age'],
  ['make', 'model'],
  ['make'],
  [],
];

export function segmentKey(
  car: { make: string; model: string; year: number; km: number | null; state: string | null },
  position: PricePosition,
  currentYear: number,
): SegmentKey {
  return {
    make: car.make.trim().toLowerCase(),
    model: car.model.trim().toLowerCase(),
    age: ageBand(car.year, currentYear),
    km: mileageBand(car.km),
    position,
    state: (car.state ?? '').trim().toUpperCase() || 'unknown state',
  };
}

/** A level's id of a key: the same id for every car of that segment. */
export const segmentId = (key: SegmentKey, level: number): string =>
  `${level}:${SEGMENT_LEVELS[level].map((field) => key[field]).join('|')}`;

const POSITION_WORDS: Record<PricePosition, string> = {
  below: 'priced below the market',
  at: 'priced at the market',
  above: 'priced above the market',
  unknown: 'price unknown',
};

const titleCase = (text: string): string =>
  text.replace(/(^|[\s-])(\p{L})/gu, (_, space, letter) => space + letter.toUpperCase());

/** The segment in words, for the console: "Toyota Hilux, 3-5 years, 20,000-59,999 km". */
export function describeSegment(key: SegmentKey, level: number): string {
  const fields = SEGMENT_LEVELS[level];
  if (fields.length === 0) return 'all cars on the platform';
  const name = [
    fields.includes('make') ? titleCase(key.make) : '',
    fields.includes('model') ? titleCase(key.model) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const rest = fields
    .filter((field) => field !== 'make' && field !== 'model')
    .map((field) => (field === 'position' ? POSITION_WORDS[key.position] : key[field]));
  return [name, ...rest].join(', ');
}
