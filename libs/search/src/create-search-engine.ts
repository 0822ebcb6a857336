import type { DataSource } from 'typeorm';
import type { SearchEngine } from './search-engine';
import { PostgresSearchEngine } from './postgres/postgres-search-engine';

/** Chooses the engine from configuration: OpenSearch when a URL is set, else the PostgreSQL projection. */
export function createSearchEngine(options: { dataSource: DataSource; opensearchUrl?: string; indexPrefix: string }): SearchEngine {
  if (options.opensearchUrl) {
    throw new Error('OPENSEARCH_URL is set but the OpenSearch adapter is not wired yet');
  }
  return new PostgresSearchEngine(options.dataSource);
}
