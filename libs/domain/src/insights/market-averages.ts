import { kmBand } from '../market/autogauge';

export interface MarketCar {
  id: number;
  make: string;
  model: string;
  year: number;
  km: number | null;
  price: number | null;
}

/** Prices the gauge ignores as placeholders ($0, $1, "call us" entered as 10). */
const priced = (car: MarketCar): boolean => !!car.price && car.price > 10;

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
 * The median of sorted prices (the market centre without an autograb figure) with one occurrence
 * of the car's own price left out when it is among them, without copying the array.
 */
function medianWithout(sorted: readonly number[], own: number | null): number | null {
  const skip = own === null ? sorted.length : lowerBound(sorted, own);
  const n = own === null ? sorted.length : sorted.length - 1;
  if (n <= 0) return null;
  const at = (k: number): number => (k < skip ? sorted[k] : sorted[k + 1]);
  const position = (n - 1) * 0.5;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return at(low) + (at(high) - at(low)) * (position - low);
}

/**
 * The market average of every car at once, read the way the price gauge reads it (comparablePrices:
 * same make and model in any case, year +-1, within the car's km band, not the car itself, price
 * over $10), as the comparables' median.
 *
 * A whole platform's stock holds thousands of one model, so comparing every pair (the obvious way)
 * is quadratic: 100,000 cars of 12 models took two minutes. Instead, per model and year, the cars
 * of that year and the two beside it are swept in km order: a car's band grows with its km, so both
 * ends of the band only move forward and each price enters and leaves a sorted window once. The
 * result equals the pairwise reading exactly (insights.spec checks both on generated stock).
 */
export function marketAverages(cars: readonly MarketCar[]): Map<number, number | null> {
  const models = new Map<string, Map<number, MarketCar[]>>();
  for (const car of cars) {
    const key = `${car.make.trim().toLowerCase()}\u0000${car.model.trim().toLowerCase()}`;
    let years = models.get(key);
    if (!years) models.set(key, (years = new Map()));
    const year = years.get(car.year);
    if (year) year.push(car);
    else years.set(car.year, [car]);
  }
  const averages = new Map<number, number | null>();
  const rounded = (centre: number | null): number | null => (centre === null ? null : Math.round(centre));
  for (const years of models.values()) {
    for (const [year, targets] of years) {
      const pool = [year - 1, year, year + 1].flatMap((y) => years.get(y) ?? []).filter(priced);

      // Without a km reading a car is compared with every priced car of those years.
      const unbanded = targets.filter((car) => car.km === null);
      if (unbanded.length > 0) {
        const all = pool.map((car) => car.price as number).sort((a, b) => a - b);
        for (const car of unbanded) averages.set(car.id, rounded(medianWithout(all, priced(car) ? car.price : null)));
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
        // A priced car is inside its own band, so its price is in the window once too many.
        averages.set(car.id, rounded(medianWithout(window, priced(car) ? car.price : null)));
      }
    }
  }
  return averages;
}
