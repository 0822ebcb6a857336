import type { SearchDocument, SearchRequest, SearchResult, SearchScope } from '@platform/domain';

/**
 * A reindex in progress: a new index version that receives every document of the site (and, while
 * it is open, every live upsert and removal too), then replaces the live version atomically.
 */
export interface ReindexSession {
  readonly version: string;
  /** Writes documents into the new version only. */
  write(documents: readonly SearchDocument[]): Promise<void>;
  /** Swaps the new version in atomically and drops the old one. */
  commit(): Promise<void>;
  /** Drops the new version; the live one is untouched. */
  abort(): Promise<void>;
}

/**
 * The search port (ARCHITECTURE.md 'Search engines'). Each site has its own versioned index; queries
 * always apply the base visibility filter themselves, so correctness never waits for a sweep.
 */
export interface SearchEngine {
  readonly kind: 'postgres' | 'memory' | 'opensearch';
  /**
   * Writes documents to the site's live index (created on first use) and to a version being built.
   * A document never replaces one with a higher source_version.
   */
  upsert(siteId: number, documents: readonly SearchDocument[]): Promise<void>;
  /** Removes cars from every version of the site's index; missing ones are ignored. */
  remove(siteId: number, carIds: readonly number[]): Promise<void>;
  query(scope: SearchScope, request: SearchRequest, now?: Date): Promise<SearchResult>;
  beginReindex(siteId: number): Promise<ReindexSession>;
  /** Deletes documents whose listing window has passed; returns how many. Housekeeping only. */
  purgeExpired(now: Date): Promise<number>;
  /** Drops every index of a site (tests and site removal). */
  dropSite(siteId: number): Promise<void>;
  close(): Promise<void>;
}
