import fc from 'fast-check';
import { DateTime } from 'luxon';
import { createStockFixture, createTestDatabase, type StockFixture, type TestDatabase } from '@platform/testing';
import { rollUpAll, rollUpFacts } from './roll-up';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 25);
const FROM = '2026-10-01';
const TO = '2026-10-10';
const NOW = new Date('2026-10-08T03:00:00Z'); // 8 October in both zones: the 9th and 10th are still ahead.
const FORMS = ['vehicle', 'test_drive', 'finance', '__proto__', 'constructor'];
const RESERVATION_STATUSES = ['pending_payment', 'held', 'completed', 'released', 'cancelled', 'expired', 'refunded'];
const COUNTED = new Set(['held', 'completed', 'released', 'cancelled', 'refunded']);

interface Fact {
  car_id: number;
  day: string;
  views: number;
  phone_reveals: number;
  enquiries: number;
  enquiries_by_form: Record<string, number>;
  reservations: number;
  watchlist_saves: number;
  price: number | null;
  status: string;
}

describe('daily facts roll-up (real PostgreSQL)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let perth: number;
  let shopperIds: string[];

  beforeAll(async () => {
    db = await createTestDatabase('platform_insight_facts');
    fixture = await createStockFixture(db.dataSource, 'facts');
    // A dealership in Perth, whose day starts two hours after Brisbane's: its facts follow its own calendar.
    [{ id: perth }] = await db.dataSource.query(
      `INSERT INTO dealerships (site_id, slug, name) VALUES ($1, 'perth-facts', 'Perth Motors') RETURNING id`,
      [fixture.siteId],
    );
    await db.dataSource.query(
      `INSERT INTO locations (dealership_id, name, slug, "primary", street, city, state, postcode, time_zone)
       VALUES ($1, 'Perth Sales', 'perth-sales', true, '1 Main St', 'Perth', 'WA', '6000', 'Australia/Perth')`,
      [perth],
    );
    shopperIds = [];
    for (let i = 0; i < 6; i += 1) {
      const [{ id }] = await db.dataSource.query(`INSERT INTO shoppers (site_id, phone) VALUES ($1, $2) RETURNING id`, [
        fixture.siteId,
        `+6141200000${i}`,
      ]);
      shopperIds.push(id);
    }
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
  });

  const zoneOf = (dealershipId: number): string => (dealershipId === perth ? 'Australia/Perth' : 'Australia/Brisbane');
  const dayIn = (at: string, zone: string): string => DateTime.fromISO(at).setZone(zone).toISODate() as string;
  const moment = fc
    .integer({ min: Date.parse('2026-09-29T00:00:00Z'), max: Date.parse('2026-10-12T00:00:00Z') })
    .map((ms) => new Date(ms).toISOString());
  const day = fc
    .integer({ min: 0, max: 13 })
    .map((d) => DateTime.fromISO('2026-09-29').plus({ days: d }).toISODate() as string);

  const carArb = fc.record({
    owner: fc.constantFrom<'north' | 'perth'>('north', 'perth'),
    listed: moment,
    sold: fc.option(moment, { nil: null }),
    withdrawn: fc.option(moment, { nil: null }),
    price: fc.option(fc.integer({ min: 1000, max: 90_000 }), { nil: null }),
    coming: fc.boolean(),
  });
  const scenario = fc.record({
    cars: fc.array(carArb, { minLength: 1, maxLength: 4 }),
    events: fc.array(
      fc.record({
        car: fc.nat(),
        kind: fc.constantFrom('view', 'phone_reveal'),
        day,
        count: fc.integer({ min: 1, max: 50 }),
      }),
      { maxLength: 20 },
    ),
    leads: fc.array(fc.record({ car: fc.nat(), form: fc.constantFrom(...FORMS), at: moment }), { maxLength: 12 }),
    reservations: fc.array(fc.record({ car: fc.nat(), status: fc.constantFrom(...RESERVATION_STATUSES), at: moment }), {
      maxLength: 6,
    }),
    saves: fc.array(fc.record({ car: fc.nat(), shopper: fc.nat({ max: 5 }), at: moment }), { maxLength: 8 }),
  });
  type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

  async function load(s: Scenario): Promise<{ id: number; dealershipId: number; car: Scenario['cars'][number] }[]> {
    const q = db.dataSource;
    await q.query(`TRUNCATE car_daily_facts, car_event_days, leads, reservations, watchlist_items CASCADE`);
    await q.query(`DELETE FROM cars`);
    const cars: { id: number; dealershipId: number; car: Scenario['cars'][number] }[] = [];
    for (const [i, car] of s.cars.entries()) {
      const dealershipId = car.owner === 'perth' ? perth : fixture.north.id;
      const status = car.sold ? 'sold' : car.coming ? 'coming_soon' : 'in_stock';
      const [{ id }] = await q.query(
        `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price, status, sold_date, withdrawn_at, created_at)
         VALUES ($1, $2, $2, 'used', 'Kia', 'Rio', 2020, $3, $4, $5, $6, $7) RETURNING id`,
        [dealershipId, `F${i}`, car.price, status, car.sold, car.withdrawn, car.listed],
      );
      cars.push({ id, dealershipId, car });
    }
    const pick = (n: number) => cars[n % cars.length];
    for (const e of s.events) {
      const c = pick(e.car);
      await q.query(
        `INSERT INTO car_event_days (car_id, site_id, kind, day, dealership_id, count) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (car_id, site_id, kind, day) DO UPDATE SET count = car_event_days.count + EXCLUDED.count`,
        [c.id, fixture.siteId, e.kind, e.day, c.dealershipId, e.count],
      );
    }
    for (const l of s.leads) {
      const c = pick(l.car);
      await q.query(
        `INSERT INTO leads (site_id, dealership_id, car_id, form, category, fields, user_data, created_at)
         VALUES ($1, $2, $3, $4, 'sales', '{}', '{}', $5)`,
        [fixture.siteId, c.dealershipId, c.id, l.form, l.at],
      );
    }
    for (const r of s.reservations) {
      const c = pick(r.car);
      // One open (pending or held) reservation per car: the rest are stored as finished ones.
      await q.query(
        `INSERT INTO reservations (site_id, dealership_id, car_id, car_summary, contact, deposit_cents, payment_provider, payment_deadline, status, created_at)
         VALUES ($1, $2, $3, '{}', '{}', 50000, 'local', $4, $5, $4)
         ON CONFLICT DO NOTHING`,
        [fixture.siteId, c.dealershipId, c.id, r.at, r.status],
      );
    }
    for (const w of s.saves) {
      const c = pick(w.car);
      await q.query(
        `INSERT INTO watchlist_items (shopper_id, car_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [shopperIds[w.shopper], c.id, w.at],
      );
    }
    return cars;
  }

  /** The plain recount: every raw row read back and counted by hand in each dealership's zone. */
  async function recount(cars: Awaited<ReturnType<typeof load>>): Promise<Fact[]> {
    const q = db.dataSource;
    const facts = new Map<string, Fact>();
    const inRange = (d: string) => d >= FROM && d <= TO;
    const byId = new Map(cars.map((c) => [c.id, c]));
    const fact = (carId: number, d: string): Fact => {
      const key = `${carId}|${d}`;
      let f = facts.get(key);
      if (!f) {
        const { car, dealershipId } = byId.get(carId)!;
        const zone = zoneOf(dealershipId);
        const sold = car.sold ? dayIn(car.sold, zone) : null;
        const withdrawn = car.withdrawn ? dayIn(car.withdrawn, zone) : null;
        const status =
          withdrawn && withdrawn <= d
            ? 'withdrawn'
            : sold && sold <= d
              ? 'sold'
              : car.coming && !car.sold
                ? 'coming_soon'
                : 'in_stock';
        f = {
          car_id: carId,
          day: d,
          views: 0,
          phone_reveals: 0,
          enquiries: 0,
          enquiries_by_form: Object.create(null) as Record<string, number>,
          reservations: 0,
          watchlist_saves: 0,
          price: car.price,
          status,
        };
        facts.set(key, f);
      }
      return f;
    };
    for (const { id, dealershipId, car } of cars) {
      const zone = zoneOf(dealershipId);
      const today = dayIn(NOW.toISOString(), zone);
      const ends = [TO, today, car.sold && dayIn(car.sold, zone), car.withdrawn && dayIn(car.withdrawn, zone)].filter(
        (d): d is string => typeof d === 'string',
      );
      const last = ends.sort()[0];
      const listed = dayIn(car.listed, zone);
      for (
        let d = listed > FROM ? listed : FROM;
        d <= last;
        d = DateTime.fromISO(d).plus({ days: 1 }).toISODate() as string
      )
        fact(id, d);
    }
    for (const e of await q.query(`SELECT car_id, kind, day::text AS day, count FROM car_event_days`)) {
      if (!inRange(e.day)) continue;
      const f = fact(e.car_id, e.day);
      if (e.kind === 'view') f.views += e.count;
      else f.phone_reveals += e.count;
    }
    for (const l of await q.query(`SELECT car_id, form, created_at FROM leads`)) {
      const d = dayIn((l.created_at as Date).toISOString(), zoneOf(byId.get(l.car_id)!.dealershipId));
      if (!inRange(d)) continue;
      const f = fact(l.car_id, d);
      f.enquiries += 1;
      f.enquiries_by_form[l.form] = (f.enquiries_by_form[l.form] ?? 0) + 1;
    }
    for (const r of await q.query(`SELECT car_id, status, created_at FROM reservations`)) {
      const d = dayIn((r.created_at as Date).toISOString(), zoneOf(byId.get(r.car_id)!.dealershipId));
      if (!inRange(d) || !COUNTED.has(r.status)) continue;
      fact(r.car_id, d).reservations += 1;
    }
    for (const w of await q.query(`SELECT car_id, created_at FROM watchlist_items`)) {
      const d = dayIn((w.created_at as Date).toISOString(), zoneOf(byId.get(w.car_id)!.dealershipId));
      if (inRange(d)) fact(w.car_id, d).watchlist_saves += 1;
    }
    return [...facts.values()].sort((a, b) => a.car_id - b.car_id || a.day.localeCompare(b.day));
  }

  const stored = async (): Promise<Fact[]> =>
    db.dataSource.query(
      `SELECT car_id, day::text AS day, views, phone_reveals, enquiries, enquiries_by_form, reservations, watchlist_saves, price, status
       FROM car_daily_facts ORDER BY car_id, day`,
    );

  it('equals a plain recount of random raw events, and a second run changes nothing (property)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const cars = await load(s);
        await rollUpFacts(db.dataSource, { from: FROM, to: TO, now: NOW });
        const first = await stored();
        expect(first).toEqual(await recount(cars));
        await rollUpAll(db.dataSource, { from: FROM, to: TO, now: NOW }, 1);
        expect(await stored()).toEqual(first);
      }),
      { numRuns: RUNS },
    );
  }, 240_000);

  it('keeps the price a past day was first rolled up with, and re-reads today’s', async () => {
    const cars = await load({
      cars: [
        { owner: 'north', listed: '2026-10-06T00:00:00Z', sold: null, withdrawn: null, price: 20_000, coming: false },
      ],
      events: [],
      leads: [],
      reservations: [],
      saves: [],
    });
    await rollUpFacts(db.dataSource, { from: FROM, to: TO, now: NOW });
    await db.dataSource.query(`UPDATE cars SET price = 18000 WHERE id = $1`, [cars[0].id]);
    await rollUpFacts(db.dataSource, { from: FROM, to: TO, now: NOW });
    expect((await stored()).map((f) => [f.day, f.price])).toEqual([
      ['2026-10-06', 20_000],
      ['2026-10-07', 20_000],
      ['2026-10-08', 18_000],
    ]);
  });
});
