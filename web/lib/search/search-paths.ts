import { CAR_TYPE_ORDER, CAR_TYPE_URL_SLUGS, type CarType } from '@platform/domain';
import { formatSearchQuery, type SearchState } from './url-codec';

/**
 * Search routes (spec 001 §2): /search/new-used-and-demo-cars (default), /search/new-cars,
 * /search/demo-cars, /search/used-cars, /search/new-and-demo-cars, /search/{make},
 * /search/{make}/{model} and /search/{body or make slug}. A path is another way of writing menu
 * filters; the links the page builds put the car type in the path and every other filter in the
 * query string.
 */

export const SEARCH_BASE_PATH = '/search';
export const DEFAULT_SEARCH_SLUG = 'new-used-and-demo-cars';
export const NEW_AND_DEMO_SLUG = 'new-and-demo-cars';

const isCarType = (value: string): value is CarType => (CAR_TYPE_ORDER as readonly string[]).includes(value);

/** Car types in the specification's order (new, demo, used), without repeats or unknown values. */
export function orderCarTypes(values: readonly string[]): CarType[] {
  return CAR_TYPE_ORDER.filter((type) => values.includes(type));
}

/** The path slug for a set of car types, or null when no route names that set (new and used, say). */
export function carTypeSlug(types: readonly CarType[]): string | null {
  const ordered = orderCarTypes(types);
  if (ordered.length === 0 || ordered.length === CAR_TYPE_ORDER.length) return DEFAULT_SEARCH_SLUG;
  if (ordered.length === 1) return CAR_TYPE_URL_SLUGS[ordered[0] as CarType];
  if (ordered.join(',') === 'new,demo') return NEW_AND_DEMO_SLUG;
  return null;
}

/** The car types a path slug stands for ([] for the default page), or null when the slug is not a car-type slug. */
export function carTypesOfSlug(slug: string): CarType[] | null {
  if (slug === DEFAULT_SEARCH_SLUG) return [];
  if (slug === NEW_AND_DEMO_SLUG) return ['new', 'demo'];
  const match = (Object.entries(CAR_TYPE_URL_SLUGS) as [CarType, string][]).find(([, value]) => value === slug);
  return match ? [match[0]] : null;
}

/**
 * The URL slug of a facet value (a make, model or body): lower case, words joined by hyphens
 * ('Mercedes-Benz' -> 'mercedes-benz', 'D-MAX' -> 'd-max', 'LandCruiser' -> 'landcruiser'). Body
 * types are camelCase identifiers ('cabChassis'), so a value starting in lower case is split into
 * its words ('cab-chassis').
 */
export function facetSlug(value: string): string {
  const trimmed = value.trim();
  return (/^[a-z]/.test(trimmed) ? trimmed.replace(/([a-z0-9])([A-Z])/g, '$1-$2') : trimmed)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The value among `values` whose slug is `slug`, or null. */
export function facetValueSlugMatch(values: Iterable<string>, slug: string): string | null {
  for (const value of values) if (facetSlug(value) === slug) return value;
  return null;
}

/** Every car type the state selects, from the car_type menu and checkbox list together. */
export function selectedCarTypes(state: SearchState): CarType[] {
  return orderCarTypes(
    [...(state.refinementList.car_type ?? []), ...(state.menu.car_type ? [state.menu.car_type] : [])].filter(isCarType),
  );
}

/**
 * The canonical address of a search state: the car types as the path when a route names them
 * (otherwise the default path and a car_type list), everything else in the query string.
 */
export function searchHref(state: SearchState): string {
  const types = selectedCarTypes(state);
  const slug = carTypeSlug(types);
  const menu = { ...state.menu };
  delete menu.car_type;
  const refinementList = { ...state.refinementList };
  delete refinementList.car_type;
  if (slug === null) refinementList.car_type = types;
  const query = formatSearchQuery({ ...state, menu, refinementList });
  return `${SEARCH_BASE_PATH}/${slug ?? DEFAULT_SEARCH_SLUG}${query ? `?${query}` : ''}`;
}

/** The same search on another page. */
export function searchPageHref(state: SearchState, page: number): string {
  return searchHref({ ...state, page });
}
