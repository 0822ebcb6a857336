import { Client } from 'pg';

/** Splits a connection URL into the server URL (maintenance database) and the database name. */
export function parseDatabaseUrl(url: string): { adminUrl: string; database: string } {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(database)) throw new Error(`DATABASE_URL names an unusable database '${database}'`);
  parsed.pathname = '/postgres';
  return { adminUrl: parsed.toString(), database };
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const { adminUrl, database } = parseDatabaseUrl(url);
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount) return false;
    await client.query(`CREATE DATABASE "${database}"`);
    return true;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const { adminUrl, database } = parseDatabaseUrl(url);
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
