import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource, dropDatabase, ensureDatabase, runMigrations } from './index';

// @platform/testing builds on this library, so this suite makes its own throwaway database.
const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';

async function createTestDatabase(
  prefix: string,
): Promise<{ url: string; dataSource: DataSource; destroy(): Promise<void> }> {
  const url = `${SERVER_URL}/${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(url);
  const dataSource = createDataSource({ url, poolSize: 2 });
  await dataSource.initialize();
  await runMigrations(dataSource);
  return {
    url,
    dataSource,
    destroy: async () => {
      await dataSource.destroy();
      await dropDatabase(url);
    },
  };
}
type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe('migrations (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('platform_db_spec');
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('build exactly the schema the entities describe (nothing for synchronize to do)', async () => {
    const pending = await db.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('are recorded, so a second run applies nothing', async () => {
    expect(await db.dataSource.runMigrations()).toEqual([]);
  });

  it('refuse a location outside an Australian time zone and a car with an unknown status', async () => {
    const q = db.dataSource.createQueryRunner();
    try {
      const [site] = await q.query(`INSERT INTO sites (slug, name) VALUES ('s', 'S') RETURNING id`);
      const [dealer] = await q.query(
        `INSERT INTO dealerships (site_id, slug, name) VALUES ($1, 'd', 'D') RETURNING id`,
        [site.id],
      );
      await expect(
        q.query(
          `INSERT INTO locations (dealership_id, name, slug, street, city, state, postcode, time_zone) VALUES ($1, 'L', 'l', '1 St', 'City', 'VIC', '3000', 'Europe/London')`,
          [dealer.id],
        ),
      ).rejects.toThrow(/ck_locations_time_zone/);
      await expect(
        q.query(
          `INSERT INTO cars (dealership_id, stocknum, slug, car_type, status, make, model, year) VALUES ($1, 'A1', 'a1', 'used', 'gone', 'Isuzu', 'D-Max', 2024)`,
          [dealer.id],
        ),
      ).rejects.toThrow(/ck_cars_status/);
    } finally {
      await q.release();
    }
  });
});
