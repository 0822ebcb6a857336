import { visibleGauge, type Autogauge } from '@platform/domain';

/** Every field the card draws; an answer without one of them is empty data (spec 000 §8). */
const GAUGE_FIELDS = [
  'fill',
  'listing_price',
  'market_range_min',
  'market_range_max',
  'confidence',
  'description',
] as const satisfies readonly (keyof Autogauge)[];

/** The api's answer; null when it had no market data, undefined when the call failed (logged by the caller). */
export type GaugeAnswer = Partial<Record<keyof Autogauge, unknown>> | null | undefined;

/**
 * The gauge the card draws, or null when it is hidden. An empty market-price answer (none at all, or
 * one missing a field the card needs) is logged before the card hides (spec 000 §8: 'Logged; the
 * card is hidden'), so an operator can tell a car with no market data from one the rules hide (low
 * confidence, a market maximum under the price), which is not worth a line.
 */
export function gaugeToShow(
  carSlug: string,
  answer: GaugeAnswer,
  log: Pick<Console, 'warn'> = console,
): Autogauge | null {
  if (answer === undefined) return null;
  if (answer === null) {
    log.warn(`[vehicle] price gauge for ${carSlug}: empty market-price answer (no market data); card hidden`);
    return null;
  }
  const missing = GAUGE_FIELDS.filter((field) => answer[field] === null || answer[field] === undefined);
  if (missing.length > 0) {
    log.warn(`[vehicle] price gauge for ${carSlug}: empty market-price answer (no ${missing.join(', ')}); card hidden`);
    return null;
  }
  return visibleGauge(answer);
}
