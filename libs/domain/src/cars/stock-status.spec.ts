import { isAvailable, isInStock, isSoldForDisplay } from './stock-status';

describe('stock status (spec 000 §4 In stock)', () => {
  it.each([
    // status, in stock, available, sold treatment
    ['in_stock', true, true, false],
    ['coming_soon', false, true, false],
    ['sold', false, false, true],
    [null, false, false, true],
    [undefined, false, false, true],
  ] as const)('%s: in stock %s, available %s, sold %s', (status, inStock, available, sold) => {
    const car = { status };
    expect(isInStock(car)).toBe(inStock);
    expect(isAvailable(car)).toBe(available);
    expect(isSoldForDisplay(car)).toBe(sold);
  });
});
