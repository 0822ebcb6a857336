import { z } from 'zod';
import { IdSchema, refusingProtoKey } from '../entities/primitives';
import { SORT_VALUES } from './sort-values';
import { FACET_NAMES, RANGE_FACETS, TERM_FACETS, type FacetName, type RangeFacet, type TermFacet } from './facets';
import { parseRange, type NumericRange } from './range';

export const DEFAULT_HITS_PER_PAGE = 21;
export const MAX_HITS_PER_PAGE = 100;

export type SortValue = (typeof SORT_VALUES)[number];

export const RangeTextSchema = z.string().refine((text) => parseRange(text) !== null, {
  message: "Use 'min:max' with numbers, min not above max (either side may be empty)",
});

/**
 * A stock search: the body of the site search endpoint and the input of every SearchEngine.
 * Unknown keys are refused so a misspelt facet is a 400 naming it, never a silently ignored filter.
 */
export const SearchRequestSchema = z.strictObject({
  query: z.string().max(200).optional(),
  page: z.int().min(1, 'page starts at 1').default(1),
  hitsPerPage: z.int().min(1).max(MAX_HITS_PER_PAGE).default(DEFAULT_HITS_PER_PAGE),
  sortBy: z.enum(SORT_VALUES).default('relevance'),
  filters: refusingProtoKey(z.partialRecord(z.enum(TERM_FACETS), z.array(z.string().min(1)).max(200))).default({}),
  ranges: refusingProtoKey(z.partialRecord(z.enum(RANGE_FACETS), RangeTextSchema)).default({}),
  /** Only these cars, by id (a shopper's recently viewed list); any order, visibility still applies. */
  ids: z.array(IdSchema).max(MAX_HITS_PER_PAGE).optional(),
  /** Facets to count (term) or measure (range); all of them when omitted. */
  facets: z.array(z.enum(FACET_NAMES as [FacetName, ...FacetName[]])).optional(),
});
export type SearchRequestInput = z.input<typeof SearchRequestSchema>;
export type SearchRequest = z.output<typeof SearchRequestSchema>;

/** The parsed ranges of a request, for the engines. */
export function rangesOf(request: SearchRequest): [RangeFacet, NumericRange][] {
  return Object.entries(request.ranges).flatMap(([facet, text]) => {
    const range = text === undefined ? null : parseRange(text);
    return range ? [[facet as RangeFacet, range]] : [];
  });
}

/** The term filters of a request that select something. */
export function termFiltersOf(request: SearchRequest): [TermFacet, string[]][] {
  return Object.entries(request.filters).flatMap(([facet, values]) =>
    values && values.length > 0 ? [[facet as TermFacet, [...new Set(values)]]] : [],
  );
}

export const requestedFacets = (request: SearchRequest): readonly FacetName[] => request.facets ?? FACET_NAMES;
