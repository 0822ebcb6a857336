import type { AutograbData } from '../entities/car';

/** The price gauge (spec 000 'Auto gauge response'). fill runs 0 (dear) to 1 (cheap): a fuller gauge is a better deal. */
export interface Autogauge {
  fill: number;
  listing_price: number;
  market_range_min: number;
  market_range_max: number;
  confidence: number;
  description: string;
}

export interface AutogaugeInput {
  listingPrice: number | null | undefined;
  /** Asking prices of comparable cars (same make and model, year +-1, similar km), excluding this car. */
  comparablePrices: readonly number[];
  autograb?: AutograbData | null;
}

/** How many comparables the autograb market average counts as: it summarises a whole market, not one car. */
const AUTOGRAB_WEIGHT = 5;
/** Range half-width when there are too few comparables to measure spread, as a share of the centre. */
const DEFAULT_SPREAD = 0.08;
const MIN_SPREAD = 0.04;
const MAX_CONFIDENCE = 0.95;

/** Comparables within this distance (km) of the car, or this share of its km, whichever is wider. */
export const KM_BAND_MIN = 20_000;
export const KM_BAND_SHARE = 0.3;

/** The km band comparables must fall in; null km compares with any. */
export function kmBand(km: number | null | undefined): { min: number; max: number } | null {
  if (km === null || km === undefined) return null;
  const half = Math.max(KM_BAND_MIN, km * KM_BAND_SHARE);
  return { min: Math.max(0, Math.round(km - half)), max: Math.round(km + half) };
}

/** The q-quantile (0..1) of sorted numbers, interpolating between neighbours. */
export const quantile = (sorted: readonly number[], q: number): number => {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
};

const roundTo100 = (value: number): number => Math.round(value / 100) * 100;
const dollars = (value: number): string => `$${Math.round(value).toLocaleString('en-AU')}`;

/**
 * Confidence grows with the evidence: n comparables (and the autograb average, worth several) give
 * 1 - 1/(1 + evidence/4), so one comparable alone (0.2) stays at the gauge's hide threshold.
 */
export function gaugeConfidence(comparables: number, hasMarketData: boolean): number {
  const evidence = comparables + (hasMarketData ? 4 : 0);
  return Math.min(MAX_CONFIDENCE, Math.round((1 - 1 / (1 + evidence / 4)) * 100) / 100);
}

/**
 * The market average the gauge and stock insights both quote: the comparables' median (sorted,
 * positive prices), blended with the autograb average when there is one. Null without either.
 */
export function marketCentre(sortedPrices: readonly number[], market: number | null = null): number | null {
  const n = sortedPrices.length;
  if (n === 0 && market === null) return null;
  const median = n > 0 ? quantile(sortedPrices, 0.5) : 0;
  return market === null ? median : (median * n + market * AUTOGRAB_WEIGHT) / (n + AUTOGRAB_WEIGHT);
}

/**
 * The platform's own market gauge: the market centre is the comparables' median blended with the
 * autograb average (state average first); the range is their 10th to 90th percentile spread around
 * it. Null when the car has no price or there is no basis at all.
 */
export function autogauge({ listingPrice, comparablePrices, autograb }: AutogaugeInput): Autogauge | null {
  if (!listingPrice || listingPrice <= 0) return null;
  const prices = comparablePrices.filter((p) => Number.isFinite(p) && p > 0).sort((a, b) => a - b);
  const market =
    [autograb?.state_average_market_price, autograb?.average_market_price].find(
      (p): p is number => typeof p === 'number' && p > 0,
    ) ?? null;
  if (prices.length === 0 && market === null) return null;

  const n = prices.length;
  const centre = marketCentre(prices, market) as number;
  const measured = n >= 4 ? (quantile(prices, 0.9) - quantile(prices, 0.1)) / 2 / centre : DEFAULT_SPREAD;
  const half = centre * Math.max(MIN_SPREAD, measured);
  const min = roundTo100(centre - half);
  const max = roundTo100(centre + half);
  const fill = Math.round(Math.min(1, Math.max(0, (max - listingPrice) / (max - min))) * 100) / 100;

  const basis = [n > 0 ? `${n} similar vehicle${n === 1 ? '' : 's'}` : null, market !== null ? 'market data' : null]
    .filter(Boolean)
    .join(' and ');
  const gap = listingPrice - centre;
  const position =
    Math.abs(gap) < centre * 0.01
      ? `Priced in line with the market average of ${dollars(centre)}`
      : `Priced ${dollars(Math.abs(gap))} ${gap < 0 ? 'below' : 'above'} the market average of ${dollars(centre)}`;
  return {
    fill,
    listing_price: listingPrice,
    market_range_min: min,
    market_range_max: max,
    confidence: gaugeConfidence(n, market !== null),
    description: `${position}, based on ${basis}.`,
  };
}
