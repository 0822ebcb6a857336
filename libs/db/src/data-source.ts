import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export interface DatabaseOptions {
  url: string;
  /** Largest number of pooled connections (default 10). */
  poolSize?: number;
  /** Application name shown in pg_stat_activity. */
  applicationName?: string;
  /** How long acquiring a pooled connection may take (default 5 s: a request fails fast when PostgreSQL is gone). */
  connectTimeoutMs?: number;
}

export function dataSourceOptions({
  url,
  poolSize = 10,
  applicationName = 'dealer-platform',
  connectTimeoutMs = 5000,
}: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // uuid keys default to gen_random_uuid(), built into PostgreSQL 13+: no extension is needed, and
    // migrations own the schema, so TypeORM must not try CREATE EXTENSION on every connect.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    logging: false,
    applicationName,
    extra: { max: poolSize, connectionTimeoutMillis: connectTimeoutMs },
  };
}

export function createDataSource(options: DatabaseOptions): DataSource {
  return new DataSource(dataSourceOptions(options));
}

/** Applies pending migrations inside one transaction each; returns their names. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((m) => m.name);
}
