import { formatRange, isTermFacet, parseRange, SORT_VALUES, type SortValue, type TermFacet } from '@platform/domain';

/**
 * The search page's query string in the InstantSearch shape the specifications use:
 *
 *   query=hilux&menu[make]=Toyota&refinementList[body][0]=ute&range[price]=10000:40000&sortBy=price:asc&page=2
 *
 * Parsing never throws: unknown keys, unknown facets and malformed values are dropped, so any URL a
 * shopper pastes renders a search. Formatting is the inverse for every state parse can produce.
 */

/** Single-choice filters (InstantSearch menu widgets). */
export const MENU_FACETS = ['car_type', 'make', 'make_model'] as const;
export type MenuFacet = (typeof MENU_FACETS)[number];

/** Facets with a range slider; the URL holds 'min:max' with either side optional. */
export const SLIDER_FACETS = ['price', 'km', 'year'] as const;
export type SliderFacet = (typeof SLIDER_FACETS)[number];

export interface SearchState {
  /** Free text; '' for none. */
  query: string;
  /** 1-based; page 1 is left out of the URL. */
  page: number;
  /** null: the site's default (first) sort option, left out of the URL. */
  sortBy: SortValue | null;
  refinementList: Partial<Record<TermFacet, string[]>>;
  menu: Partial<Record<MenuFacet, string>>;
  /** Normalised 'min:max' texts. */
  range: Partial<Record<SliderFacet, string>>;
}

export const EMPTY_SEARCH_STATE: SearchState = {
  query: '',
  page: 1,
  sortBy: null,
  refinementList: {},
  menu: {},
  range: {},
};

/** Longest value kept from the URL; anything longer is not a facet value. */
const MAX_VALUE_LENGTH = 100;
/** Most values kept per facet. */
const MAX_VALUES_PER_FACET = 50;
/** Pages beyond this are not a real shopper's URL. */
const MAX_PAGE = 1000;

/** What Next gives a page as searchParams, or the browser's URLSearchParams. */
export type QueryInput = URLSearchParams | Record<string, string | string[] | undefined> | null | undefined;

function pairsOf(input: QueryInput): [string, string][] {
  if (!input) return [];
  if (input instanceof URLSearchParams) return [...input.entries()];
  return Object.entries(input).flatMap(([key, value]) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [value])
          .filter((v) => typeof v === 'string')
          .map((v): [string, string] => [key, v]),
  );
}

const isMenuFacet = (name: string): name is MenuFacet => (MENU_FACETS as readonly string[]).includes(name);
const isSliderFacet = (name: string): name is SliderFacet => (SLIDER_FACETS as readonly string[]).includes(name);
const isSortValue = (value: string): value is SortValue => (SORT_VALUES as readonly string[]).includes(value);

function cleanValue(value: string): string | null {
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= MAX_VALUE_LENGTH ? trimmed : null;
}

/** A range text with sides sorted out, or null when it is not a usable 'min:max'. */
export function normaliseRangeText(value: string): string | null {
  const range = parseRange(value);
  if (!range || (range.min === null && range.max === null)) return null;
  return formatRange(range);
}

const REFINEMENT_KEY = /^refinementList\[([a-z_]+)\](?:\[(\d{0,3})\])?$/;
const MENU_KEY = /^menu\[([a-z_]+)\]$/;
const RANGE_KEY = /^range\[([a-z_]+)\]$/;

/** Reads the filter state from a query string; never throws. */
export function parseSearchQuery(input: QueryInput): SearchState {
  const state: SearchState = { ...EMPTY_SEARCH_STATE, refinementList: {}, menu: {}, range: {} };
  const refinements = new Map<TermFacet, { index: number; order: number; value: string }[]>();
  let order = 0;

  for (const [key, raw] of pairsOf(input)) {
    order += 1;
    if (key === 'query') {
      state.query = raw.trim().slice(0, 200);
      continue;
    }
    if (key === 'page') {
      const page = /^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (page >= 1 && page <= MAX_PAGE) state.page = page;
      continue;
    }
    if (key === 'sortBy') {
      if (isSortValue(raw.trim())) state.sortBy = raw.trim() as SortValue;
      continue;
    }
    const refinement = REFINEMENT_KEY.exec(key);
    if (refinement) {
      const facet = refinement[1] as string;
      const value = cleanValue(raw);
      if (!isTermFacet(facet) || value === null) continue;
      const index = refinement[2] ? Number(refinement[2]) : Number.MAX_SAFE_INTEGER;
      refinements.set(facet, [...(refinements.get(facet) ?? []), { index, order, value }]);
      continue;
    }
    const menu = MENU_KEY.exec(key);
    if (menu) {
      const facet = menu[1] as string;
      const value = cleanValue(raw);
      if (isMenuFacet(facet) && value !== null) state.menu[facet] = value;
      continue;
    }
    const range = RANGE_KEY.exec(key);
    if (range) {
      const facet = range[1] as string;
      const value = normaliseRangeText(raw);
      if (isSliderFacet(facet) && value !== null) state.range[facet] = value;
    }
  }

  for (const [facet, entries] of refinements) {
    const values = [
      ...new Set(entries.sort((a, b) => a.index - b.index || a.order - b.order).map((entry) => entry.value)),
    ];
    state.refinementList[facet] = values.slice(0, MAX_VALUES_PER_FACET);
  }
  return state;
}

/** Brackets and colons stay readable in the address bar; everything else is percent-encoded. */
const encode = (text: string): string =>
  encodeURIComponent(text).replace(/%5B/gi, '[').replace(/%5D/gi, ']').replace(/%3A/gi, ':');

/** The query string of a state, without '?'; '' for the empty state. Page 1 and the default sort are left out. */
export function formatSearchQuery(state: SearchState): string {
  const pairs: [string, string][] = [];
  if (state.query.trim()) pairs.push(['query', state.query.trim()]);
  for (const facet of MENU_FACETS) {
    const value = state.menu[facet];
    if (value) pairs.push([`menu[${facet}]`, value]);
  }
  for (const [facet, values] of Object.entries(state.refinementList).sort(([a], [b]) => a.localeCompare(b))) {
    (values ?? []).forEach((value, index) => pairs.push([`refinementList[${facet}][${index}]`, value]));
  }
  for (const facet of SLIDER_FACETS) {
    const value = state.range[facet];
    if (value) pairs.push([`range[${facet}]`, value]);
  }
  if (state.sortBy) pairs.push(['sortBy', state.sortBy]);
  if (state.page > 1) pairs.push(['page', String(state.page)]);
  return pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

/** A filter or sort change: every change of what is searched starts again from page 1. */
export function changeSearch(state: SearchState, change: Partial<Omit<SearchState, 'page'>>): SearchState {
  return { ...state, ...change, page: 1 };
}

/** Toggles one value of a checkbox list (page dropped). */
export function toggleRefinement(state: SearchState, facet: TermFacet, value: string): SearchState {
  const current = state.refinementList[facet] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const refinementList = { ...state.refinementList };
  if (next.length > 0) refinementList[facet] = next;
  else delete refinementList[facet];
  return changeSearch(state, { refinementList });
}

/** Sets or clears (null) a single-choice filter (page dropped). Choosing another make clears its model. */
export function setMenu(state: SearchState, facet: MenuFacet, value: string | null): SearchState {
  const menu = { ...state.menu };
  if (value === null || value === '') delete menu[facet];
  else menu[facet] = value;
  if (facet === 'make' && menu.make_model && !menu.make_model.startsWith(`${menu.make ?? ''}:`)) delete menu.make_model;
  return changeSearch(state, { menu });
}

/** Sets or clears (null) a slider range (page dropped). */
export function setRange(state: SearchState, facet: SliderFacet, value: string | null): SearchState {
  const range = { ...state.range };
  const normalised = value === null ? null : normaliseRangeText(value);
  if (normalised === null) delete range[facet];
  else range[facet] = normalised;
  return changeSearch(state, { range });
}

/** True when the state filters nothing (text, lists, menus and ranges all empty). */
export function hasFilters(state: SearchState): boolean {
  return (
    state.query.trim() !== '' ||
    Object.values(state.refinementList).some((values) => (values?.length ?? 0) > 0) ||
    Object.values(state.menu).some(Boolean) ||
    Object.values(state.range).some(Boolean)
  );
}
