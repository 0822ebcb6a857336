import { DateTime } from 'luxon';
import fc from 'fast-check';
import { legibleKey } from '@platform/domain';
import { computeCarInsights, rollUpAll } from '@platform/events';
import { createStockFixture, feedCar, type StockFixture } from '@platform/testing';
import { percent, signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-dealer-insights-0123456789';

/** Stock insights in the dealer console (issue 41), against real PostgreSQL and Redis. */
describe('Dealer console stock insights (real PostgreSQL and Redis)', () => {
  let api: SiteApiHarness;
  let other: StockFixture;
  let owner: SignedInDealer;
  let westOwner: SignedInDealer;
  const ids = { north: [] as number[], west: [] as number[], otherSite: [] as number[] };

  const carIds = async (dealershipId: number): Promise<number[]> =>
    (
      (await api.db.dataSource.query(`SELECT id FROM cars WHERE dealership_id = $1 ORDER BY id`, [dealershipId])) as {
        id: number;
      }[]
    ).map((row) => row.id);

  beforeAll(async () => {
    api = await createSiteApiHarness('dealerinsights', { env: { OPS_TOKEN } });
    other = await createStockFixture(api.db.dataSource, 'dealerinsights-other');
    await api.load(api.fixture.north.id, [feedCar('N1', { price: 45990 }), feedCar('N2', { price: 39990, km: 60000 })]);
    // Issue 53: West holds a base D-MAX SX Single Cab (150 days in stock), a D-MAX variant no other
    // dealer has, and an 'enquire for price' car; the other site holds the market around them.
    const dmax = (stocknum: string, badge: string, price: number) =>
      feedCar(stocknum, { make: 'Isuzu', model: 'D-MAX', badge, year: 2022, km: 30000, price });
    await api.load(api.fixture.west.id, [
      feedCar('W1'),
      dmax('WSX', 'SX Single Cab', 30000),
      dmax('WLS', 'LS-U Crew Cab', 52000),
      feedCar('WPOA', { price: 0 }),
    ]);
    await api.load(other.north.id, [feedCar('O1')]);
    await api.load(other.west.id, [
      ...[29000, 31000, 32000, 33000, 35000].map((price, i) => dmax(`OSX${i}`, 'sx  single-cab', price)),
      ...[58000, 60000, 61000, 62000, 64000, 65000].map((price, i) => dmax(`OXT${i}`, 'X-Terrain', price)),
      dmax('OLS', 'LS-U Crew Cab', 53000),
    ]);
    ids.north = await carIds(api.fixture.north.id);
    ids.west = await carIds(api.fixture.west.id);
    ids.otherSite = await carIds(other.north.id);
    await api.db.dataSource.query(`UPDATE cars SET created_at = now() - interval '45 days' WHERE id = $1`, [
      ids.north[0],
    ]);
    await api.db.dataSource.query(`UPDATE cars SET created_at = now() - interval '150 days' WHERE id = $1`, [
      ids.west[1],
    ]);
    await api.db.dataSource.query(
      `INSERT INTO car_event_days (car_id, site_id, kind, day, dealership_id, count)
       SELECT $1, $2, 'view', (now() AT TIME ZONE 'Australia/Sydney')::date - g, $3, 10 + g FROM generate_series(0, 9) g`,
      [ids.north[0], api.fixture.siteId, api.fixture.north.id],
    );
    await rollUpAll(api.db.dataSource, {
      from: new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10),
      to: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    });
    await computeCarInsights(api.db.dataSource);
    owner = await signInDealer(api, OPS_TOKEN, 'olive@north.example', [
      { dealership: api.fixture.north.slug, role: 'owner' },
    ]);
    westOwner = await signInDealer(api, OPS_TOKEN, 'wendy@west.example', [
      { dealership: api.fixture.west.slug, role: 'viewer' },
    ]);
  });

  afterAll(async () => {
    await api?.close();
  });

  it("lists the user's live cars with days in stock, views, ageing buckets and a 30-day sparkline", async () => {
    const { body } = await owner.get('/api/dealer/insights/stock?sort=views7&order=desc').expect(200);
    expect(body.cars.map((car: { id: number }) => car.id)).toEqual(ids.north);
    expect(body.total).toBe(2);
    expect(body.buckets).toEqual({ '0-30': 1, '31-60': 1, '61-90': 0, '90+': 0 });
    const first = body.cars[0];
    expect(first).toMatchObject({ daysInStock: 45, bucket: '31-60', views7: 10 + 11 + 12 + 13 + 14 + 15 + 16 });
    expect(first.dailyViews).toHaveLength(30);
    expect(first.dailyViews.slice(-3)).toEqual([12, 11, 10]);
    // Listed today: its sparkline is today alone, not 29 days of zeros before it was listed.
    expect(body.cars[1]).toMatchObject({ daysInStock: 0, dailyViews: [0] });
    expect(first.band).toEqual(expect.any(String));
    const filtered = await owner.get('/api/dealer/insights/stock?bucket=0-30').expect(200);
    expect(filtered.body.cars.map((car: { id: number }) => car.id)).toEqual([ids.north[1]]);
    expect(filtered.body).toMatchObject({ total: 2, matching: 1 });
    // One page at a time: the second page of one car is the second car in the same order.
    const second = await owner.get('/api/dealer/insights/stock?sort=views7&order=desc&limit=1&page=2').expect(200);
    expect(second.body).toMatchObject({ total: 2, matching: 2 });
    expect(second.body.cars.map((car: { id: number }) => car.id)).toEqual([ids.north[1]]);
    const beyond = await owner.get('/api/dealer/insights/stock?limit=1&page=3').expect(200);
    expect(beyond.body).toMatchObject({ cars: [], matching: 2 });
  });

  it('shows a car’s 90 days, rating, anonymous market comparison and days to sell', async () => {
    const { body } = await owner.get(`/api/dealer/insights/cars/${ids.north[0]}`).expect(200);
    // Listed 45 days ago: the charts start on its listing day, not with 44 days of zeros before it.
    expect(body.daily).toHaveLength(46);
    // The first day is the listing day, 45 calendar days before today's (the last): compared on the
    // api's own calendar, never UTC's, which is a day behind Australia's for part of every day.
    expect(DateTime.fromISO(body.daily.at(-1).day).minus({ days: 45 }).toISODate()).toBe(body.daily[0].day);
    expect(body.daily.at(-1)).toMatchObject({ views: 10 });
    expect(body.rating).toMatchObject({ score: expect.any(Number), band: expect.any(String) });
    expect(body.daysToSell.text).toEqual(expect.any(String));
    // Figures only: no other car's id, slug or dealership anywhere in the answer.
    const text = JSON.stringify(body);
    for (const id of [...ids.west, ...ids.otherSite]) expect(text).not.toMatch(new RegExp(`"id":${id}\\b`));
    expect(text).not.toContain('West Motors');
  });

  it('compares a base D-MAX only with the same variant, and says so when too few similar cars exist (issue 53)', async () => {
    const [, sx, ls] = ids.west;
    const { body } = await westOwner.get(`/api/dealer/insights/cars/${sx}`).expect(200);
    // The five SX Single Cabs (29,000-35,000), not the X-Terrains at 58,000-65,000.
    expect(body.market).toMatchObject({ status: 'enough', average: 32000, comparables: 5, position: 'below' });
    expect(body.market.range.max).toBeLessThan(40000);
    // One market average on the page: every dollar figure said to be "the market average" is it.
    const averages = JSON.stringify(body).match(/market average (?:of )?\$[\d,]+/g) ?? [];
    for (const said of averages) expect(said).toMatch(/\$32,000$/);
    expect(JSON.stringify(body)).not.toMatch(/\$(1[5-9]|2\d),\d00 below the market/);
    const thin = await westOwner.get(`/api/dealer/insights/cars/${ls}`).expect(200);
    expect(thin.body.market).toMatchObject({
      status: 'not-enough',
      average: null,
      comparables: 1,
      position: 'unknown',
    });
    expect(thin.body.market.text).toBe('Not enough similar cars to compare its price with.');
    expect(thin.body.rating.explanation).not.toMatch(/market average/);
    const list = await westOwner.get('/api/dealer/insights/stock').expect(200);
    const row = (id: number) => list.body.cars.find((car: { id: number }) => car.id === id);
    expect(row(sx)).toMatchObject({ marketAverage: 32000, pricePosition: 'below' });
    expect(row(ls)).toMatchObject({ marketAverage: null, pricePosition: 'unknown' });
  });

  it('never shows an enquire-for-price car as $0 nor compares its price (issue 53)', async () => {
    const poa = ids.west[3];
    const list = await westOwner.get('/api/dealer/insights/stock?sort=price&order=asc').expect(200);
    expect(list.body.cars.find((car: { id: number }) => car.id === poa)).toMatchObject({
      price: null,
      pricePosition: 'unknown',
    });
    const { body } = await westOwner.get(`/api/dealer/insights/cars/${poa}`).expect(200);
    expect(body.car.price).toBeNull();
    expect(body.market.position).toBe('unknown');
    for (const point of body.daily) expect(point.price).toBeNull();
    expect(JSON.stringify(body)).not.toMatch(/\$0\b/);
  });

  it('never estimates a sale sooner than the days the car has already been in stock (issue 53)', async () => {
    const sx = ids.west[1];
    await api.db.dataSource.query(
      `UPDATE car_insights SET days_to_sell = 68, days_to_sell_at_market = 40 WHERE car_id = $1`,
      [sx],
    );
    const { body } = await westOwner.get(`/api/dealer/insights/cars/${sx}`).expect(200);
    expect(body.car.daysInStock).toBe(150);
    expect(body.daysToSell.text).not.toMatch(/likely to sell in about 68 days/i);
    expect(body.daysToSell.text).toMatch(/^In stock 150 days, longer than similar cars usually take \(about 68 days\)/);
    expect(body.daysToSell.overdue).toBe(true);
  });

  it('answers another dealership’s car, on this site or another, exactly as an unknown one: 404 (property)', async () => {
    const unknown = await owner.get('/api/dealer/insights/cars/2147483647').expect(404);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ids.west, ...ids.otherSite), async (id) => {
        const answer = await owner.get(`/api/dealer/insights/cars/${id}`);
        expect(answer.status).toBe(404);
        expect({ ...answer.body, instance: undefined }).toEqual({ ...unknown.body, instance: undefined });
      }),
      { numRuns: 10 },
    );
    await westOwner.get(`/api/dealer/insights/cars/${ids.north[0]}`).expect(404);
    const west = await westOwner.get('/api/dealer/insights/stock').expect(200);
    expect(west.body.cars.map((car: { id: number }) => car.id).sort((a: number, b: number) => a - b)).toEqual(ids.west);
    await owner.get(`/api/dealer/insights/stock?dealership=${api.fixture.west.slug}`).expect(404);
  });

  it('sums up the dealership: leads by form and week, stock turn, top and bottom cars', async () => {
    const { body } = await owner.get('/api/dealer/insights/overview').expect(200);
    expect(body.leadsByWeek).toHaveLength(12);
    expect(body.liveCars).toBe(2);
    expect(body.top.map((car: { id: number }) => car.id).sort()).toEqual([...ids.north].sort());
  });

  it('never answers hostile query strings or ids with a 5xx, and names the field of a 400 (property)', async () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.constantFrom('__proto__', 'constructor', '%00', '\u0000', '\ud800', '-1', '1e3', '0x10', '9'.repeat(400)),
    );
    const keys = [
      'dealership',
      'sort',
      'order',
      'band',
      'bucket',
      'position',
      'limit',
      'page',
      '__proto__',
      'constructor',
      '\u0000',
      'page\u0000',
      '\u001f\u007f',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), hostile, hostile, async (key, value, rawId) => {
        for (const path of ['/api/dealer/insights/stock', '/api/dealer/insights/overview']) {
          const answer = await owner.get(`${path}?${percent(key)}=${percent(value)}`);
          expect(answer.status).toBeLessThan(500);
          if (answer.status === 400) {
            // A known field by name, or the edge naming the key that carried a NUL, written legibly.
            const named = (answer.body.errors as { path: string }[])[0]!.path;
            if (named !== `query.${legibleKey(key)}`)
              expect(named).toMatch(/^(query\.)?(dealership|sort|order|band|bucket|position|limit|page)$/);
          }
        }
        const car = await owner.get(`/api/dealer/insights/cars/${percent(rawId)}`);
        expect([200, 400, 404]).toContain(car.status); // 400: the edge refuses a NUL in a path
        if (car.status === 200) expect(ids.north).toContain(Number(rawId));
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
    );
  });
});
