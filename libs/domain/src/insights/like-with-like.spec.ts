import fc from 'fast-check';
import { quantile } from '../market/autogauge';
import {
  daysToSellEstimate,
  describeComparables,
  explainRating,
  historyDays,
  isComparable,
  marketAverages,
  MIN_MARKET_COMPARABLES,
  badgeKey,
  type MarketCar,
} from './index';

/** Issue 53 item 7: insights compare like with like, and every figure they print is a true one. */

const dmax = (id: number, badge: string | null, price: number | null, extra: Partial<MarketCar> = {}): MarketCar => ({
  id,
  make: 'Isuzu',
  model: 'D-MAX',
  badge,
  year: 2022,
  km: 30_000,
  price,
  ...extra,
});

describe('rating explanation percentages', () => {
  it('never say "999% above": a car far ahead of a quiet segment is put in times, and a segment under one a week in counts', () => {
    expect(explainRating({ views7: 300, enquiries7: 3 }, { views7: 20, enquiries7: 0.05 }, null, null)).toBe(
      'Views are more than 10 times those of similar cars; 3 enquiries this week, where similar cars average fewer than one.',
    );
    expect(explainRating({ views7: 70, enquiries7: 0 }, { views7: 20, enquiries7: 0.3 }, null, null)).toBe(
      'Views are about 3.5 times those of similar cars; enquiries are in line with similar cars (fewer than one a week).',
    );
    expect(explainRating({ views7: 30, enquiries7: 2 }, { views7: 20, enquiries7: 2 }, null, null)).toBe(
      'Views are 50% above similar cars; enquiries are in line with similar cars.',
    );
  });

  it('are always finite, at most 100%, and a multiple is at most "10 times" (property)', () => {
    const count = fc.oneof(fc.double({ min: 0, max: 1e7, noNaN: true }), fc.constantFrom(0, 0.01, 0.5, 1, 1e-9));
    fc.assert(
      fc.property(count, count, count, count, (v, e, ev, ee) => {
        const text = explainRating({ views7: v, enquiries7: e }, { views7: ev, enquiries7: ee }, null, null);
        expect(text).not.toMatch(/NaN|Infinity|undefined/);
        for (const [, n] of text.matchAll(/(\d[\d,.]*)%/g))
          expect(Number(n.replace(/,/g, ''))).toBeLessThanOrEqual(100);
        for (const [, n] of text.matchAll(/(\d[\d.]*) times/g)) expect(Number(n)).toBeLessThanOrEqual(10);
      }),
    );
  });
});

describe('days to sell', () => {
  it('never estimates a sale sooner than the days the car has already been in stock', () => {
    expect(daysToSellEstimate({ days: 68, daysAtMarket: null, marketAverage: null, daysInStock: 150 })).toEqual({
      overdue: true,
      text: 'In stock 150 days, longer than similar cars usually take (about 68 days).',
    });
    expect(daysToSellEstimate({ days: 68, daysAtMarket: 40, marketAverage: 27_988, daysInStock: 12 })).toEqual({
      overdue: false,
      text: 'Likely to sell in about 56 more days (similar cars sell about 68 days after listing); about 28 more days at $27,990.',
    });
    expect(daysToSellEstimate({ days: 68, daysAtMarket: 40, marketAverage: 27_988, daysInStock: 50 }).text).toBe(
      'Likely to sell in about 18 more days (similar cars sell about 68 days after listing); similar cars at $27,990 sell in about 40 days.',
    );
  });

  it('says so when the car is already past what similar cars at the market take', () => {
    expect(daysToSellEstimate({ days: null, daysAtMarket: 65, marketAverage: 72_490, daysInStock: 190 }).text).toBe(
      'Similar cars priced at the market ($72,490) sell in about 65 days. This one has been in stock 190 days.',
    );
  });

  it('never promises fewer days than are already past, and always says something (property)', () => {
    const days = fc.option(fc.integer({ min: 0, max: 800 }), { nil: null });
    fc.assert(
      fc.property(days, days, fc.integer({ min: 0, max: 800 }), (d, m, inStock) => {
        const { text, overdue } = daysToSellEstimate({
          days: d,
          daysAtMarket: m,
          marketAverage: 30_000,
          daysInStock: inStock,
        });
        expect(text.length).toBeGreaterThan(0);
        expect(overdue).toBe(d !== null && inStock >= d);
        const likely = /Likely to sell in about (\d+) more day/.exec(text);
        if (likely) expect(Number(likely[1])).toBeGreaterThan(0);
        if (d !== null && d <= inStock) expect(text).not.toMatch(/^Likely/);
      }),
    );
  });
});

describe('charts start at the listing day', () => {
  it('give one point a day from the listing day (or the window’s start) to today', () => {
    expect(historyDays('2026-11-20', '2026-11-29', 90)).toHaveLength(10);
    expect(historyDays('2026-11-20', '2026-11-29', 90)[0]).toBe('2026-11-20');
    expect(historyDays('2025-01-01', '2026-11-29', 90)).toHaveLength(90);
    expect(historyDays('2026-11-29', '2026-11-29', 30)).toEqual(['2026-11-29']);
    // A listing date after today (a clock ahead of the zone) still gives today.
    expect(historyDays('2026-12-01', '2026-11-29', 30)).toEqual(['2026-11-29']);
  });
});

describe('market comparison, like with like', () => {
  it('compares a base D-MAX SX Single Cab only with SX Single Cabs, not every D-MAX variant', () => {
    const cars = [
      dmax(1, 'SX Single Cab', 30_000),
      ...[29_000, 31_000, 32_000, 33_000, 35_000].map((price, i) => dmax(10 + i, 'sx  single-cab', price)),
      ...[58_000, 60_000, 61_000, 62_000, 64_000, 65_000].map((price, i) => dmax(20 + i, 'X-Terrain', price)),
    ];
    expect(marketAverages(cars).get(1)).toMatchObject({ average: 32_000, comparables: 5 });
  });

  it(`says "not enough" under ${MIN_MARKET_COMPARABLES} comparable cars, and never counts an enquire-for-price car`, () => {
    const cars = [
      dmax(1, 'LS-U', 50_000),
      ...[49_000, 51_000, 52_000, 53_000].map((price, i) => dmax(10 + i, 'LS-U', price)),
      dmax(20, 'LS-U', 0),
      dmax(21, 'LS-U', null),
    ];
    expect(marketAverages(cars).get(1)).toEqual({ average: null, comparables: 4, range: null });
  });

  it('says what a car was compared with', () => {
    expect(describeComparables({ make: 'Isuzu', model: 'D-MAX', badge: 'SX Single Cab', year: 2022, km: 30_000 })).toBe(
      'Isuzu D-MAX SX Single Cab, 2021-2023, 10,000-50,000 km',
    );
    expect(describeComparables({ make: 'Toyota', model: 'Prado', badge: null, year: 2025, km: 25 })).toBe(
      'Toyota Prado, 2024-2026, up to 20,025 km',
    );
  });

  it('never compares a car with another variant, another year band or another km band (property)', () => {
    const car = fc.record({
      make: fc.constantFrom('Isuzu', 'isuzu '),
      model: fc.constantFrom('D-MAX', 'd-max'),
      badge: fc.option(fc.constantFrom('SX Single Cab', 'sx single-cab', 'X-Terrain', 'LS-U'), { nil: null }),
      year: fc.integer({ min: 2018, max: 2022 }),
      km: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
      price: fc.option(fc.oneof(fc.integer({ min: 0, max: 90_000 }), fc.constantFrom(0, 10, 11)), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(car, { maxLength: 80 }), (generated) => {
        const cars: MarketCar[] = generated.map((c, i) => ({ ...c, id: i + 1 }));
        const figures = marketAverages(cars);
        for (const target of cars) {
          const comparable = cars.filter((other) => isComparable(target, other));
          for (const other of comparable) {
            expect(badgeKey(other.badge)).toBe(badgeKey(target.badge));
            expect(Math.abs(other.year - target.year)).toBeLessThanOrEqual(1);
            expect(other.id).not.toBe(target.id);
            expect(other.price).toBeGreaterThan(10);
          }
          const prices = comparable.map((other) => other.price as number).sort((a, b) => a - b);
          const got = figures.get(target.id);
          expect(got?.comparables).toBe(prices.length);
          expect(got?.average).toBe(prices.length < MIN_MARKET_COMPARABLES ? null : Math.round(quantile(prices, 0.5)));
        }
      }),
      { numRuns: 200 },
    );
  });
});
