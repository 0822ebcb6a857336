import { rm } from 'node:fs/promises';
import { Client } from 'pg';
import { e2eDatabaseName, e2eMediaDir, POSTGRES_URL } from './e2e-env';

/** Drops this run's database and media store, so runs leave nothing behind. */
export default async function globalTeardown(): Promise<void> {
  await rm(e2eMediaDir(), { recursive: true, force: true });
  const database = e2eDatabaseName();
  const client = new Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await client.connect();
  try {
    // FORCE ends the API's pooled connections, which may still be open while the web servers stop.
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
