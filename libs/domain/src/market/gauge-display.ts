import type { Autogauge } from './autogauge';

/** The card is hidden at or below this confidence (spec 000 §5). */
export const GAUGE_MIN_CONFIDENCE = 0.2;
/** Colour band limits (spec 000 §9): under 0.3 low, 0.3 to 0.6 medium, 0.6 and up high. */
export const GAUGE_MEDIUM_FROM = 0.3;
export const GAUGE_HIGH_FROM = 0.6;
/** Under this fill the label reads 'Good Deal', else 'Great Deal' (spec 000 §9). */
export const GAUGE_GREAT_DEAL_FROM = 0.65;
/** The needle's animation length, within the specification's 2 to 2.5 s. */
export const GAUGE_ANIMATION_MS = 2200;

export type GaugeBand = 'low' | 'medium' | 'high';

const GAUGE_FIELDS = [
  'fill',
  'listing_price',
  'market_range_min',
  'market_range_max',
  'confidence',
  'description',
] as const;

/**
 * The gauge to draw, or null when the card is hidden (spec 000 §5, §8): no data, any field missing,
 * confidence 0.2 or lower, or the market range maximum below the listing price.
 */
export function visibleGauge(gauge: Partial<Record<keyof Autogauge, unknown>> | null | undefined): Autogauge | null {
  if (!gauge) return null;
  for (const field of GAUGE_FIELDS) {
    const value = gauge[field];
    if (
      value === null ||
      value === undefined ||
      (field === 'description'
        ? typeof value !== 'string' || value === ''
        : typeof value !== 'number' || !Number.isFinite(value))
    ) {
      return null;
    }
  }
  const complete = gauge as Autogauge;
  if (complete.confidence <= GAUGE_MIN_CONFIDENCE) return null;
  if (complete.market_range_max < complete.listing_price) return null;
  return complete;
}

export function gaugeBand(fill: number): GaugeBand {
  if (fill < GAUGE_MEDIUM_FROM) return 'low';
  if (fill < GAUGE_HIGH_FROM) return 'medium';
  return 'high';
}

/**
 * The deal label (spec 000 §9: 'Good Deal' under a fill of 0.65, else 'Great Deal'). The spec's two
 * labels are both praise, so they are read as applying to a car at or below the market average: a
 * car priced above it (the middle of the market range, where the fill is 0.5) gets no label, and
 * the card's description says how far above the average it is. Compared on the prices, not the
 * fill, because a gauge source may round its fill.
 */
export function gaugeLabel(
  gauge: Pick<Autogauge, 'fill' | 'listing_price' | 'market_range_min' | 'market_range_max'>,
): 'Good Deal' | 'Great Deal' | null {
  const average = (gauge.market_range_min + gauge.market_range_max) / 2;
  if (gauge.listing_price > average) return null;
  return gauge.fill < GAUGE_GREAT_DEAL_FROM ? 'Good Deal' : 'Great Deal';
}
