import fc from 'fast-check';
import {
  AGEING_BUCKETS,
  ageingBucket,
  assessCar,
  Benchmarks,
  daysToSellEstimate,
  explainRating,
  marketAverages,
  MIN_SEGMENT_CARS,
  MIN_SEGMENT_DEALERSHIPS,
  performanceScore,
  pricePosition,
  ratingBand,
  segmentKey,
  type BenchmarkSample,
  type InsightCar,
  marketFigures,
  badgeKey,
  type MarketCar,
  type MarketFigures,
} from './index';
import { kmBand } from '../market/autogauge';

const YEAR = 2026;
const hilux = { make: 'Toyota', model: 'Hilux', year: 2023, km: 40_000, state: 'QLD' };

/** A generated history: `dealers` other dealerships with `perDealer` similar cars each, all alike. */
function history(
  dealers: number,
  perDealer: number,
  activity: { views7: number; enquiries7: number },
  car = hilux,
  daysToSell?: (i: number) => number,
): BenchmarkSample[] {
  const samples: BenchmarkSample[] = [];
  for (let d = 0; d < dealers; d += 1)
    for (let i = 0; i < perDealer; i += 1) {
      samples.push({ dealershipId: 100 + d, key: segmentKey(car, 'at', YEAR), activity });
      if (daysToSell)
        samples.push({
          dealershipId: 100 + d,
          key: segmentKey(car, 'at', YEAR),
          daysToSell: daysToSell(d * perDealer + i),
        });
    }
  return samples;
}

const mine = (extra: Partial<InsightCar> = {}): InsightCar => ({
  dealershipId: 1,
  ...hilux,
  price: 50_000,
  marketAverage: 50_000,
  views7: 60,
  enquiries7: 2,
  ...extra,
});

describe('performance score', () => {
  it('is 50 for a car doing what similar cars do, higher above and lower below', () => {
    expect(performanceScore({ views7: 60, enquiries7: 2 }, { views7: 60, enquiries7: 2 })).toBe(50);
    expect(performanceScore({ views7: 121, enquiries7: 4.5 }, { views7: 60, enquiries7: 2 })).toBe(67);
    expect(performanceScore({ views7: 29.5, enquiries7: 0.75 }, { views7: 60, enquiries7: 2 })).toBe(33);
  });

  it('stays within 1..100 and rises with views and with enquiries (property)', () => {
    const count = fc.double({ min: 0, max: 1e7, noNaN: true });
    fc.assert(
      fc.property(count, count, count, count, count, (v, e, ev, ee, more) => {
        const score = performanceScore({ views7: v, enquiries7: e }, { views7: ev, enquiries7: ee });
        expect(score).toBeGreaterThanOrEqual(1);
        expect(score).toBeLessThanOrEqual(100);
        expect(
          performanceScore({ views7: v + more, enquiries7: e }, { views7: ev, enquiries7: ee }),
        ).toBeGreaterThanOrEqual(score);
        expect(
          performanceScore({ views7: v, enquiries7: e + more }, { views7: ev, enquiries7: ee }),
        ).toBeGreaterThanOrEqual(score);
      }),
    );
  });

  it('has four named bands', () => {
    expect([90, 70, 69, 50, 49, 30, 29, 1].map(ratingBand)).toEqual([
      'Strong',
      'Strong',
      'On track',
      'On track',
      'Below par',
      'Below par',
      'Needs attention',
      'Needs attention',
    ]);
  });
});

describe('explanation', () => {
  it('says how views and enquiries compare and where the price sits', () => {
    expect(explainRating({ views7: 36, enquiries7: 2 }, { views7: 60, enquiries7: 2 }, 29_290, 26_990)).toBe(
      'Views are 40% below similar cars; enquiries are in line with similar cars; it is priced $2,300 above the market average.',
    );
    expect(explainRating({ views7: 90, enquiries7: 1 }, { views7: 60, enquiries7: 2 }, 25_000, 25_100)).toBe(
      'Views are 50% above similar cars; enquiries are 50% below similar cars; it is priced in line with the market average.',
    );
    expect(explainRating({ views7: 60, enquiries7: 2 }, { views7: 60, enquiries7: 2 }, null, null)).toBe(
      'Views are in line with similar cars; enquiries are in line with similar cars.',
    );
  });
});

describe('benchmarks on generated histories', () => {
  it('expect what every similar car did, and rate a car doing the same 50 "On track"', () => {
    const benchmarks = new Benchmarks(history(4, 3, { views7: 60, enquiries7: 2 }));
    const result = assessCar(mine(), benchmarks, YEAR);
    expect(result.expectedViews7).toBe(60);
    expect(result.expectedEnquiries7).toBe(2);
    expect(result.score).toBe(50);
    expect(result.band).toBe('On track');
    expect(result.segment).toBe('Toyota Hilux, 3-5 years, 20,000-59,999 km, priced at the market, QLD');
  });

  it('rate a car with 40% fewer views and no enquiries below par, and say so', () => {
    const benchmarks = new Benchmarks(history(4, 3, { views7: 60, enquiries7: 2 }));
    const result = assessCar(mine({ views7: 36, enquiries7: 0, price: 52_300 }), benchmarks, YEAR);
    expect(result.score).toBeLessThan(30);
    expect(result.band).toBe('Needs attention');
    expect(result.explanation).toBe(
      'Views are 40% below similar cars; enquiries are 100% below similar cars; it is priced $2,300 above the market average.',
    );
  });

  it('leave the dealer’s own cars out of its benchmark', () => {
    const others = history(3, 2, { views7: 60, enquiries7: 2 });
    const own = Array.from({ length: 50 }, () => ({
      dealershipId: 1,
      key: segmentKey(hilux, 'at', YEAR),
      activity: { views7: 1000, enquiries7: 50 },
    }));
    const result = assessCar(mine(), new Benchmarks([...others, ...own]), YEAR);
    expect(result.expectedViews7).toBe(60);
  });

  it(`widen a segment with fewer than ${MIN_SEGMENT_CARS} cars or ${MIN_SEGMENT_DEALERSHIPS} dealerships`, () => {
    // The QLD segment has 2 dealerships (too few); NSW has the rest: the segment without state is used.
    const qld = history(2, 5, { views7: 10, enquiries7: 1 });
    const nsw = history(3, 2, { views7: 100, enquiries7: 1 }, { ...hilux, state: 'NSW' }).map((s) => ({
      ...s,
      dealershipId: s.dealershipId + 50,
    }));
    const benchmarks = new Benchmarks([...qld, ...nsw]);
    const result = assessCar(mine(), benchmarks, YEAR);
    expect(result.segment).toBe('Toyota Hilux, 3-5 years, 20,000-59,999 km, priced at the market');
    expect(result.expectedViews7).toBeCloseTo((2 * 5 * 10 + 3 * 2 * 100) / 16, 1);
  });

  it('never shows a segment of 4 cars, or of one competitor with many cars (minimum segment, property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MIN_SEGMENT_DEALERSHIPS - 1 }),
        fc.integer({ min: 1, max: 40 }),
        (dealers, perDealer) => {
          // Only this segment exists on the platform, so a widening finds nothing either.
          const benchmarks = new Benchmarks(history(dealers, perDealer, { views7: 7, enquiries7: 1 }));
          expect(benchmarks.activity(segmentKey(hilux, 'at', YEAR), 1)).toBeNull();
          const result = assessCar(mine(), benchmarks, YEAR);
          expect(result.segment).toBe('none yet');
          expect(result.score).toBe(50);
        },
      ),
    );
    const four = history(4, 1, { views7: 7, enquiries7: 1 });
    expect(new Benchmarks(four).activity(segmentKey(hilux, 'at', YEAR), 1)).toBeNull();
    // A fifth car of the asking dealer's own does not make the segment big enough for it.
    const ownFifth = { dealershipId: 1, key: segmentKey(hilux, 'at', YEAR), activity: { views7: 7, enquiries7: 1 } };
    expect(new Benchmarks([...four, ownFifth]).activity(segmentKey(hilux, 'at', YEAR), 1)).toBeNull();
    expect(new Benchmarks([...four, ownFifth]).activity(segmentKey(hilux, 'at', YEAR), 2)).not.toBeNull();
  });
});

describe('days to sell on generated histories', () => {
  it('is the median of similar sales at the car’s price position and at the market', () => {
    const atMarket = history(3, 3, { views7: 1, enquiries7: 0 }, hilux, (i) => 5 + i * 2); // 5..21, median 13
    const above = history(3, 3, { views7: 1, enquiries7: 0 }, hilux, (i) => 20 + i).map((s) => ({
      ...s,
      key: { ...s.key, position: 'above' as const },
    })); // 20..28, median 24
    const benchmarks = new Benchmarks([...atMarket, ...above]);
    const result = assessCar(mine({ price: 56_000, marketAverage: 52_000 }), benchmarks, YEAR);
    expect(result.pricePosition).toBe('above');
    expect(result.daysToSell).toBe(24);
    expect(result.daysToSellAtMarket).toBe(13);
    expect(
      daysToSellEstimate({
        days: result.daysToSell,
        daysAtMarket: result.daysToSellAtMarket,
        marketAverage: 52_000,
        daysInStock: 4,
      }).text,
    ).toBe(
      'Likely to sell in about 20 more days (similar cars sell about 24 days after listing); about 9 more days at $52,000.',
    );
  });

  it('says so when too few similar cars sold', () => {
    const none = assessCar(mine(), new Benchmarks([]), YEAR);
    expect(
      daysToSellEstimate({
        days: none.daysToSell,
        daysAtMarket: none.daysToSellAtMarket,
        marketAverage: null,
        daysInStock: 3,
      }).text,
    ).toBe('Not enough similar cars have sold to estimate days to sell.');
    expect(daysToSellEstimate({ days: 24, daysAtMarket: 11, marketAverage: 27_988, daysInStock: 0 }).text).toBe(
      'Likely to sell in about 24 more days (similar cars sell about 24 days after listing); about 11 more days at $27,990.',
    );
  });
});

describe('market averages and price position', () => {
  it('are the median of comparables (same model and variant, year +-1, km band), never the car itself', () => {
    const cars = [
      { id: 1, make: 'Toyota', model: 'Hilux', year: 2023, km: 40_000, price: 50_000 },
      { id: 2, make: 'toyota', model: 'HILUX', year: 2022, km: 45_000, price: 48_000 },
      { id: 3, make: 'Toyota', model: 'Hilux', year: 2024, km: 30_000, price: 52_000 },
      { id: 7, make: 'Toyota', model: 'Hilux', year: 2023, km: 35_000, price: 49_000 },
      { id: 8, make: 'Toyota', model: 'Hilux', year: 2023, km: 50_000, price: 51_000 },
      { id: 9, make: 'Toyota', model: 'Hilux', year: 2024, km: 38_000, price: 53_000 },
      { id: 4, make: 'Toyota', model: 'Hilux', year: 2019, km: 40_000, price: 30_000 },
      { id: 5, make: 'Toyota', model: 'Hilux', year: 2023, km: 200_000, price: 20_000 },
      { id: 6, make: 'Toyota', model: 'Corolla', year: 2023, km: 40_000, price: 25_000 },
    ];
    const averages = marketAverages(cars);
    expect(averages.get(1)).toMatchObject({ average: 51_000, comparables: 5 });
    expect(averages.get(6)).toEqual({ average: null, comparables: 0, range: null });
    expect(pricePosition(52_600, 50_000)).toBe('above');
    expect(pricePosition(52_400, 50_000)).toBe('at');
    expect(pricePosition(47_400, 50_000)).toBe('below');
    expect(pricePosition(null, 50_000)).toBe('unknown');
  });
});

describe('market averages on generated stock', () => {
  /** The gauge's reading compared pair by pair: what the sweep in marketAverages must equal. */
  const pairwise = (cars: readonly MarketCar[], inMarket: (car: MarketCar) => boolean): Map<number, MarketFigures> => {
    const name = (car: MarketCar) =>
      `${car.make.trim().toLowerCase()}|${car.model.trim().toLowerCase()}|${badgeKey(car.badge)}`;
    return new Map(
      cars.map((car) => {
        const band = kmBand(car.km);
        const prices = cars
          .filter((other) => other.id !== car.id && !!other.price && other.price > 10 && inMarket(other))
          .filter((other) => name(other) === name(car) && Math.abs(other.year - car.year) <= 1)
          .filter((other) => !band || (other.km !== null && other.km >= band.min && other.km <= band.max))
          .map((other) => other.price as number)
          .sort((a, b) => a - b);
        return [car.id, marketFigures(prices)];
      }),
    );
  };

  it('equal the pairwise reading of the gauge for every car', () => {
    const car = fc.record({
      make: fc.constantFrom('Toyota', 'toyota ', 'Mazda'),
      model: fc.constantFrom('HiLux', 'HILUX', 'CX-5'),
      badge: fc.option(fc.constantFrom('SR5', 'sr-5', 'Rogue'), { nil: null }),
      sold: fc.boolean(),
      year: fc.integer({ min: 2015, max: 2021 }),
      km: fc.option(fc.oneof(fc.integer({ min: 0, max: 300_000 }), fc.constantFrom(0, 20_000, 66_667, 100_000)), {
        nil: null,
      }),
      price: fc.option(fc.oneof(fc.integer({ min: 0, max: 90_000 }), fc.constantFrom(0, 10, 11, 30_000)), {
        nil: null,
      }),
    });
    fc.assert(
      fc.property(fc.array(car, { maxLength: 120 }), (generated) => {
        const cars = generated.map((c, i) => ({ ...c, id: i + 1 }));
        const inMarket = (car: MarketCar) => !(car as MarketCar & { sold: boolean }).sold;
        expect(marketAverages(cars, inMarket)).toEqual(pairwise(cars, inMarket));
      }),
      { numRuns: 300 },
    );
  });
});

describe('ageing buckets', () => {
  it('put every day count in exactly one of 0-30, 31-60, 61-90, 90+', () => {
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      '0-30',
      '0-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
    expect(AGEING_BUCKETS.map((b) => b.id)).toEqual(['0-30', '31-60', '61-90', '90+']);
  });
});
