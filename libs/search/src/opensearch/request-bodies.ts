import type { API, Types } from '@opensearch-project/opensearch';
import {
  AVAILABLE_STATUSES,
  groupVisibilityFilters,
  isRangeFacet,
  isTermFacet,
  rangesOf,
  requestedFacets,
  searchWords,
  termFiltersOf,
  type FacetName,
  type SearchDocument,
  type SearchRequest,
  type SearchScope,
} from '@platform/domain';

type Query = Types.Common_QueryDsl.QueryContainer;
type Sort = Types.Common.SortCombinations[];

/** Distinct values a term facet reports; a site's facets have far fewer. */
export const FACET_SIZE = 200;

/** OpenSearch refuses from + size beyond this (index.max_result_window in cars-index.json). */
export const MAX_RESULT_WINDOW = 10_000;

/** The names behind one site: its versions, the alias queries read, and the alias of a reindex in progress. */
export interface SiteIndexNames {
  read: string;
  building: string;
  /** Matches every version of this site and no other site's. */
  versions: string;
  version(n: number): string;
}

const INDEX_PREFIX = /^[a-z0-9][a-z0-9_-]*$/;

/** Index names must be lower case and may not start with '-', '_' or '+'; a bad prefix fails at start-up. */
export function assertIndexPrefix(prefix: string): void {
  if (!INDEX_PREFIX.test(prefix))
    throw new Error(`OpenSearch index prefix '${prefix}' must be lower-case letters, digits, '-' or '_'`);
}

export function siteIndexNames(prefix: string, siteId: number): SiteIndexNames {
  const read = `${prefix}-site-${siteId}`;
  return { read, building: `${read}-building`, versions: `${read}-v*`, version: (n) => `${read}-v${n}` };
}

/** Every index of every site under a prefix (refresh, purge). */
export const allSitesPattern = (prefix: string): string => `${prefix}-site-*`;

/** The version number of one of the site's index names, or null for any other name. */
export function versionOf(names: SiteIndexNames, index: string): number | null {
  const stem = names.version(0).slice(0, -1);
  if (!index.startsWith(stem)) return null;
  const digits = index.slice(stem.length);
  return /^[1-9]\d*$/.test(digits) ? Number(digits) : null;
}

const escapeWildcard = (text: string): string => text.replace(/[\\*?]/g, (c) => `\\${c}`);

const allOf = (clauses: Query[]): Query => (clauses.length === 0 ? { match_all: {} } : { bool: { filter: clauses } });

/** A selection that belongs to one facet, so that facet's own counts can leave it out (disjunctive facets). */
interface OwnedFilter {
  facet: FacetName;
  query: Query;
}

/**
 * What every search of a site applies before facets: the base visibility rule, the site's
 * dealerships, the requested car ids and visibility filters, the text words and the price rule. The same clauses, in the
 * same order, as the PostgreSQL engine's WHERE.
 */
export function baseFilters(scope: SearchScope, request: SearchRequest, now: Date): Query[] {
  const filters: Query[] = [
    { term: { show_on_dealer_website: true } },
    {
      bool: {
        should: [
          { terms: { status: [...AVAILABLE_STATUSES] } },
          { bool: { filter: [{ term: { status: 'sold' } }, { range: { listed_until: { gt: now.toISOString() } } }] } },
        ],
        minimum_should_match: 1,
      },
    },
    { terms: { dealership_id: [...scope.dealershipIds] } },
  ];
  if (request.ids) filters.push({ terms: { id: [...request.ids] } });
  const { only, exclude } = groupVisibilityFilters(scope.visibilityFilters);
  // A terms query on a multi-value field matches any overlap, the same as the && of text[] in PostgreSQL.
  for (const [field, values] of only) filters.push({ terms: { [field]: values } });
  // must_not keeps documents without the field, like PostgreSQL's 'IS NULL OR <> ALL'.
  for (const [field, values] of exclude) filters.push({ bool: { must_not: [{ terms: { [field]: values } }] } });
  // search_text is a wildcard field: '*word*' is a substring match, as LIKE '%word%' is.
  for (const token of searchWords(request.query)) {
    filters.push({ wildcard: { search_text: { value: `*${escapeWildcard(token)}*` } } });
  }
  if (request.sortBy === 'price:asc' && scope.positivePriceOnPriceAsc) filters.push({ range: { price: { gt: 0 } } });
  return filters;
}

/** The request's facet selections: they narrow hits (post_filter) and every facet but their own. */
export function ownedFilters(request: SearchRequest): OwnedFilter[] {
  const owned: OwnedFilter[] = [];
  for (const [facet, values] of termFiltersOf(request)) owned.push({ facet, query: { terms: { [facet]: values } } });
  for (const [facet, range] of rangesOf(request)) {
    // ':' selects nothing; an empty range clause would wrongly drop documents without the field.
    if (range.min === null && range.max === null) continue;
    const bounds: { gte?: number; lte?: number } = {};
    if (range.min !== null) bounds.gte = range.min;
    if (range.max !== null) bounds.lte = range.max;
    owned.push({ facet, query: { range: { [facet]: bounds } } });
  }
  return owned;
}

/** Term facets count values (size-limited); range facets measure min and max, both after every other selection. */
export function facetAggregations(
  request: SearchRequest,
  owned: readonly OwnedFilter[],
): Record<string, Types.Common_Aggregations.AggregationContainer> {
  const aggs: Record<string, Types.Common_Aggregations.AggregationContainer> = {};
  for (const facet of requestedFacets(request)) {
    const filter = allOf(owned.filter((clause) => clause.facet !== facet).map((clause) => clause.query));
    if (isTermFacet(facet)) {
      // The client's generated TermsAggregationFields omits 'field', which every terms aggregation needs.
      const terms: Types.Common_Aggregations.TermsAggregationFields & { field: string } = {
        field: facet,
        size: FACET_SIZE,
      };
      aggs[facet] = { filter, aggs: { values: { terms } } };
    } else if (isRangeFacet(facet)) {
      aggs[facet] = { filter, aggs: { stats: { stats: { field: facet } } } };
    }
  }
  return aggs;
}

/**
 * The PostgreSQL ORDER BY of each sort, with the same tie-breaks; a missing price sorts last either way.
 * Relevance puts available cars before sold ones, then custom rank: a sold car keeps the rank its feed
 * gave it, and without the first key a page of sold cars could head the default sort (a decided
 * deviation from the spec's rank alone, docs/architecture.md). An index made
 * before the field existed reads every car as not available (unmapped_type) until its next reindex.
 */
export const SORTS: Record<SearchRequest['sortBy'], Sort> = {
  relevance: [
    { available: { order: 'desc', unmapped_type: 'boolean' } },
    { custom_rank: { order: 'desc' } },
    { created_at: { order: 'desc' } },
    { id: { order: 'desc' } },
  ],
  'created_at:desc': [{ created_at: { order: 'desc' } }, { id: { order: 'desc' } }],
  'price:desc': [{ price: { order: 'desc', missing: '_last' } }, { id: { order: 'desc' } }],
  'price:asc': [{ price: { order: 'asc', missing: '_last' } }, { id: { order: 'asc' } }],
};

/**
 * One search request answering hits, the exact count, disjunctive facet counts and facet stats.
 * Facet selections go in post_filter so each facet's aggregation can leave its own selection out.
 */
export function buildSearchBody(scope: SearchScope, request: SearchRequest, now: Date): API.Search_RequestBody {
  const owned = ownedFilters(request);
  const from = (request.page - 1) * request.hitsPerPage;
  const body: API.Search_RequestBody = {
    query: { bool: { filter: baseFilters(scope, request, now) } },
    sort: SORTS[request.sortBy],
    // Beyond the result window OpenSearch fails the whole search; such pages answer count and facets with no hits.
    from: from + request.hitsPerPage > MAX_RESULT_WINDOW ? 0 : from,
    size: from + request.hitsPerPage > MAX_RESULT_WINDOW ? 0 : request.hitsPerPage,
    track_total_hits: true,
    _source: ['hit'],
    aggs: facetAggregations(request, owned),
  };
  if (owned.length > 0) body.post_filter = allOf(owned.map((clause) => clause.query));
  return body;
}

/**
 * Indexes documents into each given index, with source_version as an external version: an older
 * document is refused (a version conflict the caller ignores), an equal one replaces, as in PostgreSQL.
 */
export function buildBulkUpsert(
  indices: readonly string[],
  documents: readonly SearchDocument[],
): API.Bulk_RequestBody {
  const body: API.Bulk_RequestBody = [];
  for (const index of indices) {
    for (const document of documents) {
      body.push(
        {
          index: {
            _index: index,
            _id: String(document.id),
            version: document.source_version,
            version_type: 'external_gte',
          },
        },
        document,
      );
    }
  }
  return body;
}

export function buildBulkDelete(indices: readonly string[], carIds: readonly number[]): API.Bulk_RequestBody {
  return indices.flatMap((index) => carIds.map((id) => ({ delete: { _index: index, _id: String(id) } })));
}

/** Sold cars whose listing window has passed, the same rule as the PostgreSQL purge. */
export function buildPurgeBody(now: Date): API.DeleteByQuery_RequestBody {
  return {
    query: {
      bool: { filter: [{ term: { status: 'sold' } }, { range: { listed_until: { lte: now.toISOString() } } }] },
    },
  };
}

/** One atomic alias change: the read alias leaves the old versions for the new one, which stops being built. */
export function buildSwapAliases(
  names: SiteIndexNames,
  oldIndices: readonly string[],
  newIndex: string,
): API.Indices_UpdateAliases_RequestBody {
  return {
    actions: [
      ...oldIndices.map((index) => ({ remove: { index, alias: names.read } })),
      { add: { index: newIndex, alias: names.read } },
      { remove: { index: newIndex, alias: names.building } },
    ],
  };
}
