import {
  createStockFixture,
  createTestDatabase,
  feedCar,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { PHOTO_PLACEHOLDER } from '@platform/domain';
import { FeedIngest } from '../feeds/feed-ingest';
import { FeedIntake } from '../feeds/feed-intake';
import { documentsAfter, documentsForCars } from '../indexing/car-documents';
import { storedPhotosOf } from './stored-photos';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const HASH_SPIN = 'c'.repeat(64);
const PHOTO_1 = 'https://photos.north.example/car-1/1.jpg';
const PHOTO_2 = 'https://photos.north.example/car-1/2.jpg';
const SPIN = 'https://photos.north.example/car-1/spin-0.jpg';
const SHARED = 'https://stock-system.example/shared.jpg';

describe('stored photos in the search projection (real PostgreSQL)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  const ids: Record<string, number> = {};
  const id = (stocknum: string): number => {
    const found = ids[stocknum];
    if (found === undefined) throw new Error(`no car ${stocknum} was loaded`);
    return found;
  };

  // The feed run already made each address's row (pending): the media worker's outcome, written here.
  const photo = (dealershipId: number, url: string, status: string, hash: string | null, width = 1600, height = 1200) =>
    db.dataSource.query(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, width, height) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (dealership_id, source_url) DO UPDATE SET status = EXCLUDED.status,
         content_hash = EXCLUDED.content_hash, width = EXCLUDED.width, height = EXCLUDED.height`,
      [dealershipId, url, status, hash, hash ? width : null, hash ? height : null],
    );

  beforeAll(async () => {
    db = await createTestDatabase('platform_stock_photos');
    fixture = await createStockFixture(db.dataSource, 'photos');
    const intake = new FeedIntake(db.dataSource);
    const ingest = new FeedIngest(db.dataSource);
    const load = async (dealershipId: number, cars: Record<string, unknown>[]) => {
      const id = await intake.receive({
        dealershipId,
        mode: 'delta',
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify(cars)),
      });
      expect((await ingest.run(id)).status).not.toBe('failed');
    };
    await load(fixture.north.id, [
      feedCar('N1', {
        images: [{ url: PHOTO_1 }, { url: PHOTO_2 }, { url: '/media/demo/ute-1.svg' }],
        spin_images: [SPIN],
      }),
      feedCar('N2', { images: [{ url: SHARED }] }),
    ]);
    await load(fixture.west.id, [feedCar('W1', { images: [{ url: SHARED }] })]);
    for (const row of (await db.dataSource.query(`SELECT id, stocknum FROM cars`)) as {
      id: number;
      stocknum: string;
    }[])
      ids[row.stocknum] = row.id;
    await photo(fixture.north.id, PHOTO_1, 'stored', HASH_A, 2000, 1500);
    await photo(fixture.north.id, PHOTO_2, 'pending', null);
    await photo(fixture.north.id, SPIN, 'stored', HASH_SPIN, 1200, 900);
    // The same address, stored for North only: West's car does not get North's copy.
    await photo(fixture.north.id, SHARED, 'stored', HASH_B, 800, 600);
    await photo(fixture.west.id, SHARED, 'refused', null);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it("puts each image's stored photo beside its public address: a placeholder for one not stored, the platform's own files as they are", async () => {
    const now = new Date();
    const { documents } = await documentsForCars(db.dataSource.manager, fixture.siteId, [id('N1')], now);
    const hit = documents[0]?.hit;
    expect(hit?.images).toEqual([
      { url: `/media/photos/${HASH_A}/w800`, thumb: null, photo: { hash: HASH_A, width: 2000, height: 1500 } },
      { url: PHOTO_PLACEHOLDER, thumb: null, photo: null },
      { url: '/media/demo/ute-1.svg', thumb: null, photo: null },
    ]);
    expect(hit?.primary_image_url).toBe(`/media/photos/${HASH_A}/w800`);
    expect(hit?.primary_photo).toEqual({ hash: HASH_A, width: 2000, height: 1500 });
    expect(hit?.photos_count).toBe(3);
  });

  it("uses a dealership's own row for an address: another dealership's stored copy of the same address is not used", async () => {
    const now = new Date();
    const { documents } = await documentsForCars(db.dataSource.manager, fixture.siteId, [id('N2'), id('W1')], now);
    const byStock = Object.fromEntries(documents.map((document) => [document.stocknum, document.hit]));
    expect(byStock['N2']?.images[0]?.photo).toEqual({ hash: HASH_B, width: 800, height: 600 });
    // West's own row for the address is refused: the photo leaves West's car and its count.
    expect(byStock['W1']?.images).toEqual([]);
    expect(byStock['W1']?.photos_count).toBe(0);
    expect(byStock['W1']?.primary_image_url).toBeNull();
    expect(byStock['W1']?.primary_photo).toBeNull();
    // A reindex builds the same documents.
    const all = await documentsAfter(db.dataSource.manager, fixture.siteId, 0, 100, now);
    expect(all.find((document) => document.stocknum === 'N2')?.hit.images[0]?.photo?.hash).toBe(HASH_B);
    expect(all.find((document) => document.stocknum === 'W1')?.hit.images).toEqual([]);
  });

  it('resolves a batch of cars in one query, spin frames included', async () => {
    const cars = (await db.dataSource.query(`SELECT dealership_id, data FROM cars ORDER BY id`)) as {
      dealership_id: number;
      data: Record<string, unknown>;
    }[];
    const queries: string[] = [];
    const query = db.dataSource.query.bind(db.dataSource);
    const spy = jest.spyOn(db.dataSource, 'query').mockImplementation(((sql: string, parameters?: unknown[]) => {
      queries.push(sql);
      return query(sql, parameters);
    }) as never);
    let lookup;
    try {
      lookup = await storedPhotosOf(db.dataSource, cars);
    } finally {
      spy.mockRestore();
    }
    expect(queries).toHaveLength(1);
    expect(lookup(fixture.north.id)(SPIN)).toEqual({ hash: HASH_SPIN, width: 1200, height: 900 });
    expect(lookup(fixture.west.id)(SPIN)).toBeNull();
    expect(lookup(fixture.north.id)('https://elsewhere.example/x.jpg')).toBeNull();
    expect(lookup(fixture.north.id)(null)).toBeNull();
    // Refused and unreachable rows are reported as dropped, for their own dealership only.
    expect(lookup(fixture.west.id).dropped(SHARED)).toBe(true);
    expect(lookup(fixture.north.id).dropped(SHARED)).toBe(false);
    expect(lookup(fixture.north.id).dropped(PHOTO_2)).toBe(false);
  });

  it('leaves an unreachable photo out of the document until it is stored, and never hands on its address', async () => {
    const now = new Date();
    await photo(fixture.north.id, PHOTO_2, 'unreachable', null);
    try {
      const { documents } = await documentsForCars(db.dataSource.manager, fixture.siteId, [id('N1')], now);
      const hit = documents[0]!.hit;
      expect(hit.images.map((image) => image.url)).toEqual([`/media/photos/${HASH_A}/w800`, '/media/demo/ute-1.svg']);
      expect(hit.photos_count).toBe(2);
      expect(JSON.stringify(documents[0])).not.toContain('photos.north.example');
      await photo(fixture.north.id, PHOTO_2, 'stored', HASH_B, 800, 600);
      const again = await documentsForCars(db.dataSource.manager, fixture.siteId, [id('N1')], now);
      expect(again.documents[0]!.hit.images[1]).toMatchObject({ url: `/media/photos/${HASH_B}/w800` });
      expect(again.documents[0]!.hit.photos_count).toBe(3);
    } finally {
      await photo(fixture.north.id, PHOTO_2, 'pending', null);
    }
  });
});
