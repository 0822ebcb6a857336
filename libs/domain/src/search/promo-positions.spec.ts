import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import type { SiteConfig } from '../site-config/site-config.schema';
import { promoPositions, withPromos } from './promo-positions';

const promo = (change: Partial<SiteConfig['promo']>): SiteConfig['promo'] => ({
  ...PLATFORM_DEFAULTS.promo,
  ...change,
});

describe('promo card positions (spec 000 §9)', () => {
  it('defaults to position 30', () => {
    expect(promoPositions(PLATFORM_DEFAULTS.promo)).toEqual([30]);
  });

  it('every 5th item up to 30 on one site', () => {
    expect(promoPositions(promo({ mode: 'every', every: 5, up_to: 30 }))).toEqual([5, 10, 15, 20, 25, 30]);
  });

  it('a random offset from 3 to 5 on another', () => {
    const random = promo({ mode: 'random', random_min: 3, random_max: 5 });
    expect(promoPositions(random, () => 0)).toEqual([3]);
    expect(promoPositions(random, () => 0.5)).toEqual([4]);
    expect(promoPositions(random, () => 0.9999)).toEqual([5]);
  });

  it('none when the promo is off', () => {
    expect(promoPositions(promo({ enabled: false }))).toEqual([]);
  });

  it('places a promo before the car at its position, counting across pages of 21', () => {
    const cars = Array.from({ length: 21 }, (_, i) => i);
    expect(withPromos(cars, 1, 21, [30]).filter((s) => s.kind === 'promo')).toEqual([]);
    const page2 = withPromos(cars, 2, 21, [30]);
    expect(page2).toHaveLength(22);
    expect(page2[8]).toEqual({ kind: 'promo', position: 30 });
    const every5 = withPromos(cars, 1, 21, [5, 10, 15, 20, 25, 30]);
    expect(every5.flatMap((s, i) => (s.kind === 'promo' ? [i] : []))).toEqual([4, 10, 16, 22]);
  });
});
