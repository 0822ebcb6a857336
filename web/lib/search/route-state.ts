import { makeModelValue } from '@platform/domain';
import { carTypesOfSlug, facetValueSlugMatch, selectedCarTypes } from './search-paths';
import type { SearchState } from './url-codec';

/** What a search path adds to the query string's state. */
export type PathFilters = Pick<SearchState, 'menu' | 'refinementList'>;

/** Facet values (value -> count) of a site's whole stock, asked for only when a path names a make, model or body. */
export type FacetLookup = () => Promise<Record<string, Record<string, number>>>;

/**
 * The filters a search path stands for, or null when the path names nothing the site has (the
 * page is then not found). Car-type slugs need no lookup; a make, model or body slug is matched
 * against the site's facet values.
 */
export async function filtersOfPath(segments: readonly string[], lookup: FacetLookup): Promise<PathFilters | null> {
  if (segments.length === 0) return { menu: {}, refinementList: {} };
  if (segments.length > 2) return null;
  const [first, second] = segments.map((s) => decodeSegment(s).toLowerCase());
  if (first === undefined) return null;

  if (second === undefined) {
    const types = carTypesOfSlug(first);
    if (types) return { menu: {}, refinementList: types.length > 0 ? { car_type: types } : {} };
  }

  const facets = await lookup();
  const make = facetValueSlugMatch(Object.keys(facets['make'] ?? {}), first);
  if (second === undefined) {
    if (make) return { menu: { make }, refinementList: {} };
    const body = facetValueSlugMatch(Object.keys(facets['body'] ?? {}), first);
    return body ? { menu: {}, refinementList: { body: [body] } } : null;
  }
  if (!make) return null;
  const models = Object.keys(facets['make_model'] ?? {})
    .filter((value) => value.startsWith(`${make}:`))
    .map((value) => value.slice(make.length + 1));
  const model = facetValueSlugMatch(models, second);
  return model ? { menu: { make, make_model: makeModelValue(make, model) }, refinementList: {} } : null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The page's state: the query string's, with the path filling what the query string leaves out
 * (a hand-written URL may say both; the query string is the more specific).
 */
export function mergePathFilters(query: SearchState, path: PathFilters): SearchState {
  const menu = { ...path.menu, ...query.menu };
  if (
    query.menu.make &&
    path.menu.make_model &&
    !query.menu.make_model &&
    !path.menu.make_model.startsWith(`${query.menu.make}:`)
  ) {
    delete menu.make_model;
  }
  const refinementList = { ...path.refinementList, ...query.refinementList };
  if (selectedCarTypes(query).length > 0) {
    refinementList.car_type = selectedCarTypes(query);
    delete menu.car_type;
  }
  return { ...query, menu, refinementList };
}
