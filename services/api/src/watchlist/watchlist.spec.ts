import { feedCar as car } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { signIn } from '../testing/sign-in';

const DAY = 24 * 3600_000;
const PHONE = { typed: '0412 555 001', e164: '+61412555001' };

describe('watchlist API (real PostgreSQL and Redis)', () => {
  let h: SiteApiHarness;
  let cookie: string;
  const ids: Record<string, number> = {};

  const call = (action: 'save-car' | 'remove-car', body: object, as: string | null = cookie) => {
    const req = h.http().post(`/api/watchlist/${action}`).send(body);
    return as ? req.set('Cookie', as) : req;
  };
  const list = (as: string | null = cookie) => {
    const req = h.http().get('/api/watchlist');
    return as ? req.set('Cookie', as) : req;
  };
  const savedRows = async (carId: number) =>
    (
      (await h.db.dataSource.query(`SELECT count(*)::int AS n FROM watchlist_items WHERE car_id = $1`, [carId])) as [
        { n: number },
      ]
    )[0].n;

  beforeAll(async () => {
    h = await createSiteApiHarness('watchlist', { siteConfig: { search: { visibility_filters: ['-make:Suzuki'] } } });
    await h.load(h.fixture.north.id, [
      car('L1', {
        make: 'Toyota',
        model: 'Hilux',
        badge: 'SR5',
        year: 2022,
        price: 45990,
        images: [{ url: '/media/demo/ute-1.svg' }],
      }),
      car('L2', { make: 'Mazda', model: 'BT-50', year: 2021, price: 0 }),
      car('L3', { make: 'Ford', model: 'Ranger', year: 2023, price: 52990, status: 'coming_soon' }),
      car('HIDDEN', { show_on_dealer_website: false }),
      car('GONE', { status: 'sold', sold_date: new Date(Date.now() - 10 * DAY).toISOString() }),
      car('SUZUKI', { make: 'Suzuki', model: 'Jimny' }),
    ]);
    // A car of another site: saving it through this site's session must fail.
    const [other] = (await h.db.dataSource.query(
      `INSERT INTO sites (slug, name) VALUES ('test-site-watchlist-other', 'Other Motors') RETURNING id`,
    )) as [{ id: number }];
    const [dealer] = (await h.db.dataSource.query(
      `INSERT INTO dealerships (site_id, slug, name) VALUES ($1, 'other-watchlist', 'Other Dealer') RETURNING id`,
      [other.id],
    )) as [{ id: number }];
    await h.load(dealer.id, [car('ELSEWHERE')]);
    for (const row of (await h.db.dataSource.query(`SELECT id, stocknum FROM cars`)) as {
      id: number;
      stocknum: string;
    }[])
      ids[row.stocknum] = row.id;
    cookie = await signIn(h, PHONE.typed, PHONE.e164);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('needs sign-in: 401 problem details with success false and the message', async () => {
    for (const res of [
      await call('save-car', { phone_number: PHONE.typed, car_id: ids.L1 }, null).expect(401),
      await list(null).expect(401),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({
        status: 401,
        title: 'Sign-in required',
        success: false,
        message: 'Please sign in to continue.',
      });
    }
    await call('remove-car', { phone_number: PHONE.typed, car_id: ids.L1 }, 'dp_session=not-a-session').expect(401);
  });

  it("refuses a phone number that is not the signed-in shopper's (403)", async () => {
    const res = await call('save-car', { phone_number: '0412 555 999', car_id: ids.L1 }).expect(403);
    expect(res.body).toMatchObject({
      success: false,
      message: 'This phone number is not the one you signed in with. Please sign in again.',
    });
    expect(await savedRows(ids.L1)).toBe(0);
  });

  it('refuses a bad body naming each field, still with success false and a message', async () => {
    const res = await call('save-car', { phone_number: 'abc', car_id: 'x', extra: 1 }).expect(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/^The watchlist request is invalid/);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'phone_number', message: 'Please enter a valid Australian mobile number.' },
        { path: 'car_id', message: 'car_id must be a car id' },
        { path: 'extra', message: "Unknown field 'extra': remove it or check its spelling" },
      ]),
    );
  });

  it('saves a car the site shows, once however often it is saved', async () => {
    expect((await call('save-car', { phone_number: PHONE.typed, car_id: ids.L1 }).expect(200)).body).toEqual({
      success: true,
    });
    // The number as typed another way, and the id as a string, are the same request.
    expect(
      (await call('save-car', { phone_number: '+61 412 555 001', car_id: String(ids.L1) }).expect(200)).body,
    ).toEqual({ success: true });
    expect(await savedRows(ids.L1)).toBe(1);
  });

  it.each([
    ['hidden from the dealer website', 'HIDDEN'],
    ['sold past its listing window', 'GONE'],
    ["excluded by the site's visibility filters", 'SUZUKI'],
    ['of another site', 'ELSEWHERE'],
  ])('answers 404 for a car %s', async (_label, stocknum) => {
    const res = await call('save-car', { phone_number: PHONE.typed, car_id: ids[stocknum] }).expect(404);
    expect(res.body).toMatchObject({
      success: false,
      title: 'Car not found',
      message: expect.stringContaining('not available on this site'),
    });
    expect(await savedRows(ids[stocknum])).toBe(0);
  });

  it('answers 404 for a car that does not exist', async () => {
    await call('save-car', { phone_number: PHONE.typed, car_id: 999999 }).expect(404);
    await call('remove-car', { phone_number: PHONE.typed, car_id: 999999 }).expect(404);
  });

  it("lists saved cars newest first with today's price and status", async () => {
    await call('save-car', { phone_number: PHONE.typed, car_id: ids.L2 }).expect(200);
    await call('save-car', { phone_number: PHONE.typed, car_id: ids.L3 }).expect(200);
    const before = await list().expect(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body.items.map((item: { car_id: number }) => item.car_id)).toEqual([ids.L3, ids.L2, ids.L1]);
    expect(before.body.items[2]).toEqual({
      car_id: ids.L1,
      slug: expect.stringMatching(/^2022-toyota-hilux/),
      title: '2022 Toyota Hilux SR5',
      price: { kind: 'price', amount: 45990, text: '$45,990', was: null },
      status: 'in_stock',
      in_stock: true,
      image: '/media/demo/ute-1.svg',
      saved_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // Saving a car asks for no alerts (issue 43): following it, with a channel ticked, does.
      alerts: false,
      alert_channels: [],
      consents: [],
    });
    expect(before.body.items[1]).toMatchObject({
      car_id: ids.L2,
      price: { kind: 'no_price', amount: null, text: 'Enquire for price.' },
      image: null,
    });
    expect(before.body.items[0]).toMatchObject({ car_id: ids.L3, status: 'coming_soon', in_stock: false });

    // The dealer drops the price of L1 and sells L3: the list shows both at once.
    await h.load(h.fixture.north.id, [
      car('L1', {
        make: 'Toyota',
        model: 'Hilux',
        badge: 'SR5',
        year: 2022,
        price: 42990,
        before_price: 45990,
        images: [{ url: '/media/demo/ute-1.svg' }],
      }),
      car('L3', {
        make: 'Ford',
        model: 'Ranger',
        year: 2023,
        price: 52990,
        status: 'sold',
        sold_date: new Date().toISOString(),
      }),
    ]);
    const after = await list().expect(200);
    const byId = new Map(after.body.items.map((item: { car_id: number }) => [item.car_id, item]));
    expect(byId.get(ids.L1)).toMatchObject({
      price: { kind: 'price', amount: 42990, text: '$42,990', was: 45990 },
      status: 'in_stock',
      in_stock: true,
    });
    expect(byId.get(ids.L3)).toMatchObject({ status: 'sold', in_stock: false });
  });

  it('removes a car; removing it again is harmless', async () => {
    expect((await call('remove-car', { phone_number: PHONE.typed, car_id: ids.L2 }).expect(200)).body).toEqual({
      success: true,
    });
    expect(await savedRows(ids.L2)).toBe(0);
    expect((await call('remove-car', { phone_number: PHONE.typed, car_id: ids.L2 }).expect(200)).body).toEqual({
      success: true,
    });
    const { body } = await list().expect(200);
    expect(body.items.map((item: { car_id: number }) => item.car_id)).not.toContain(ids.L2);
    // A car that has since sold can still be removed.
    await call('remove-car', { phone_number: PHONE.typed, car_id: ids.L3 }).expect(200);
    expect(await savedRows(ids.L3)).toBe(0);
    await call('remove-car', { phone_number: PHONE.typed, car_id: ids.ELSEWHERE }).expect(404);
    await call('remove-car', { phone_number: '0412 555 999', car_id: ids.L1 }).expect(403);
  });

  it("keeps each shopper's list to themselves", async () => {
    const other = await signIn(h, '0412 555 002', '+61412555002');
    expect((await list(other).expect(200)).body).toEqual({ items: [] });
    await call('save-car', { phone_number: '0412 555 002', car_id: ids.L1 }, other).expect(200);
    expect(await savedRows(ids.L1)).toBe(2);
  });

  it('stops working after sign-out', async () => {
    const shopper = await signIn(h, '0412 555 003', '+61412555003');
    await h.http().post(`/api/sites/${h.siteSlug}/sign-out`).set('Cookie', shopper).expect(204);
    await call('save-car', { phone_number: '0412 555 003', car_id: ids.L1 }, shopper).expect(401);
  });
});
