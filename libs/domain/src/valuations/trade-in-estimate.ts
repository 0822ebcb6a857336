import { DateTime } from 'luxon';
import { currentYear } from '../finance/current-year';
import { quantile } from '../market/autogauge';

/** The FAQ variant a site shows (marketing.trade_in_faq_variant) decides the age limit. */
export type TradeInVariant = 'online_estimate' | 'instant_range';

/** Spec 001 §9: no online estimate over 7 years or 100,000 km; the instant-range variant allows 10 years. */
export const TRADE_IN_LIMITS: Readonly<Record<TradeInVariant, { maxAgeYears: number; maxKm: number }>> = {
  online_estimate: { maxAgeYears: 7, maxKm: 100_000 },
  instant_range: { maxAgeYears: 10, maxKm: 100_000 },
};
/** An estimated value is valid for 7 days (spec 001 §9). */
export const TRADE_IN_VALID_DAYS = 7;
/** Fewer comparable cars than this and a range would be a guess: no estimate is given. */
export const TRADE_IN_MIN_COMPARABLES = 3;
/** Narrowest range shown either side of the centre, as a share of it. */
const MIN_HALF_WIDTH = 0.05;

export type TradeInValuation =
  | { status: 'estimate'; low: number; high: number; comparables: number; valid_until: string; reason: null }
  | { status: 'no_estimate'; low: null; high: null; comparables: number; valid_until: string; reason: string };

export interface TradeInEstimateInput {
  year: number;
  km: number;
  /** Asking prices of comparable cars on the platform (same make and model, year and km bands). */
  comparablePrices: readonly number[];
  variant: TradeInVariant;
  /** Share of the retail price a dealer keeps for reconditioning and margin (leads.trade_in_margin). */
  margin: number;
  /** The condition answers' share (conditionFactor); 1 when none were given. */
  adjustment?: number;
  now: Date;
}

const roundTo100 = (value: number): number => Math.round(value / 100) * 100;

/** Whether a vehicle may get an estimate online; the reason when not. */
export function tradeInEligibility(year: number, km: number, variant: TradeInVariant, now: Date): string | null {
  const limits = TRADE_IN_LIMITS[variant];
  const age = currentYear(now) - year;
  if (age > limits.maxAgeYears || km > limits.maxKm) {
    return `We can't value vehicles over ${limits.maxAgeYears} years old or ${limits.maxKm.toLocaleString('en-AU')} km online. Our buying team will contact you with an offer.`;
  }
  return null;
}

/** Until when a valuation made at `now` holds: 7 x 24 hours, in UTC so no daylight-saving change adds or loses an hour. */
const validUntil = (now: Date): string =>
  DateTime.fromJSDate(now, { zone: 'utc' }).plus({ days: TRADE_IN_VALID_DAYS }).toISO()!;

/** The answer when no estimate can be given, with the reason the shopper reads. */
export function noTradeInEstimate(reason: string, now: Date, comparables = 0): TradeInValuation {
  return { status: 'no_estimate', low: null, high: null, comparables, valid_until: validUntil(now), reason };
}

/**
 * A trade-in range from the platform's own retail stock: the comparables' interquartile range,
 * less the dealer's margin, moved by the condition answers, rounded to $100, valid for 7 days. Vehicles past the variant's age or km
 * limit, or with too few comparables, get no estimate and a reason instead.
 */
export function tradeInEstimate({
  year,
  km,
  comparablePrices,
  variant,
  margin,
  adjustment = 1,
  now,
}: TradeInEstimateInput): TradeInValuation {
  const prices = comparablePrices.filter((p) => Number.isFinite(p) && p > 0).sort((a, b) => a - b);
  const none = (reason: string): TradeInValuation => noTradeInEstimate(reason, now, prices.length);
  const ineligible = tradeInEligibility(year, km, variant, now);
  if (ineligible) return none(ineligible);
  if (prices.length < TRADE_IN_MIN_COMPARABLES) {
    return none(
      'There are not enough similar vehicles on the market to estimate this one online. Our buying team will contact you with an offer.',
    );
  }
  const factor = (1 - margin) * adjustment;
  const centre = quantile(prices, 0.5) * factor;
  // The quartiles themselves, not the median plus or minus half their spread: a skewed spread would otherwise reach
  // below (or above) the comparables. Each side is widened to at least 5% of the centre.
  const low = Math.min(quantile(prices, 0.25) * factor, centre * (1 - MIN_HALF_WIDTH));
  const high = Math.max(quantile(prices, 0.75) * factor, centre * (1 + MIN_HALF_WIDTH));
  return {
    status: 'estimate',
    low: roundTo100(low),
    high: roundTo100(high),
    comparables: prices.length,
    valid_until: validUntil(now),
    reason: null,
  };
}
