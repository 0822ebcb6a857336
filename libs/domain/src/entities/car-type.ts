import type { CarType } from './car';

/**
 * Car-type constants of spec 000 §9 and spec 001 §9, kept apart from the car schema so browser
 * code can read them without loading zod.
 */

/** Car type order: new, demo, used. */
export const CAR_TYPE_ORDER: readonly CarType[] = ['new', 'demo', 'used'];

/** Car-type URL slugs. */
export const CAR_TYPE_URL_SLUGS: Readonly<Record<CarType, string>> = {
  new: 'new-cars',
  demo: 'demo-cars',
  used: 'used-cars',
};
