export * from './search-engine';
export * from './create-search-engine';
export * from './index-version';
export * from './postgres/postgres-search-engine';
export * from './memory/in-memory-search-engine';
export { buildSearchSql } from './postgres/query-builder';
export * from './opensearch/opensearch-search-engine';
