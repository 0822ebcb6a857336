import type { TermFacet } from '../search/facets';
import { parseRange } from '../search/range';
import type { SearchDocument } from '../search/search-document';
import { fieldValues } from '../search/visibility-filter';
import type { SavedSearchCriteria } from './saved-search';

/**
 * Free text as every search engine and the alert matcher read it: lower-case words split on white
 * space, at most 10, each of which must appear in the document's search text (a LIKE per word in
 * PostgreSQL, a wildcard in OpenSearch, a substring test in memory).
 */
export const searchWords = (query: string | undefined): string[] =>
  (query ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 10);

/** The fields of a search document a saved search reads. */
export type MatchableDocument = Pick<
  SearchDocument,
  TermFacet | 'search_text' | 'price' | 'km' | 'year' | 'subscription_price' | 'weekly_price'
>;

/**
 * Whether a car's search document is one the saved search would list, by the search's own filter
 * semantics: every word of the query in the search text; within a facet any of its values (a
 * multi-value facet: any overlap), across facets all; a range needs a number inside it (a car
 * without one, such as 'enquire for price', fails a price range). Visibility (listed, the site's
 * filters) is the caller's: it is the same for every saved search.
 */
export function matchesSavedSearch(document: MatchableDocument, criteria: SavedSearchCriteria): boolean {
  return compileSavedSearch(criteria)(document);
}

type RangeField = 'price' | 'km' | 'year' | 'subscription_price' | 'weekly_price';

/**
 * The same rule as `matchesSavedSearch`, prepared once for a search that is checked against many
 * cars (the matcher's batches): ranges parsed and value lists made sets up front.
 */
export function compileSavedSearch(criteria: SavedSearchCriteria): (document: MatchableDocument) => boolean {
  const words = searchWords(criteria.query);
  const terms = (Object.entries(criteria.filters) as [TermFacet, string[] | undefined][])
    .filter(([, wanted]) => wanted && wanted.length > 0)
    .map(([facet, wanted]) => [facet, new Set(wanted)] as const);
  const ranges = (Object.entries(criteria.ranges) as [RangeField, string | undefined][]).flatMap(([facet, text]) => {
    const range = text === undefined ? null : parseRange(text);
    // ':' bounds nothing, as in the engines: a car without the value still matches.
    return range && (range.min !== null || range.max !== null) ? [[facet, range] as const] : [];
  });
  return (document) => {
    for (const word of words) if (!document.search_text.includes(word)) return false;
    for (const [facet, wanted] of terms) {
      const value = document[facet];
      if (
        Array.isArray(value)
          ? !value.some((v) => wanted.has(v))
          : value === null || value === undefined || !wanted.has(value)
      )
        return false;
    }
    for (const [facet, range] of ranges) {
      const value = document[facet];
      if (value === null || value === undefined) return false;
      if (range.min !== null && value < range.min) return false;
      if (range.max !== null && value > range.max) return false;
    }
    return true;
  };
}

/**
 * Facets a saved search may be indexed by, most selective first: a search naming a model is found
 * through that model, one naming only a body type through the body. Facets missing here (price
 * bands, status, certified) split stock into few large groups and are never worth indexing on.
 */
export const SELECTIVE_FACETS: readonly TermFacet[] = [
  'make_model',
  'model',
  'badge',
  'dealership_slug',
  'dealership_name',
  'location_name',
  'city',
  'make',
  'colour',
  'body',
  'state',
  'fuel',
  'drive',
  'transmission',
  'seats',
  'item_type',
  'car_type',
];

/** The key every saved search without an indexable facet is filed under: it is checked against every car. */
export const MATCH_ALL_KEY = '*';

const key = (facet: TermFacet, value: string): string => `${facet}=${value}`;

/**
 * The index keys of a saved search: the values of its most selective filtered facet. A car can only
 * match when it holds one of them, so looking the search up by the car's own keys
 * (`documentKeys`) finds every search it may match, and only a few others.
 */
export function selectiveKeys(criteria: SavedSearchCriteria): string[] {
  for (const facet of SELECTIVE_FACETS) {
    const values = criteria.filters[facet];
    if (values && values.length > 0) return [...new Set(values)].map((value) => key(facet, value));
  }
  return [MATCH_ALL_KEY];
}

/** The keys a car's document is looked up by: one per selective facet value it holds, and the match-all key. */
export function documentKeys(document: Pick<SearchDocument, TermFacet>): string[] {
  const keys = [MATCH_ALL_KEY];
  for (const facet of SELECTIVE_FACETS) for (const value of fieldValues(document[facet])) keys.push(key(facet, value));
  return keys;
}
