import { similarPriceBand } from './similar-price-band';

describe('similarPriceBand (spec 000 §9)', () => {
  it.each([
    [30000, { min: 20000, max: 40000 }],
    [49999, { min: 39999, max: 59999 }],
    [50000, { min: 25000, max: 75000 }],
    [80000, { min: 55000, max: 105000 }],
    [6000, { min: 0, max: 16000 }],
    [10000, { min: 0, max: 20000 }],
    [null, null],
    [undefined, null],
    [0, null],
    [-100, null],
  ])('%p -> %p', (price, band) => {
    expect(similarPriceBand(price)).toEqual(band);
  });
});
