/**
 * The search facets of spec 000 ('Search facets and state'). Term facets are counted; range facets
 * are filtered with 'min:max' and reported as stats (min, max).
 */
export const TERM_FACETS = [
  'badge',
  'body',
  'car_type',
  'categories',
  'certified',
  'city',
  'colour',
  'dealership_name',
  /** Not a filter panel: the target of a vehicle page's 'See more from this dealer' link (spec 000 routes). */
  'dealership_slug',
  'drive',
  'filtered_features',
  'fuel',
  'item_type',
  'location_name',
  'make',
  'make_model',
  'model',
  'price_range',
  'seats',
  'state',
  'status',
  'tag',
  'transmission',
  'weekly_price_range',
] as const;
export type TermFacet = (typeof TERM_FACETS)[number];

/** Facets whose documents hold several values (a car is in every category it lists). */
export const MULTI_VALUE_FACETS: readonly TermFacet[] = ['categories', 'filtered_features'];

export const RANGE_FACETS = ['price', 'km', 'year', 'subscription_price', 'weekly_price'] as const;
export type RangeFacet = (typeof RANGE_FACETS)[number];

export type FacetName = TermFacet | RangeFacet;
export const FACET_NAMES: readonly FacetName[] = [...TERM_FACETS, ...RANGE_FACETS];

export const isTermFacet = (name: string): name is TermFacet => (TERM_FACETS as readonly string[]).includes(name);
export const isRangeFacet = (name: string): name is RangeFacet => (RANGE_FACETS as readonly string[]).includes(name);

/** The make_model facet value, 'make:model' as the specification stores it. */
export const makeModelValue = (make: string, model: string): string => `${make}:${model}`;
