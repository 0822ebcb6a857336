import { gaugeBand, gaugeLabel, GAUGE_ANIMATION_MS, visibleGauge } from './gauge-display';

const gauge = {
  fill: 0.7,
  listing_price: 30000,
  market_range_min: 28000,
  market_range_max: 34000,
  confidence: 0.6,
  description: 'Priced $1,000 below the market average of $31,000, based on 5 similar vehicles.',
};

describe('visibleGauge (spec 000 §5, §8)', () => {
  it('shows complete data', () => {
    expect(visibleGauge(gauge)).toEqual(gauge);
  });

  it.each([
    ['no data', null],
    ['confidence 0.2', { ...gauge, confidence: 0.2 }],
    ['confidence 0.1', { ...gauge, confidence: 0.1 }],
    ['market max below the price', { ...gauge, market_range_max: 29999 }],
    ['a missing fill', { ...gauge, fill: undefined }],
    ['a null minimum', { ...gauge, market_range_min: null }],
    ['an empty description', { ...gauge, description: '' }],
  ])('hides %s', (_case, data) => {
    expect(visibleGauge(data)).toBeNull();
  });

  it('shows confidence just above 0.2 and a max equal to the price', () => {
    expect(visibleGauge({ ...gauge, confidence: 0.21, market_range_max: 30000 })).not.toBeNull();
  });
});

describe('gauge bands and label (spec 000 §9)', () => {
  // A range of $28,000 to $34,000 (average $31,000): the listing price that gives each fill.
  const at = (fill: number) => ({ ...gauge, fill, listing_price: 34000 - fill * 6000 });

  it.each([
    [0, 'low', null],
    [0.29, 'low', null],
    [0.3, 'medium', null],
    [0.49, 'medium', null],
    [0.5, 'medium', 'Good Deal'],
    [0.59, 'medium', 'Good Deal'],
    [0.6, 'high', 'Good Deal'],
    [0.64, 'high', 'Good Deal'],
    [0.65, 'high', 'Great Deal'],
    [1, 'high', 'Great Deal'],
  ] as const)('fill %p -> %p, %p', (fill, band, label) => {
    expect(gaugeBand(fill)).toBe(band);
    expect(gaugeLabel(at(fill))).toBe(label);
  });

  it('never calls a car priced above the market average a deal, whatever its fill says', () => {
    // $4,945 above a $31,000 average, with a fill the gauge's source rounded generously.
    expect(gaugeLabel({ ...gauge, fill: 0.6, listing_price: 35945, market_range_max: 40000 })).toBeNull();
    expect(gaugeLabel({ ...gauge, fill: 0.5, listing_price: 31001 })).toBeNull();
    expect(gaugeLabel({ ...gauge, fill: 0.5, listing_price: 31000 })).toBe('Good Deal');
  });

  it('animates within 2 to 2.5 s', () => {
    expect(GAUGE_ANIMATION_MS).toBeGreaterThanOrEqual(2000);
    expect(GAUGE_ANIMATION_MS).toBeLessThanOrEqual(2500);
  });
});
