import type { DataSource } from 'typeorm';
import type { SearchEngine } from './search-engine';
import { DEFAULT_MEMORY_MAX_DOCUMENTS, InMemorySearchEngine } from './memory/in-memory-search-engine';
import { createOpenSearchClient, OpenSearchSearchEngine } from './opensearch/opensearch-search-engine';
import { PostgresSearchEngine } from './postgres/postgres-search-engine';

/**
 * Chooses the engine from configuration: OpenSearch when a URL is set; else the PostgreSQL
 * projection, answered from an in-process index of each site unless `memoryMaxDocuments` is 0.
 */
export function createSearchEngine(options: {
  dataSource: DataSource;
  opensearchUrl?: string;
  indexPrefix: string;
  /** Documents held in memory across sites (SEARCH_MEMORY_MAX_DOCUMENTS); 0 answers every search from PostgreSQL. */
  memoryMaxDocuments?: number;
}): SearchEngine {
  if (options.opensearchUrl) {
    return new OpenSearchSearchEngine({
      client: createOpenSearchClient(options.opensearchUrl),
      indexPrefix: options.indexPrefix,
    });
  }
  const maxDocuments = options.memoryMaxDocuments ?? DEFAULT_MEMORY_MAX_DOCUMENTS;
  if (maxDocuments === 0) return new PostgresSearchEngine(options.dataSource);
  return new InMemorySearchEngine(options.dataSource, { maxDocuments });
}
