/** Similar vehicles search this band around the car's price (spec 000 §9). */
export const SIMILAR_PRICE_SPLIT = 50_000;
export const SIMILAR_BAND_BELOW_SPLIT = 10_000;
export const SIMILAR_BAND_FROM_SPLIT = 25_000;

export interface PriceBand {
  min: number;
  max: number;
}

/** null when the car has no price: an enquire-for-price car has nothing to be similar to. */
export function similarPriceBand(price: number | null | undefined): PriceBand | null {
  if (price == null || !Number.isFinite(price) || price <= 0) return null;
  const band = price < SIMILAR_PRICE_SPLIT ? SIMILAR_BAND_BELOW_SPLIT : SIMILAR_BAND_FROM_SPLIT;
  return { min: Math.max(0, price - band), max: price + band };
}
