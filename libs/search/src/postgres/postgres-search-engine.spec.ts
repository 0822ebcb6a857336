import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { searchEngineContract } from '../contract/search-engine.contract';
import { PostgresSearchEngine } from './postgres-search-engine';

describe('PostgresSearchEngine (real PostgreSQL): the SearchEngine contract', () => {
  searchEngineContract(async () => {
    const db: TestDatabase = await createTestDatabase('platform_search_pg');
    return {
      engine: new PostgresSearchEngine(db.dataSource),
      settle: async () => undefined,
      teardown: () => db.destroy(),
    };
  });
});
