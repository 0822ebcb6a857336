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

/**
 * The 'Max price' choices of the home page's quick search: the price band edges, up to the first
 * one that covers the site's dearest car (every choice then narrows the stock; none is empty
 * because it is above every car). Each is a range text 'min:max' the search page reads.
 */
export function quickSearchPriceCaps(highestPrice: number | null | undefined): { value: string; max: number }[] {
  const edges = PRICE_BAND_EDGES.filter((edge) => edge > 0);
  const covering = highestPrice == null ? -1 : edges.findIndex((edge) => edge >= highestPrice);
  const shown = covering === -1 ? edges : edges.slice(0, covering + 1);
  return shown.map((max) => ({ value: `:${max}`, max }));
}
