import { autogauge, gaugeConfidence, kmBand } from './autogauge';

describe('autogauge', () => {
  const ten = [30000, 31000, 32000, 33000, 34000, 35000, 36000, 37000, 38000, 39000];

  it('centres on the comparables median and spans their 10th to 90th percentiles', () => {
    const gauge = autogauge({ listingPrice: 33000, comparablePrices: ten });
    // median 34,500; p10 30,900, p90 38,100 -> half width 3,600; fill (38,100 - 33,000) / 7,200
    expect(gauge).toEqual({
      fill: 0.71,
      listing_price: 33000,
      market_range_min: 30900,
      market_range_max: 38100,
      confidence: 0.71,
      description: 'Priced $1,500 below the market average of $34,500, based on 10 similar vehicles.',
    });
  });

  it('fills fully below the range and empties above it', () => {
    expect(autogauge({ listingPrice: 20000, comparablePrices: ten })?.fill).toBe(1);
    expect(autogauge({ listingPrice: 50000, comparablePrices: ten })?.fill).toBe(0);
  });

  it('blends the autograb state average (worth 5 comparables) and prefers it to the national one', () => {
    const gauge = autogauge({
      listingPrice: 34500,
      comparablePrices: [34000, 35000],
      autograb: { state_average_market_price: 40000, average_market_price: 10000 },
    });
    // centre (34,500 x 2 + 40,000 x 5) / 7 = 38,428.57; 8% spread
    expect(gauge?.market_range_min).toBe(35400);
    expect(gauge?.market_range_max).toBe(41500);
    expect(gauge?.description).toBe(
      'Priced $3,929 below the market average of $38,429, based on 2 similar vehicles and market data.',
    );
  });

  it('works from market data alone, and says so', () => {
    const gauge = autogauge({ listingPrice: 20000, comparablePrices: [], autograb: { average_market_price: 20100 } });
    expect(gauge?.description).toBe('Priced in line with the market average of $20,100, based on market data.');
    expect(gauge?.confidence).toBe(0.5);
  });

  it('has no basis without a price, or without comparables and market data', () => {
    expect(autogauge({ listingPrice: 0, comparablePrices: ten })).toBeNull();
    expect(autogauge({ listingPrice: null, comparablePrices: ten })).toBeNull();
    expect(
      autogauge({ listingPrice: 30000, comparablePrices: [], autograb: { average_market_price: null } }),
    ).toBeNull();
  });

  it.each([
    [0, false, 0],
    [1, false, 0.2],
    [2, false, 0.33],
    [4, false, 0.5],
    [4, true, 0.67],
    [20, false, 0.83],
    [500, true, 0.95],
  ])('confidence with %d comparables (market data %s) is %d', (n, market, expected) => {
    expect(gaugeConfidence(n, market)).toBe(expected);
  });

  it('bands km by 30% or 20,000 km, whichever is wider', () => {
    expect(kmBand(10000)).toEqual({ min: 0, max: 30000 });
    expect(kmBand(100000)).toEqual({ min: 70000, max: 130000 });
    expect(kmBand(null)).toBeNull();
  });
});
