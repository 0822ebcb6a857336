import type { CarRuleInput } from './car-rule-input';

export type StockStatusInput = CarRuleInput<'status'>;

export const isInStock = (car: StockStatusInput): boolean => car.status === 'in_stock';

/**
 * 'Available': in stock or coming soon (spec 001 §4). The one definition: the listing filter, the
 * teasers, both search engines, the feed's removal guard and the market comparison all read it.
 */
export const AVAILABLE_STATUSES = ['in_stock', 'coming_soon'] as const;

/** AVAILABLE_STATUSES as an SQL list, for `status IN ${AVAILABLE_STATUS_SQL}` (code constants only, never input). */
export const AVAILABLE_STATUS_SQL = `(${AVAILABLE_STATUSES.map((status) => `'${status}'`).join(', ')})`;

export const isAvailable = (car: { status?: string | null }): boolean =>
  (AVAILABLE_STATUSES as readonly (string | null | undefined)[]).includes(car.status);

/** Sold, and any status the feed may add later or leave empty, gets the SOLD message (spec 000 §4). */
export const isSoldForDisplay = (car: StockStatusInput): boolean => !isAvailable(car);
