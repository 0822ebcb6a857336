import { SiteConfigStore } from '@platform/site-config';
import { createStockFixture, createTestDatabase, type StockFixture, type TestDatabase } from '@platform/testing';
import { dueFeeds } from './feed-sweep';
import { SyndicationFeedWriter } from './feed-writer';

/**
 * The sweep's change marker against transactions that overlap a generation (real PostgreSQL). A
 * car's updated_at is its transaction's start, not its commit: a change written by a transaction
 * that commits after the generation read the dealership's cars must still make the feed due, even
 * when a later-started transaction committed first with a newer updated_at.
 */
describe('syndication sweep: changes that commit after a generation read its cars', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let writer: SyndicationFeedWriter;
  let configs: SiteConfigStore;
  const timing = { quietMs: 0, maxWaitMs: 0, maxAgeMs: 24 * 3600_000 };
  const soon = () => new Date(Date.now() + 60_000);

  const addCar = async (stocknum: string): Promise<number> => {
    const [car] = (await db.dataSource.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price, km)
       VALUES ($1, $2, $3, 'used', 'Toyota', 'Hilux', 2022, 45990, 20000) RETURNING id`,
      [fixture.north.id, stocknum, `2022-toyota-hilux-${stocknum.toLowerCase()}`],
    )) as { id: number }[];
    return car!.id;
  };
  const dueForNorth = async () =>
    (await dueFeeds(db.dataSource, configs, soon(), timing))
      .filter((feed) => feed.dealershipId === fixture.north.id)
      .map((feed) => feed.channel)
      .sort();

  beforeAll(async () => {
    db = await createTestDatabase('syndication_sweep');
    fixture = await createStockFixture(db.dataSource, 'sweep', {
      syndication: { google_enabled: true, meta_enabled: true },
    });
    configs = new SiteConfigStore(db.dataSource);
    writer = new SyndicationFeedWriter(db.dataSource, configs);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('regenerates for a change its generation could not see, though a newer change had committed first', async () => {
    const slow = await addCar('S1');
    const quick = await addCar('Q1');
    for (const channel of ['google', 'meta'] as const) await writer.generate(fixture.north.id, channel);
    expect(await dueForNorth()).toEqual([]);

    // A feed batch starts (its updated_at is this moment) and writes a car, then stays open...
    const batch = db.dataSource.createQueryRunner();
    await batch.connect();
    try {
      await batch.startTransaction();
      await batch.query(`UPDATE cars SET price = 39990, updated_at = now() WHERE id = $1`, [slow]);
      // ...while a later transaction changes another car and commits, so the newest visible
      // updated_at is after the batch's.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await db.dataSource.query(`UPDATE cars SET km = 21000, updated_at = now() WHERE id = $1`, [quick]);
      expect(await dueForNorth()).toEqual(['google', 'meta']);
      for (const channel of ['google', 'meta'] as const) await writer.generate(fixture.north.id, channel);
      await batch.commitTransaction();
    } finally {
      await batch.release();
    }

    // The files hold the old price of S1: the feeds must be due until they are written again.
    expect(await dueForNorth()).toEqual(['google', 'meta']);
    for (const channel of ['google', 'meta'] as const) await writer.generate(fixture.north.id, channel);
    expect(await dueForNorth()).toEqual([]);
  });

  it('tells apart a change a fraction of a millisecond after the marker', async () => {
    const car = await addCar('U1');
    for (const channel of ['google', 'meta'] as const) await writer.generate(fixture.north.id, channel);
    await db.dataSource.query(
      `UPDATE syndication_feeds SET source_changed_at = '2030-01-01 00:00:00.123400+00' WHERE dealership_id = $1`,
      [fixture.north.id],
    );
    await db.dataSource.query(`UPDATE cars SET updated_at = '2030-01-01 00:00:00.123400+00' WHERE id = $1`, [car]);
    expect(await dueForNorth()).toEqual([]);
    await db.dataSource.query(`UPDATE cars SET updated_at = '2030-01-01 00:00:00.123700+00' WHERE id = $1`, [car]);
    expect(await dueForNorth()).toEqual(['google', 'meta']);
  });

  it('records the marker to the microsecond', async () => {
    await writer.generate(fixture.north.id, 'google');
    const [row] = (await db.dataSource.query(
      `SELECT f.source_changed_at = (SELECT max(updated_at) FROM cars WHERE dealership_id = $1) AS exact
       FROM syndication_feeds f WHERE f.dealership_id = $1 AND f.channel = 'google'`,
      [fixture.north.id],
    )) as { exact: boolean }[];
    expect(row!.exact).toBe(true);
  });

  it.each([
    [
      'suspended',
      `UPDATE sites SET status = 'suspended' WHERE id = $1`,
      `UPDATE sites SET status = 'active' WHERE id = $1`,
    ],
    [
      'retired',
      `UPDATE sites SET retired_at = now() WHERE id = $1`,
      `UPDATE sites SET retired_at = NULL WHERE id = $1`,
    ],
  ])(
    'writes no feed for a dealership of a %s site (issue 51), and writes it again once active',
    async (_, stop, resume) => {
      const generation = async () =>
        (
          (await db.dataSource.query(
            `SELECT generation FROM syndication_feeds WHERE dealership_id = $1 AND channel = 'google'`,
            [fixture.north.id],
          )) as { generation: number }[]
        )[0]?.generation ?? 0;
      // Never written, as far as the sweep can tell: due whatever the earlier tests left.
      await db.dataSource.query(`UPDATE syndication_feeds SET generated_at = NULL WHERE dealership_id = $1`, [
        fixture.north.id,
      ]);
      expect(await dueForNorth()).toEqual(['google', 'meta']);
      await db.dataSource.query(stop, [fixture.siteId]);
      try {
        expect(await dueForNorth()).toEqual([]);
        const before = await generation();
        // A job queued before the site stopped writes nothing either.
        await expect(writer.generate(fixture.north.id, 'google')).resolves.toEqual({ outcome: 'site-not-serving' });
        expect(await generation()).toBe(before);
      } finally {
        await db.dataSource.query(resume, [fixture.siteId]);
      }
      expect(await dueForNorth()).toEqual(['google', 'meta']);
    },
  );
});
