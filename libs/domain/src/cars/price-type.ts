import type { PriceDisplayKind } from './price-display';

/**
 * Dealer stock systems send the price basis as an abbreviation ('DAP', 'EGC'). Shoppers are not
 * expected to know them, so pages show the words; an unknown basis is shown as sent.
 */
const PRICE_TYPE_WORDS: Readonly<Record<string, string>> = {
  DAP: 'Drive away',
  DRIVEAWAY: 'Drive away',
  EGC: 'Excl. government charges',
  ORC: 'Plus on-road costs',
  BORC: 'Before on-road costs',
  POA: 'Price on application',
};

export interface PriceTypeLabel {
  /** What the page shows. */
  text: string;
  /** The abbreviation the dealer sent, when the text expands one (for an abbr title). */
  abbreviation: string | null;
}

/** What a subscription's weekly amount is, in place of the car price's basis. */
export const SUBSCRIPTION_LABEL = 'Subscription';

/**
 * The words beside the price the sidebar shows. The dealer's basis ('DAP': drive away) describes
 * the car's price, so it goes only with an amount in car dollars (the price or an offer); a
 * subscription's weekly amount is named as a subscription instead, and PREORDER or the no-price
 * text carry no basis at all.
 */
export function priceTypeLabel(priceType: string | null | undefined, shown: PriceDisplayKind): PriceTypeLabel | null {
  if (shown === 'subscription') return { text: SUBSCRIPTION_LABEL, abbreviation: null };
  if (shown !== 'price' && shown !== 'offer') return null;
  const sent = priceType?.trim();
  if (!sent) return null;
  const words = PRICE_TYPE_WORDS[sent.toUpperCase().replace(/[\s-]/g, '')];
  return words ? { text: words, abbreviation: sent } : { text: sent, abbreviation: null };
}
