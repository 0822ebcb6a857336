import type { CarRuleInput } from './car-rule-input';

export const DEFAULT_NO_PRICE_TEXT = 'Enquire for price.';
export const PREORDER_TEXT = 'PREORDER';
/** A price of this or less is a placeholder, not an amount to print (spec 000 §4). */
export const MIN_DISPLAY_PRICE = 10;
/** The spec does not name the subscription period; dealer subscription offers are quoted weekly. */
export const SUBSCRIPTION_SUFFIX = '/wk';

export type PriceDisplayInput = CarRuleInput<
  'price' | 'offer_price' | 'before_price' | 'subscription_price' | 'preorder'
>;

export type PriceDisplayKind = 'subscription' | 'offer' | 'price' | 'preorder' | 'no_price';

export interface PriceDisplay {
  kind: PriceDisplayKind;
  amount: number | null;
  text: string;
  /** Struck-through earlier price, only when it is above the amount shown. */
  was: number | null;
}

export interface PriceDisplayOptions {
  noPriceText?: string;
  subscriptionEnabled?: boolean;
}

const dollars = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** '$45,990': whole dollars with en-AU thousands separators. */
export const formatDollars = (amount: number): string =>
  amount < 0 ? `-$${dollars.format(-amount)}` : `$${dollars.format(amount)}`;

const positive = (value: number | null | undefined): number | null => (value != null && value > 0 ? value : null);

/** Spec 000 §4 'Price display order'. */
export function priceDisplay(car: PriceDisplayInput, options: PriceDisplayOptions = {}): PriceDisplay {
  const subscription = positive(car.subscription_price);
  if (options.subscriptionEnabled && subscription !== null) {
    // A weekly amount is not comparable with a before_price in car dollars, so no was-price here.
    return {
      kind: 'subscription',
      amount: subscription,
      text: `${formatDollars(subscription)}${SUBSCRIPTION_SUFFIX}`,
      was: null,
    };
  }

  const price = car.price ?? null;
  const offer = car.offer_price ?? null;
  if (offer !== null && offer > MIN_DISPLAY_PRICE && price !== null && offer < price) return shown('offer', offer, car);
  if (price !== null && price > MIN_DISPLAY_PRICE) return shown('price', price, car);

  if (car.preorder) return { kind: 'preorder', amount: null, text: PREORDER_TEXT, was: null };
  return { kind: 'no_price', amount: null, text: options.noPriceText || DEFAULT_NO_PRICE_TEXT, was: null };
}

function shown(kind: 'offer' | 'price', amount: number, car: PriceDisplayInput): PriceDisplay {
  const before = car.before_price ?? null;
  return { kind, amount, text: formatDollars(amount), was: before !== null && before > amount ? before : null };
}
