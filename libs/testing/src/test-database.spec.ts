import { Client } from 'pg';
import { createTestDatabase, uniqueName } from './test-database';
import { uniqueRedisPrefix } from './test-redis';

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({
    connectionString: `${process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432'}/postgres`,
  });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('test isolation', () => {
  it('gives every call its own name and Redis prefix', () => {
    const names = new Set(Array.from({ length: 50 }, () => uniqueName('x')));
    expect(names.size).toBe(50);
    expect(uniqueRedisPrefix()).not.toBe(uniqueRedisPrefix());
  });

  it('creates a migrated database of its own and drops it on destroy', async () => {
    const [a, b] = await Promise.all([createTestDatabase('platform_iso'), createTestDatabase('platform_iso')]);
    const nameOf = (url: string) => new URL(url).pathname.slice(1);
    try {
      expect(a.url).not.toBe(b.url);
      await a.dataSource.query(`INSERT INTO sites (slug, name) VALUES ('only-in-a', 'A')`);
      expect(await b.dataSource.query(`SELECT slug FROM sites`)).toEqual([]);
      expect(await a.dataSource.query(`SELECT name FROM migrations`)).toContainEqual({
        name: 'Foundation1763700000000',
      });
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
    expect(await databaseExists(nameOf(a.url))).toBe(false);
    expect(await databaseExists(nameOf(b.url))).toBe(false);
  });
});
