import type { CarRuleInput } from './car-rule-input';

/** The badge needs the price to be more than this many dollars under the market (spec 000 §9). */
export const MARKET_BADGE_THRESHOLD = 499;

export type MarketBadgeInput = CarRuleInput<'price' | 'autograb_data'>;

/**
 * True when the car is priced well under market. The state average is the closer comparison, so
 * the national average is only the fallback; a zero average is a missing valuation, not a market.
 */
export function marketBadge(car: MarketBadgeInput): boolean {
  const price = car.price ?? 0;
  if (price <= 0) return false;
  const state = car.autograb_data?.state_average_market_price;
  const market = state != null && state > 0 ? state : car.autograb_data?.average_market_price;
  if (market == null || market <= 0) return false;
  return market - price > MARKET_BADGE_THRESHOLD;
}
