import { marketBadge } from './market-badge';

describe('marketBadge (spec 000 §9: more than 499 below market)', () => {
  it.each([
    ['500 below the state average', 29500, { state_average_market_price: 30000, average_market_price: 10000 }, true],
    ['499 below the state average', 29501, { state_average_market_price: 30000 }, false],
    ['at the state average', 30000, { state_average_market_price: 30000 }, false],
    [
      'state average wins over a national average that would qualify',
      29600,
      { state_average_market_price: 30000, average_market_price: 40000 },
      false,
    ],
    [
      '500 below the national average when the state one is missing',
      29500,
      { state_average_market_price: null, average_market_price: 30000 },
      true,
    ],
    ['499 below the national average', 29501, { average_market_price: 30000 }, false],
    [
      'zero state average falls back to national',
      29500,
      { state_average_market_price: 0, average_market_price: 30000 },
      true,
    ],
    ['no averages', 29500, { state_average_market_price: null, average_market_price: null }, false],
    ['no price', null, { state_average_market_price: 30000 }, false],
    ['price 0', 0, { state_average_market_price: 30000 }, false],
  ])('%s -> %s', (_name, price, autograb_data, expected) => {
    expect(marketBadge({ price, autograb_data })).toBe(expected);
  });

  it('is false without market data', () => {
    expect(marketBadge({ price: 29500 })).toBe(false);
    expect(marketBadge({ price: 29500, autograb_data: null })).toBe(false);
  });
});
