import type { FacetName, RangeFacet, TermFacet } from '@platform/domain';
import { searchHref } from './search-paths';
import {
  MENU_FACETS,
  normaliseRangeText,
  SLIDER_FACETS,
  type MenuFacet,
  type SearchState,
  type SliderFacet,
} from './url-codec';

/**
 * The search box takes a sentence (issue 55). It is sent as `q`, which no search URL keeps: the
 * search page reads it through the understand endpoint and redirects to the canonical address of
 * what it understood, in the page's own parameters (menu[make], refinementList[colour][0],
 * range[price]...) with only the words not understood as the free-text `query`. So every search
 * URL holds filters, is shareable and cacheable, and reloads to the same page.
 */

/** The search box's field: the sentence, read once and never part of a canonical address. */
export const SENTENCE_PARAM = 'q';

/** A sentence's request as the understand endpoint gives it. */
export interface UnderstoodRequest {
  query?: string;
  filters: Partial<Record<TermFacet, string[]>>;
  ranges: Partial<Record<RangeFacet, string>>;
}

const isMenuFacet = (facet: string): facet is MenuFacet => (MENU_FACETS as readonly string[]).includes(facet);
const isSliderFacet = (facet: string): facet is SliderFacet => (SLIDER_FACETS as readonly string[]).includes(facet);

/** The state without some facets (menu, list or range) or its free text ('query'), from page 1: a chip removed. */
export function withoutFacets(state: SearchState, keys: readonly (FacetName | 'query')[]): SearchState {
  const menu = { ...state.menu };
  const refinementList = { ...state.refinementList };
  const range = { ...state.range };
  for (const key of keys) {
    if (key === 'query') continue;
    if (isMenuFacet(key)) delete menu[key];
    if (isSliderFacet(key)) delete range[key];
    delete refinementList[key as TermFacet];
  }
  return { ...state, query: keys.includes('query') ? '' : state.query, menu, refinementList, range, page: 1 };
}

/**
 * The search a sentence makes from the page it was typed on: what it understood replaces the page's
 * values of those facets (a new make drops models of another make), the page's other filters and
 * sort stay, and its words not understood become the free text. From page 1.
 */
export function applySentence(state: SearchState, request: UnderstoodRequest): SearchState {
  const filters = Object.entries(request.filters).filter(([, values]) => (values?.length ?? 0) > 0) as [
    TermFacet,
    string[],
  ][];
  const ranges = (Object.entries(request.ranges) as [RangeFacet, string][]).filter(([facet]) => isSliderFacet(facet));
  const next = withoutFacets(state, [...filters.map(([facet]) => facet), ...ranges.map(([facet]) => facet)]);
  const makes = request.filters.make;
  if (makes?.length) {
    const ofMakes = (value: string) => makes.some((make) => value.startsWith(`${make}:`));
    if (next.menu.make_model && !ofMakes(next.menu.make_model)) delete next.menu.make_model;
    const models = next.refinementList.make_model?.filter(ofMakes);
    if (models?.length) next.refinementList.make_model = models;
    else delete next.refinementList.make_model;
  }
  for (const [facet, values] of filters) {
    // A single make or model is the page's single-choice filter, as the make tiles and model lists set it.
    if (isMenuFacet(facet) && facet !== 'car_type' && values.length === 1) next.menu[facet] = values[0];
    else next.refinementList[facet] = [...new Set(values)];
  }
  for (const [facet, text] of ranges) {
    const normalised = normaliseRangeText(text);
    if (normalised) next.range[facet as SliderFacet] = normalised;
  }
  return { ...next, query: (request.query ?? '').trim().slice(0, 200) };
}

/**
 * Where the search box sends its sentence without JavaScript: a GET form to the page's own path,
 * carrying the page's filters and sort as hidden fields (the free text and page are what the
 * sentence replaces).
 */
export function sentenceFormTarget(state: SearchState): { action: string; fields: [string, string][] } {
  const href = searchHref({ ...state, query: '', page: 1 });
  const [action = href, search = ''] = href.split('?');
  return { action, fields: [...new URLSearchParams(search).entries()] };
}

/** The address the search box goes to with JavaScript: the same as its form would submit. */
export function sentenceHref(state: SearchState, sentence: string): string {
  const { action, fields } = sentenceFormTarget(state);
  const params = new URLSearchParams([...fields, [SENTENCE_PARAM, sentence]]);
  return `${action}?${params.toString()}`;
}

/** Reads the one sentence a URL carries; null when there is none (a repeated q is one shopper's one search). */
export function sentenceOf(searchParams: Record<string, string | string[] | undefined>): string | null {
  const value = searchParams[SENTENCE_PARAM];
  const sentence = Array.isArray(value) ? value[0] : value;
  return typeof sentence === 'string' ? sentence : null;
}
