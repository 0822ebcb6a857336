import { cache } from 'react';
import { z } from 'zod';
import {
  ModelSearchSchema,
  RANGE_FACETS,
  TERM_FACETS,
  SearchResultSchema,
  type FacetName,
  type ModelSearchInput,
  type SearchRequestInput,
  type SearchResult,
} from '@platform/domain';
import { apiGet, apiPost, segment } from './client';

/**
 * Stock search through the site API (POST /api/sites/{slug}/search). Not kept in Next's data cache:
 * the API caches per site until its index changes, and a stale page of stock is worse than a request.
 * Deduplicated per request by the JSON of the body.
 */
const searchByJson = cache(async (siteSlug: string, json: string): Promise<SearchResult> =>
  apiPost(`/api/sites/${segment(siteSlug)}/search`, JSON.parse(json) as unknown, SearchResultSchema, {
    cache: 'no-store',
  }),
);

export function searchStock(siteSlug: string, request: SearchRequestInput): Promise<SearchResult> {
  return searchByJson(siteSlug, JSON.stringify(request));
}

/** The values of some facets across a site's whole stock (one hit, no filters): for resolving URL slugs. */
export async function facetValues(siteSlug: string, facets: FacetName[]): Promise<SearchResult['facets']> {
  const result = await searchStock(siteSlug, { hitsPerPage: 1, facets });
  return result.facets;
}

/** The special-offers search: one dealership's cars by categories and price, 21 a page. */
export function searchSpecialOffers(
  siteSlug: string,
  body: { dealership_id: number; categories?: string[]; price?: string; page: number },
): Promise<SearchResult> {
  return apiPost(`/api/sites/${segment(siteSlug)}/search/special-offers`, body, SearchResultSchema, {
    cache: 'no-store',
  });
}

/** The model directory search (spec 000 §7): cars by make, model and body, 21 a page, facets make, model and body. */
export async function searchModels(siteSlug: string, body: ModelSearchInput): Promise<SearchResult> {
  return apiPost(`/api/sites/${segment(siteSlug)}/search/models`, ModelSearchSchema.parse(body), SearchResultSchema, {
    cache: 'no-store',
  });
}

/** What the understand endpoint answers that the search page uses: the request a sentence stands for. */
const SentenceSearchSchema = z.object({
  request: z.object({
    query: z.string().optional(),
    filters: z.partialRecord(z.enum(TERM_FACETS), z.array(z.string())),
    ranges: z.partialRecord(z.enum(RANGE_FACETS), z.string()),
  }),
});
export type SentenceRequest = z.output<typeof SentenceSearchSchema>['request'];

/**
 * A shopper's sentence read with the site's own vocabulary (GET /api/sites/{slug}/search/understand):
 * the filters, ranges and leftover words it stands for. Kept by Next for the minute the api keeps
 * the site's vocabulary, so a popular sentence is read once a minute.
 */
export async function understandSentence(siteSlug: string, sentence: string): Promise<SentenceRequest> {
  const path = `/api/sites/${segment(siteSlug)}/search/understand?q=${encodeURIComponent(sentence)}`;
  return (await apiGet(path, SentenceSearchSchema, { next: { revalidate: 60 } })).request;
}
