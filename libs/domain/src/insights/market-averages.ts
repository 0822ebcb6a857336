import { kmBand } from '../market/autogauge';
import {
  COMPARABLE_YEAR_SPREAD,
  comparableModel,
  hasMarketPrice,
  MIN_MARKET_COMPARABLES,
  type ComparableCar,
  type MarketFigures,
} from './comparables';

export type MarketCar = ComparableCar;

const priced = (car: MarketCar): boolean => hasMarketPrice(car.price);
const to100 = (value: number): number => Math.round(value / 100) * 100;
const yearsAround = (year: number): number[] =>
  Array.from({ length: 2 * COMPARABLE_YEAR_SPREAD + 1 }, (_, i) => year - COMPARABLE_YEAR_SPREAD + i);

/** First index whose value is >= value, in ascending numbers. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The market figures (comparables.ts marketFigures) of sorted prices with one occurrence of the
 * car's own price left out when it is among them, without copying the array.
 */
function figuresWithout(sorted: readonly number[], own: number | null): MarketFigures {
  const skip = own === null ? sorted.length : lowerBound(sorted, own);
  const n = own === null ? sorted.length : sorted.length - 1;
  if (n < MIN_MARKET_COMPARABLES) return { average: null, comparables: Math.max(0, n), range: null };
  const at = (k: number): number => (k < skip ? sorted[k] : sorted[k + 1]);
  const quantile = (q: number): number => {
    const position = (n - 1) * q;
    const low = Math.floor(position);
    const high = Math.ceil(position);
    return at(low) + (at(high) - at(low)) * (position - low);
  };
  return {
    average: Math.round(quantile(0.5)),
    comparables: n,
    range: { min: to100(quantile(0.1)), max: to100(quantile(0.9)) },
  };
}

/**
 * The market figures of every car at once (isComparable: same make, model and variant, year +-1,
 * within the car's km band, not the car itself, priced), read from the cars `inMarket` keeps (live
 * or sold lately: the same pool as comparablePrices); every car gets figures, so a sale of last year
 * still has a price position for the days-to-sell benchmarks.
 *
 * A whole platform's stock holds thousands of one model, so comparing every pair (the obvious way)
 * is quadratic: 100,000 cars of 12 models took two minutes. Instead, per model and year, the cars
 * of that year and the two beside it are swept in km order: a car's band grows with its km, so both
 * ends of the band only move forward and each price enters and leaves a sorted window once. The
 * result equals the pairwise reading exactly (insights.spec and like-with-like.spec check both).
 */
export function marketAverages<Car extends MarketCar>(
  cars: readonly Car[],
  inMarket: (car: Car) => boolean = () => true,
): Map<number, MarketFigures> {
  const models = new Map<string, Map<number, Car[]>>();
  for (const car of cars) {
    const key = comparableModel(car);
    let years = models.get(key);
    if (!years) models.set(key, (years = new Map()));
    const year = years.get(car.year);
    if (year) year.push(car);
    else years.set(car.year, [car]);
  }
  const averages = new Map<number, MarketFigures>();
  const ownPrice = (car: Car): number | null => (priced(car) && inMarket(car) ? car.price : null);
  for (const years of models.values()) {
    for (const [year, targets] of years) {
      const pool = yearsAround(year)
        .flatMap((y) => years.get(y) ?? [])
        .filter((car) => priced(car) && inMarket(car));

      // Without a km reading a car is compared with every priced car of those years.
      const unbanded = targets.filter((car) => car.km === null);
      if (unbanded.length > 0) {
        const all = pool.map((car) => car.price as number).sort((a, b) => a - b);
        for (const car of unbanded) averages.set(car.id, figuresWithout(all, ownPrice(car)));
      }

      const byKm = pool.filter((car) => car.km !== null).sort((a, b) => (a.km as number) - (b.km as number));
      const banded = targets.filter((car) => car.km !== null).sort((a, b) => (a.km as number) - (b.km as number));
      const window: number[] = [];
      let entered = 0;
      let left = 0;
      for (const car of banded) {
        const band = kmBand(car.km) as { min: number; max: number };
        for (; entered < byKm.length && (byKm[entered].km as number) <= band.max; entered += 1) {
          const price = byKm[entered].price as number;
          window.splice(lowerBound(window, price), 0, price);
        }
        for (; left < entered && (byKm[left].km as number) < band.min; left += 1)
          window.splice(lowerBound(window, byKm[left].price as number), 1);
        // A priced car of the pool is inside its own band, so its price is in the window once too many.
        averages.set(car.id, figuresWithout(window, ownPrice(car)));
      }
    }
  }
  return averages;
}
