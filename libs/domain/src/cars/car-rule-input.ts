import type { Car } from '../entities/car';

/**
 * The few car fields one display rule reads. Search hits, favourites and partial fetches carry
 * only some fields, and feeds leave many empty, so every field may be missing or null.
 */
export type CarRuleInput<K extends keyof Car> = { [P in keyof Pick<Car, K>]?: Car[P] | null };
