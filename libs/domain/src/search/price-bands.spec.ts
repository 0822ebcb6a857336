import { parseRange } from './range';
import { priceBand, quickSearchPriceCaps } from './price-bands';

describe('quickSearchPriceCaps', () => {
  it('offers the band edges up to the first that covers the dearest car', () => {
    expect(quickSearchPriceCaps(42_000).map((c) => c.max)).toEqual([10000, 20000, 30000, 40000, 50000]);
    expect(quickSearchPriceCaps(50_000).map((c) => c.max)).toEqual([10000, 20000, 30000, 40000, 50000]);
  });

  it('offers every edge when cars cost more than the top edge or the price range is unknown', () => {
    expect(quickSearchPriceCaps(250_000)).toHaveLength(7);
    expect(quickSearchPriceCaps(null)).toHaveLength(7);
  });

  it('gives range texts the search page reads as an upper bound', () => {
    for (const cap of quickSearchPriceCaps(null)) expect(parseRange(cap.value)).toEqual({ min: null, max: cap.max });
  });

  it('uses the same edges as the price bands', () => {
    expect(priceBand(15_000)).toBe('10000:19999');
  });
});
