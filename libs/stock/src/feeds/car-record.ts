import { createHash } from 'node:crypto';
import type { FeedCar, StoredCar } from '@platform/domain';

/**
 * The cars columns a feed row fills (the rest of the row is kept in `data`). The feed's reserved
 * flag goes to feed_reserved: `reserved` also counts an online reservation's hold (a trigger).
 */
export type CarColumns = { feed_reserved: boolean } & Pick<
  StoredCar,
  | 'car_type'
  | 'status'
  | 'make'
  | 'model'
  | 'badge'
  | 'year'
  | 'price'
  | 'before_price'
  | 'subscription_price'
  | 'km'
  | 'simple_body'
  | 'simple_fuel'
  | 'simple_transmission'
  | 'simple_drive'
  | 'colour'
  | 'seats'
  | 'tag'
  | 'certified'
  | 'show_on_dealer_website'
  | 'custom_rank'
  | 'location_id'
>;

export interface CarRecord {
  stocknum: string;
  columns: CarColumns;
  data: Record<string, unknown>;
  /** The sold date the feed gave, if any. */
  soldDate: Date | null;
  contentHash: string;
}

// Row fields that are not kept in data: they are columns, or addressing the platform resolves.
const NOT_DATA = new Set([
  'stocknum',
  'car_type',
  'status',
  'make',
  'model',
  'badge',
  'year',
  'price',
  'before_price',
  'subscription_price',
  'km',
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'simple_drive',
  'colour',
  'seats',
  'tag',
  'certified',
  'reserved',
  'show_on_dealer_website',
  'custom_rank',
  'location_id',
  'location_slug',
  'sold_date',
]);

/** JSON with object keys sorted, so equal content always hashes the same. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Splits a validated feed row into columns and data, with the hash an identical push will match. */
export function toCarRecord(car: FeedCar, locationId: number | null): CarRecord {
  const columns: CarColumns = {
    car_type: car.car_type,
    status: car.status,
    make: car.make,
    model: car.model,
    badge: car.badge ?? null,
    year: car.year,
    price: car.price ?? null,
    before_price: car.before_price ?? null,
    subscription_price: car.subscription_price ?? null,
    km: car.km ?? null,
    simple_body: car.simple_body ?? null,
    simple_fuel: car.simple_fuel ?? null,
    simple_transmission: car.simple_transmission ?? null,
    simple_drive: car.simple_drive ?? null,
    colour: car.colour ?? null,
    seats: car.seats ?? null,
    tag: car.tag ?? null,
    certified: car.certified === true,
    feed_reserved: car.reserved === true,
    show_on_dealer_website: car.show_on_dealer_website,
    custom_rank: car.custom_rank ?? 0,
    location_id: locationId,
  };
  const data = Object.fromEntries(
    Object.entries(car).filter(([key, value]) => !NOT_DATA.has(key) && value !== undefined),
  );
  const soldDate = car.sold_date ?? null;
  const contentHash = createHash('sha256').update(stableStringify({ columns, data, soldDate })).digest('hex');
  return { stocknum: car.stocknum, columns, data, soldDate, contentHash };
}
