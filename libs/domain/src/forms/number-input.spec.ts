import fc from 'fast-check';
import {
  formatDollarInput,
  formatKmInput,
  parseDollarInput,
  formatPriceInput,
  parseWholeNumberInput,
  PRICE_QUICK_PICKS,
  PRICE_QUICK_PICKS_HIGH,
  priceQuickPicks,
} from './number-input';

describe('price and kilometre inputs (spec 001 §5)', () => {
  it.each([
    ['45990', 45990],
    ['$45,990', 45990],
    [' $ 45,990 ', 45990],
    ['45 990', 45990],
    ['1,250,000', 1250000],
    ['45,000 kms', 45000],
    ['45000km', 45000],
    ['0', 0],
  ])('reads %j as %d', (text, value) => expect(parseWholeNumberInput(text)).toBe(value));

  it.each(['', 'abc', '45.5', '-5', '4,5', '45,00', '$', 'kms', '45,990 dollars', '99999999999999999999'])(
    'refuses %j',
    (text) => expect(parseWholeNumberInput(text)).toBeNull(),
  );

  it('formats with a $ prefix and separators, and kilometres with separators', () => {
    expect(formatPriceInput('45990')).toBe('$45,990');
    expect(formatPriceInput('$45,990')).toBe('$45,990');
    expect(formatPriceInput('about 40k')).toBe('about 40k');
    expect(formatKmInput('45000 kms')).toBe('45,000');
    expect(formatKmInput('')).toBe('');
  });

  it('reads back every whole number it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (value) => {
        expect(parseWholeNumberInput(formatPriceInput(String(value)))).toBe(value);
        expect(parseWholeNumberInput(`${formatKmInput(String(value))} kms`)).toBe(value);
      }),
    );
  });

  it('offers $5,000 to $70,000, or $300,000 to $800,000 for dearer amounts', () => {
    expect(PRICE_QUICK_PICKS[0]).toBe(5000);
    expect(PRICE_QUICK_PICKS.at(-1)).toBe(70000);
    expect(PRICE_QUICK_PICKS_HIGH).toEqual([300000, 400000, 500000, 600000, 700000, 800000]);
    expect(priceQuickPicks(null)).toBe(PRICE_QUICK_PICKS);
    expect(priceQuickPicks(350000)).toBe(PRICE_QUICK_PICKS_HIGH);
  });
});

describe('dollar inputs with cents: deposit or trade-in and residual (spec 001 §5, step 0.5)', () => {
  it.each([
    ['1000.50', 1000.5],
    ['1000.5', 1000.5],
    ['$1,000.50', 1000.5],
    ['1000', 1000],
    ['$12,000', 12000],
    ['0.5', 0.5],
  ])('reads %j as %d', (text, value) => expect(parseDollarInput(text)).toBe(value));

  it.each(['', 'abc', '1000.505', '-5', '1,00.50', '$', '.'])('refuses %j', (text) =>
    expect(parseDollarInput(text)).toBeNull(),
  );

  it('shows cents only when there are some', () => {
    expect(formatDollarInput('1000.5')).toBe('$1,000.50');
    expect(formatDollarInput('1000')).toBe('$1,000');
    expect(formatDollarInput('not a number')).toBe('not a number');
  });

  it('reads back every half-dollar step it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), (halves) => {
        expect(parseDollarInput(formatDollarInput(String(halves / 2)))).toBe(halves / 2);
      }),
    );
  });
});
