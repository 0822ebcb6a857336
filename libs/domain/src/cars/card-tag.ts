import { DateTime } from 'luxon';
import { ELECTRIC_FUEL, HYBRID_FUEL } from '../entities/car';
import type { CarRuleInput } from './car-rule-input';
import { isSoldForDisplay } from './stock-status';

/** Cars created within this many days carry the new tag (spec 000 §9). */
export const NEW_TAG_WINDOW_DAYS = 8;

export type CardTagKind = 'sold' | 'electric' | 'hybrid' | 'reserved' | 'certified' | 'custom' | 'coming_soon' | 'new';

/**
 * Spec 000 names the tags but gives wording only for SOLD. The others are ours: 'Certified
 * Pre-Owned' is the usual Australian wording for a manufacturer-certified used car, and 'New
 * Arrival' avoids reading as a new (unregistered) car on a used or demo listing.
 */
export const CARD_TAG_LABELS: Readonly<Record<Exclude<CardTagKind, 'custom'>, string>> = {
  sold: 'SOLD',
  electric: 'Electric',
  hybrid: 'Hybrid',
  reserved: 'Reserved',
  certified: 'Certified Pre-Owned',
  coming_soon: 'Coming Soon',
  new: 'New Arrival',
};

export interface CardTag {
  kind: CardTagKind;
  label: string;
  /** For the certified badge: the web shows this make's certified logo rather than the label. */
  make?: string;
}

export type CardTagInput = CarRuleInput<
  'status' | 'simple_fuel' | 'reserved' | 'certified' | 'car_type' | 'make' | 'tag' | 'created_at'
>;

export interface CardTagOptions {
  now: Date;
  newWindowDays?: number;
}

const tag = (kind: Exclude<CardTagKind, 'custom'>): CardTag => ({ kind, label: CARD_TAG_LABELS[kind] });

/**
 * The single tag on a stock card, by the priority of spec 000 §4. 'A non-in-stock car shows the
 * sold tag' is read as "a car given the SOLD treatment": taken literally it would also catch
 * coming-soon cars and the coming-soon tag could never show.
 */
export function cardTag(car: CardTagInput, options: CardTagOptions): CardTag | null {
  if (isSoldForDisplay(car)) return tag('sold');
  if (car.simple_fuel === ELECTRIC_FUEL) return tag('electric');
  if (car.simple_fuel === HYBRID_FUEL) return tag('hybrid');
  if (car.reserved) return tag('reserved');
  // The badge is a make's logo; without a make there is nothing to draw, so lower tags get their turn.
  const make = car.make?.trim();
  if (car.certified && car.car_type === 'used' && make) return { ...tag('certified'), make };
  const custom = car.tag?.trim();
  if (custom) return { kind: 'custom', label: custom };
  if (car.status === 'coming_soon') return tag('coming_soon');
  if (isNewArrival(car.created_at, options.now, options.newWindowDays ?? NEW_TAG_WINDOW_DAYS)) return tag('new');
  return null;
}

/** Feed timestamps without an offset are read as UTC; hours either way do not matter to a days-long window. */
function isNewArrival(createdAt: string | null | undefined, now: Date, windowDays: number): boolean {
  if (!createdAt) return false;
  let created = DateTime.fromISO(createdAt, { zone: 'utc' });
  if (!created.isValid) created = DateTime.fromSQL(createdAt, { zone: 'utc' });
  if (!created.isValid) return false;
  return now.getTime() - created.toMillis() <= windowDays * 24 * 60 * 60 * 1000;
}
