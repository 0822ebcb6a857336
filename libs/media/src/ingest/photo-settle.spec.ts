import fc from 'fast-check';
import { FeedIngest, FeedIntake } from '@platform/stock';
import {
  createStockFixture,
  createTestDatabase,
  feedCar,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { settleDuePhotos } from './photo-settle';

const HASH = 'a'.repeat(64);

describe('settling the cars of stored photos (real feed ingest and PostgreSQL)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let intake: FeedIntake;
  let fixtures = 0;
  /** A site and dealership of its own, so the cars are only the ones pushed next. */
  const freshDealership = async () => {
    fixtures += 1;
    fixture = await createStockFixture(db.dataSource, `settle-${fixtures}`);
  };

  beforeAll(async () => {
    db = await createTestDatabase('platform_photo_settle');
    intake = new FeedIntake(db.dataSource);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  /** A snapshot of cars, each with the photo addresses given; applied as the feed job would. */
  async function push(cars: { stocknum: string; images: string[] }[]): Promise<void> {
    const id = await intake.receive({
      dealershipId: fixture.north.id,
      mode: 'snapshot',
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify(cars.map((car) => feedCar(car.stocknum, { images: car.images })))),
    });
    await new FeedIngest(db.dataSource).run(id);
  }

  /** Marks photos as PhotoIngest records a stored one: stored, and its cars owed a settle. */
  const markStored = async (urls: string[]) =>
    db.dataSource.query(
      `UPDATE photos SET status = 'stored', content_hash = $2, format = 'jpeg', width = 900, height = 600, settle_due = true
       WHERE dealership_id = $3 AND source_url = ANY($1::text[])`,
      [urls, HASH, fixture.north.id],
    );
  const changesByStocknum = async (): Promise<Record<string, number>> => {
    const rows = (await db.dataSource.query(
      `SELECT c.stocknum, count(ch.id)::int AS n FROM cars c LEFT JOIN car_changes ch ON ch.car_id = c.id
       WHERE c.dealership_id = $1 GROUP BY c.stocknum`,
      [fixture.north.id],
    )) as { stocknum: string; n: number }[];
    return Object.fromEntries(rows.map((row) => [row.stocknum, row.n]));
  };

  it('gives each car of the marked photos one change, however many of its photos were marked, and no other car any', async () => {
    const pool = Array.from({ length: 8 }, (_, i) => `https://photos.example.com.au/p/${i}.jpg`);
    const stock = fc.uniqueArray(
      fc.record({
        stocknum: fc.stringMatching(/^[A-Z][A-Z0-9]{2,6}$/),
        images: fc.uniqueArray(fc.constantFrom(...pool), { maxLength: 5 }),
      }),
      { minLength: 1, maxLength: 6, selector: (car) => car.stocknum },
    );
    await fc.assert(
      fc.asyncProperty(stock, fc.subarray(pool), async (cars, marked) => {
        await freshDealership();
        await push(cars);
        await settleDuePhotos(db.dataSource);
        const before = await changesByStocknum();
        await markStored(marked);

        const settled = await settleDuePhotos(db.dataSource);

        const after = await changesByStocknum();
        const expected = cars.map((car) => [car.stocknum, car.images.some((url) => marked.includes(url)) ? 1 : 0]);
        expect(cars.map((car) => [car.stocknum, after[car.stocknum]! - before[car.stocknum]!])).toEqual(expected);
        expect(settled.cars).toBe(expected.filter(([, n]) => n === 1).length);
        expect(settled.sites).toEqual(settled.cars > 0 ? [fixture.siteId] : []);
        expect(await db.dataSource.query(`SELECT id FROM photos WHERE settle_due`)).toEqual([]);
        // Nothing is marked now, so a second settle changes nothing.
        expect(await settleDuePhotos(db.dataSource)).toEqual({ photos: 0, cars: 0, sites: [] });
      }),
      { numRuns: 25 },
    );
  });

  it('never waits on a car another transaction holds: its photo stays marked until a later round', async () => {
    const url = 'https://photos.example.com.au/held.jpg';
    await freshDealership();
    await push([
      { stocknum: 'HELD1', images: [url] },
      { stocknum: 'FREE1', images: ['https://photos.example.com.au/free.jpg'] },
    ]);
    await settleDuePhotos(db.dataSource);
    const [{ id: held }] = (await db.dataSource.query(
      `SELECT id FROM cars WHERE stocknum = 'HELD1' AND dealership_id = $1`,
      [fixture.north.id],
    )) as {
      id: number;
    }[];
    await markStored([url, 'https://photos.example.com.au/free.jpg']);
    const before = await changesByStocknum();
    const runner = db.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // A feed batch applying the car holds its row.
      await runner.query(`SELECT id FROM cars WHERE id = $1 FOR UPDATE`, [held]);
      const round = await settleDuePhotos(db.dataSource);
      expect(round).toMatchObject({ photos: 1, cars: 1 });
      const marked = (await db.dataSource.query(`SELECT source_url FROM photos WHERE settle_due`)) as {
        source_url: string;
      }[];
      expect(marked.map((row) => row.source_url)).toEqual([url]);
    } finally {
      await runner.commitTransaction();
      await runner.release();
    }
    expect(await settleDuePhotos(db.dataSource)).toMatchObject({ photos: 1, cars: 1 });
    const after = await changesByStocknum();
    expect([after.HELD1! - before.HELD1!, after.FREE1! - before.FREE1!]).toEqual([1, 1]);
  });
});
