import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource, dropDatabase, ensureDatabase, presentEnv, runMigrations } from '@platform/db';

export interface TestDatabase {
  url: string;
  dataSource: DataSource;
  /** Closes the connection and drops the database. */
  destroy(): Promise<void>;
}

const SERVER_URL = presentEnv().TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';

/** A unique name per call, so parallel test files and CI runs never share a database. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** Creates a fresh database, applies every migration and returns a connected data source. */
export async function createTestDatabase(prefix = 'platform_test'): Promise<TestDatabase> {
  const url = `${SERVER_URL.replace(/\/$/, '')}/${uniqueName(prefix)}`;
  await ensureDatabase(url);
  // Generous: test files share two cores, and a CPU-bound step (the demo generator) can hold the
  // event loop past the production timeout while a connect is pending.
  const dataSource = createDataSource({
    url,
    poolSize: 4,
    applicationName: 'platform-tests',
    connectTimeoutMs: 30_000,
  });
  await dataSource.initialize();
  await runMigrations(dataSource);
  return {
    url,
    dataSource,
    async destroy() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await dropDatabase(url);
    },
  };
}
