import type { Types } from '@opensearch-project/opensearch';
import {
  isRangeFacet,
  isTermFacet,
  requestedFacets,
  type FacetStats,
  type SearchHit,
  type SearchRequest,
  type SearchResult,
} from '@platform/domain';

/** The parts of a search response buildSearchBody asks for; the client types them loosely. */
interface SearchResponseBody {
  hits?: { total?: number | { value: number }; hits?: { _source?: { hit?: SearchHit } }[] };
  aggregations?: Record<
    string,
    {
      values?: { buckets?: { key: string | number; doc_count: number }[] };
      stats?: { count: number; min: number | null; max: number | null };
    }
  >;
}

/**
 * Reads a search response into the engine-neutral result, shaped as the PostgreSQL engine shapes it:
 * every facet named in request.facets is present (possibly empty); without request.facets only facets
 * with values appear; stats only where the facet has values.
 */
export function readSearchResult(responseBody: unknown, request: SearchRequest, ms: number): SearchResult {
  const body = (responseBody ?? {}) as SearchResponseBody;
  const total = body.hits?.total;
  const count = typeof total === 'number' ? total : (total?.value ?? 0);
  const hits = (body.hits?.hits ?? []).flatMap((hit) => (hit._source?.hit ? [hit._source.hit] : []));

  const facets: Record<string, Record<string, number>> = {};
  for (const facet of request.facets ?? []) facets[facet] = {};
  const facetStats: Record<string, FacetStats> = {};
  for (const facet of requestedFacets(request)) {
    const aggregation = body.aggregations?.[facet];
    if (isTermFacet(facet)) {
      for (const bucket of aggregation?.values?.buckets ?? [])
        (facets[facet] ??= {})[String(bucket.key)] = bucket.doc_count;
    } else if (isRangeFacet(facet)) {
      const stats = aggregation?.stats;
      if (stats && stats.count > 0 && stats.min !== null && stats.max !== null)
        facetStats[facet] = { min: stats.min, max: stats.max };
    }
  }

  return {
    hits,
    count,
    facets,
    facetStats,
    pages: Math.ceil(count / request.hitsPerPage),
    page: request.page,
    ms,
  };
}

/** Bulk outcomes that are the intended result, not failures. */
function isExpected(operation: string, item: Types.Core_Bulk.ResponseItem): boolean {
  const type = item.error?.type;
  // An older source_version than the stored document's: the newer one must stay.
  if (operation === 'index' && item.status === 409 && type === 'version_conflict_engine_exception') return true;
  // Removing a car that is not there.
  if (operation === 'delete' && item.status === 404 && type === undefined) return true;
  // A version retired (swapped out, aborted, dropped) after the write resolved its targets: the
  // version that replaced it was a target too.
  return type === 'index_not_found_exception';
}

/** The reasons of the bulk items that failed unexpectedly, as 'index/id: type: reason'. */
export function bulkFailures(response: Types.Core_Bulk.BulkResponse): string[] {
  if (!response.errors) return [];
  const failures: string[] = [];
  for (const item of response.items) {
    for (const [operation, result] of Object.entries(item) as [string, Types.Core_Bulk.ResponseItem | undefined][]) {
      if (!result || (!result.error && result.status < 300) || isExpected(operation, result)) continue;
      failures.push(
        `${result._index}/${result._id ?? '?'}: ${result.error?.type ?? `status ${result.status}`}: ${result.error?.reason ?? 'no reason given'}`,
      );
    }
  }
  return failures;
}
