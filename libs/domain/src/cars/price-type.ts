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

export function priceTypeLabel(priceType: string | null | undefined): PriceTypeLabel | null {
  const sent = priceType?.trim();
  if (!sent) return null;
  const words = PRICE_TYPE_WORDS[sent.toUpperCase().replace(/[\s-]/g, '')];
  return words ? { text: words, abbreviation: sent } : { text: sent, abbreviation: null };
}
