export * from './search-engine';
export * from './postgres/postgres-search-engine';
