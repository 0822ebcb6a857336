import type { SearchHit } from './search-document';
import type { VisibilityFilter } from './visibility-filter';

export interface FacetStats {
  min: number;
  max: number;
}

/** What every engine answers (spec 000 'Search response'): hits, count, facets with stats, pages, ms. */
export interface SearchResult {
  hits: SearchHit[];
  count: number;
  /** Facet name to value to count; a facet's own selection does not narrow its own counts. */
  facets: Record<string, Record<string, number>>;
  facetStats: Record<string, FacetStats>;
  pages: number;
  page: number;
  ms: number;
}

/** The site a search is scoped to: its dealerships and its visibility filters. */
export interface SearchScope {
  siteId: number;
  dealershipIds: readonly number[];
  visibilityFilters: readonly VisibilityFilter[];
  /** Add 'price > 0' when sorting by price ascending (a per-site setting). */
  positivePriceOnPriceAsc: boolean;
}
