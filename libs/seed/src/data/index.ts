import { DEMO_MANUFACTURERS } from './manufacturers';
import { DEMO_SITES } from './sites';
import { DEMO_TEMPLATES } from './templates';
import type { DemoCatalogue } from './types';

export * from './types';
export * from './templates';
export * from './manufacturers';
export * from './sites';
export * from './places';
export * from './hours';
export * from './reviews';
export * from './vehicle-models';

/** The PRNG seed the demo is generated from unless told otherwise. */
export const DEFAULT_DEMO_SEED = 20251121;

/** The whole demo catalogue: templates, brands and three sites with their dealerships and locations. */
export const DEMO_CATALOGUE: DemoCatalogue = {
  templates: DEMO_TEMPLATES,
  manufacturers: DEMO_MANUFACTURERS,
  sites: DEMO_SITES,
};
