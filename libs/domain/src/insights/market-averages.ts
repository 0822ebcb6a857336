import { kmBand, marketCentre } from '../market/autogauge';

export interface MarketCar {
  id: number;
  make: string;
  model: string;
  year: number;
  km: number | null;
  price: number | null;
}

/**
 * The market average of every car at once, read the way the price gauge reads it (comparablePrices:
 * same make and model in any case, year +-1, within the km band, not the car itself, price over
 * $10), as the comparables' median. Cars are grouped by make and model first, so the work is the
 * sum of each model's square rather than the whole stock's.
 */
export function marketAverages(cars: readonly MarketCar[]): Map<number, number | null> {
  const groups = new Map<string, MarketCar[]>();
  for (const car of cars) {
    const key = `${car.make.trim().toLowerCase()}\u0000${car.model.trim().toLowerCase()}`;
    const group = groups.get(key);
    if (group) group.push(car);
    else groups.set(key, [car]);
  }
  const averages = new Map<number, number | null>();
  for (const group of groups.values()) {
    for (const car of group) {
      const band = kmBand(car.km);
      const prices: number[] = [];
      for (const other of group) {
        if (other.id === car.id || !other.price || other.price <= 10) continue;
        if (Math.abs(other.year - car.year) > 1) continue;
        if (band && (other.km === null || other.km < band.min || other.km > band.max)) continue;
        prices.push(other.price);
      }
      prices.sort((a, b) => a - b);
      const centre = marketCentre(prices);
      averages.set(car.id, centre === null ? null : Math.round(centre));
    }
  }
  return averages;
}
