import type { CarRuleInput } from './car-rule-input';
import { parseWholeNumberInput } from '../forms/number-input';
import { formatDollars } from './price-display';

/** Dealers using market-price data only take online reservations above this price (spec 000 §4). */
export const RESERVE_MIN_MARKET_PRICE = 200;
export const DEFAULT_RESERVE_DEPOSIT_TEXT = '$200';

export type ReservationInput = CarRuleInput<'status' | 'sold' | 'reserved' | 'price'>;

export function canReserve(car: ReservationInput, options: { marketPriceEnabled: boolean }): boolean {
  // The sold flag and the status come from different feed fields and can disagree; either one blocks.
  if (car.status !== 'in_stock' || car.sold === true || car.reserved === true) return false;
  if (!options.marketPriceEnabled) return true;
  return (car.price ?? 0) > RESERVE_MIN_MARKET_PRICE;
}

/**
 * The deposit wording on the reserve button. A positive amount is shown in dollars, text is kept
 * as the dealer wrote it, and anything else falls back to the site's reserve_deposit_text.
 */
export function reserveDepositText(
  value: number | string | null | undefined,
  defaultText: string = DEFAULT_RESERVE_DEPOSIT_TEXT,
): string {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? formatDollars(value) : defaultText;
  const text = value?.trim();
  return text ? text : defaultText;
}

/** The deposit in whole dollars the spec's '$200' default text stands for. */
export const DEFAULT_RESERVE_DEPOSIT = 200;

/**
 * The largest deposit a reservation takes, in whole dollars: far above any real deposit, and its
 * cents fit the reservations.deposit_cents integer column. Feeds and site config are held to it.
 */
export const MAX_RESERVE_DEPOSIT = 100_000;

/**
 * What a reservation charges, in whole dollars: the car's own deposit (its feed's reserve_deposit),
 * else the dealership's configured one, else the amount the site's reserve deposit text names (the
 * spec's '$200'). The reserve button, the checkout page and the payment agree because all read this.
 */
export function reserveDeposit(
  carDeposit: unknown,
  configuredDeposit: number | null,
  defaultText: string = DEFAULT_RESERVE_DEPOSIT_TEXT,
): number {
  // A car's deposit past the maximum (stored before the feed limit held it) is no deposit of its own.
  if (
    typeof carDeposit === 'number' &&
    Number.isInteger(carDeposit) &&
    carDeposit > 0 &&
    carDeposit <= MAX_RESERVE_DEPOSIT
  )
    return carDeposit;
  if (configuredDeposit !== null) return configuredDeposit;
  const named = parseWholeNumberInput(defaultText);
  return named !== null && named > 0 ? named : DEFAULT_RESERVE_DEPOSIT;
}
