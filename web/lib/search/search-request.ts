import {
  appliedRange,
  DEFAULT_HITS_PER_PAGE,
  sliderBounds,
  type FacetStats,
  type FacetName,
  type SearchRequestInput,
  type SiteConfig,
  type SortValue,
  type TermFacet,
} from '@platform/domain';
import { filterListsFor } from './dealer-filter';
import { selectedCarTypes } from './search-paths';
import { setRange, SLIDER_FACETS, type SearchState } from './url-codec';

/** Facets the search page reads besides the configured checkbox lists: car types, make tiles, models, body tiles and sliders. */
const PAGE_FACETS: readonly FacetName[] = ['car_type', 'make', 'make_model', 'body', ...SLIDER_FACETS];

/** The sort the search uses: the state's when the site offers it, else the site's first option. */
export function effectiveSort(state: SearchState, config: SiteConfig): SortValue {
  const options = config.search.sort_options.map((option) => option.value);
  return state.sortBy && options.includes(state.sortBy) ? state.sortBy : (options[0] ?? 'relevance');
}

/** The body of the site search endpoint for a page's state. */
export function toSearchRequest(state: SearchState, config: SiteConfig): SearchRequestInput {
  const filters: Partial<Record<TermFacet, string[]>> = {};
  for (const [facet, values] of Object.entries(state.refinementList) as [TermFacet, string[] | undefined][]) {
    if (values && values.length > 0) filters[facet] = values;
  }
  const carTypes = selectedCarTypes(state);
  if (carTypes.length > 0) filters.car_type = carTypes;
  else delete filters.car_type;
  if (state.menu.make) filters.make = [state.menu.make];
  if (state.menu.make_model) filters.make_model = [state.menu.make_model];

  const ranges: Partial<Record<(typeof SLIDER_FACETS)[number], string>> = {};
  for (const facet of SLIDER_FACETS) if (state.range[facet]) ranges[facet] = state.range[facet];

  const facets = [
    ...new Set<FacetName>([
      ...PAGE_FACETS,
      ...filterListsFor(state, config.search.filter_facets).map((filter) => filter.facet),
    ]),
  ];
  return {
    ...(state.query.trim() ? { query: state.query.trim() } : {}),
    page: state.page,
    hitsPerPage: config.search.hits_per_page || DEFAULT_HITS_PER_PAGE,
    sortBy: effectiveSort(state, config),
    filters,
    ranges,
    facets,
  };
}

/**
 * The state with each slider's range as its slider shows it and as it is applied (spec 000 §5:
 * rounded to the slider's grid, clamped to the range, a side on its bound left open), for the
 * facet stats the sliders are drawn from; the same state when the URL already says so. A range
 * past both ends is no filter at all, so cars without a price or km are not silently dropped.
 */
export function appliedSliderState(state: SearchState, facetStats: Record<string, FacetStats>): SearchState {
  let applied = state;
  for (const facet of SLIDER_FACETS) {
    const text = state.range[facet];
    if (!text) continue;
    const range = appliedRange(facet, sliderBounds(facet, facetStats[facet], text), text);
    if (range !== text) applied = setRange(applied, facet, range);
  }
  return applied;
}
