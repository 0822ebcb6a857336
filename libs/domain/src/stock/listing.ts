import { isAvailable } from '../cars/stock-status';
import type { CarStatus } from '../entities/car';

/** Sold cars stay listed this many days after their sold date unless the dealership says otherwise. */
export const DEFAULT_SOLD_LISTING_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** listed_until = sold_date + the dealership's include_sold_cars_days. */
export const listedUntil = (soldDate: Date, includeSoldCarsDays: number): Date =>
  new Date(soldDate.getTime() + includeSoldCarsDays * DAY_MS);

export interface ListableCar {
  status: CarStatus | string;
  show_on_dealer_website: boolean;
  listed_until: Date | string | null;
  withdrawn_at?: Date | string | null;
}

/**
 * The base visibility filter (ARCHITECTURE.md, spec 000 section 7): in stock, coming soon, or sold
 * and still inside its listing window; and shown on the dealer website. Withdrawn cars never show.
 */
export function isListed(car: ListableCar, now: Date): boolean {
  if (!car.show_on_dealer_website || car.withdrawn_at) return false;
  if (isAvailable(car)) return true;
  if (car.status !== 'sold' || car.listed_until === null) return false;
  return new Date(car.listed_until).getTime() > now.getTime();
}
