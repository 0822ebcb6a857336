import type { CarRuleInput } from './car-rule-input';

export type StockStatusInput = CarRuleInput<'status'>;

export const isInStock = (car: StockStatusInput): boolean => car.status === 'in_stock';

export const isAvailable = (car: StockStatusInput): boolean => car.status === 'in_stock' || car.status === 'coming_soon';

/** Sold, and any status the feed may add later or leave empty, gets the SOLD message (spec 000 §4). */
export const isSoldForDisplay = (car: StockStatusInput): boolean => !isAvailable(car);
