import { createDataSource, DEFAULT_DATABASE_URL, ensureDatabase, presentEnv, runMigrations } from '../index';

/** `node libs/db/dist/cli/migrate.js`: creates the database if needed and applies migrations. */
async function main(): Promise<void> {
  const url = presentEnv().DATABASE_URL ?? DEFAULT_DATABASE_URL;
  await ensureDatabase(url);
  const dataSource = createDataSource({ url, poolSize: 2, applicationName: 'platform-migrate' });
  await dataSource.initialize();
  try {
    const applied = await runMigrations(dataSource);
    console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
