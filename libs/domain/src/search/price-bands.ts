/**
 * Bands for the price_range and weekly_price_range facets. A band's value is its 'min:max' range
 * (open at the top), so choosing one is the same filter as the slider would make.
 */
const PRICE_BAND_EDGES = [0, 10000, 20000, 30000, 40000, 50000, 75000, 100000] as const;
const WEEKLY_BAND_EDGES = [0, 100, 150, 200, 250, 300, 400, 500] as const;

function bandOf(edges: readonly number[], value: number | null | undefined): string | null {
  if (value === null || value === undefined || value <= 0) return null;
  for (let i = edges.length - 1; i >= 0; i -= 1) {
    const low = edges[i] as number;
    if (value >= low) {
      const high = edges[i + 1];
      return high === undefined ? `${low}:` : `${low}:${high - 1}`;
    }
  }
  return null;
}

export const priceBand = (price: number | null | undefined): string | null => bandOf(PRICE_BAND_EDGES, price);
export const weeklyPriceBand = (weekly: number | null | undefined): string | null => bandOf(WEEKLY_BAND_EDGES, weekly);
