import { gaugeToShow } from './price-gauge-answer';

const complete = {
  fill: 0.7,
  listing_price: 30_000,
  market_range_min: 28_000,
  market_range_max: 34_000,
  confidence: 0.8,
  description: 'Priced below similar cars',
};

function logger() {
  const lines: string[] = [];
  return { lines, log: { warn: (message: string) => void lines.push(message) } };
}

describe('gaugeToShow (spec 000 §8: empty data is logged, the card hidden)', () => {
  it('logs an empty answer, naming the car, and hides the card', () => {
    const { lines, log } = logger();
    expect(gaugeToShow('2020-toyota-corolla-x1', null, log)).toBeNull();
    expect(lines).toEqual([expect.stringContaining('2020-toyota-corolla-x1: empty market-price answer')]);
  });

  it('adds nothing to a failed call, which its caller logged', () => {
    const { lines, log } = logger();
    expect(gaugeToShow('car', undefined, log)).toBeNull();
    expect(lines).toEqual([]);
  });

  it('logs an answer missing a field, naming the field', () => {
    const { lines, log } = logger();
    expect(gaugeToShow('car', { ...complete, market_range_max: null, description: undefined }, log)).toBeNull();
    expect(lines).toEqual([expect.stringContaining('(no market_range_max, description)')]);
  });

  it('hides a low-confidence gauge by rule, without a log line', () => {
    const { lines, log } = logger();
    expect(gaugeToShow('car', { ...complete, confidence: 0.2 }, log)).toBeNull();
    expect(lines).toEqual([]);
  });

  it('draws a complete, confident gauge', () => {
    const { lines, log } = logger();
    expect(gaugeToShow('car', complete, log)).toEqual(complete);
    expect(lines).toEqual([]);
  });
});
