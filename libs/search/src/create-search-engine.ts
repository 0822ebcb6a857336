import type { DataSource } from 'typeorm';
import type { SearchEngine } from './search-engine';
import { createOpenSearchClient, OpenSearchSearchEngine } from './opensearch/opensearch-search-engine';
import { PostgresSearchEngine } from './postgres/postgres-search-engine';

/** Chooses the engine from configuration: OpenSearch when a URL is set, else the PostgreSQL projection. */
export function createSearchEngine(options: {
  dataSource: DataSource;
  opensearchUrl?: string;
  indexPrefix: string;
}): SearchEngine {
  if (options.opensearchUrl) {
    return new OpenSearchSearchEngine({
      client: createOpenSearchClient(options.opensearchUrl),
      indexPrefix: options.indexPrefix,
    });
  }
  return new PostgresSearchEngine(options.dataSource);
}
