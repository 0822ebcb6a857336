import { PHOTO_PLACEHOLDER } from '@platform/domain';
import { feedCar as car } from '@platform/testing';
import { flatText, parsePdf } from '../testing/parse-pdf';
import { createSiteApiHarness, eventually, type SiteApiHarness } from '../testing/site-api.harness';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('vehicle API (real PostgreSQL, Redis and workers)', () => {
  let h: SiteApiHarness;
  const slugs: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const siteCar = (slug: string) => h.http().get(`/api/sites/${h.siteSlug}/cars/${slug}`);

  beforeAll(async () => {
    h = await createSiteApiHarness('cars', {
      siteConfig: {
        finance: { provider: 'taurus' },
        features: { market_price_enabled: true },
        phone: { filter_by_car_type: true, numbers: { new: '', used: '+61 7 3000 1234', demo: '' } },
      },
      env: { PHONE_REVEAL_LIMIT_PER_MINUTE: '3' },
    });
    const yard = h.fixture.north.primaryLocationId;
    await h.db.dataSource.query(`UPDATE locations SET phone = '+61 7 3111 2222' WHERE id = $1`, [yard]);
    // Brisbane sales hours Monday to Saturday 9 to 5; closed Sundays.
    for (const weekday of [1, 2, 3, 4, 5, 6]) {
      await h.db.dataSource.query(
        `INSERT INTO location_hours (location_id, department, weekday, status, open, close) VALUES ($1, 'sales', $2, 'Open', '09:00', '17:00')`,
        [yard, weekday],
      );
    }
    await h.db.dataSource.query(
      `INSERT INTO location_hours (location_id, department, weekday, status, open, close) VALUES ($1, 'sales', 0, 'Closed', NULL, NULL)`,
      [yard],
    );
    await h.load(h.fixture.north.id, [
      car('V1', {
        make: 'Toyota',
        model: 'Hilux',
        badge: 'SR5',
        year: 2022,
        price: 45990,
        before_price: 48990,
        km: 30000,
        vin: 'MR0FB8CD000000001',
        dealercomments: 'One owner, full service history.',
        features: ['Reversing camera', 'Apple CarPlay'],
        images: [{ url: '/media/demo/ute-1.svg' }, { url: '/media/demo/ute-2.svg' }],
        autograb_data: { state_average_market_price: 47990, average_market_price: 47000 },
        finance_lenders: {
          taurus: {
            interestRate: 8.5,
            comparisonRate: 9.1,
            paymentWeek: 155,
            disclaimer: 'Finance is provided by Taurus subject to approval. '.repeat(6),
          },
        },
      }),
      car('V2', { make: 'Toyota', model: 'Hilux', year: 2021, price: 44990, km: 40000 }),
      car('V3', { make: 'Toyota', model: 'Hilux', year: 2023, price: 49990, km: 25000 }),
      car('V4', {
        make: 'Toyota',
        model: 'Hilux',
        year: 2022,
        price: 46990,
        km: 35000,
        status: 'sold',
        sold_date: new Date(Date.now() - 10 * DAY).toISOString(),
      }),
      car('V5', { make: 'Lotus', model: 'Emira', year: 2024, price: 0, km: 100, car_type: 'new' }),
      car('V6', { make: 'Toyota', model: 'Hilux', year: 2022, price: 47500, km: 28000, show_on_dealer_website: false }),
    ]);
    await h.load(h.fixture.west.id, [
      car('W1', { make: 'Toyota', model: 'Hilux', year: 2022, price: 43990, km: 31000 }),
    ]);
    const rows = (await h.db.dataSource.query(`SELECT id, stocknum, slug FROM cars`)) as {
      id: number;
      stocknum: string;
      slug: string;
    }[];
    for (const row of rows) {
      slugs[row.stocknum] = row.slug;
      ids[row.stocknum] = row.id;
    }
  });

  afterAll(async () => {
    await h?.close();
  });

  describe('GET /api/sites/{site}/cars/{slug}', () => {
    it('answers the full car, its dealership and location, and the derived display fields', async () => {
      const res = await siteCar(slugs.V1).expect(200);
      expect(res.body.car).toMatchObject({
        slug: slugs.V1,
        stocknum: 'V1',
        name: '2022 Toyota Hilux SR5',
        make: 'Toyota',
        model: 'Hilux',
        status: 'in_stock',
        sold: false,
        price: 45990,
        before_price: 48990,
        km: 30000,
        vin: 'MR0FB8CD000000001',
        dealercomments: 'One owner, full service history.',
        dealership_slug: h.fixture.north.slug,
        location: { city: 'Brisbane', phone: '+61 7 3111 2222' },
      });
      expect(res.body.dealership).toMatchObject({ slug: h.fixture.north.slug, name: 'North Motors' });
      expect(res.body.location).toMatchObject({ name: 'Brisbane Sales', time_zone: 'Australia/Brisbane' });
      expect(res.body.derived).toMatchObject({
        in_stock: true,
        available: true,
        sold_display: false,
        listed: true,
        price: { kind: 'price', amount: 45990, text: '$45,990', was: 48990 },
        can_reserve: true,
        reserve_path: `/cars/${slugs.V1}/checkout`,
        // More than 499 below the state average of 47,990.
        market_badge: true,
        // The used-car number wins over the location's when filter_by_car_type is on.
        phone: { display: '07 3000 1234', masked: '07 300X XXXX', href: 'tel:0730001234' },
        finance_teaser: { eligible: true, provider: 'taurus', comparisonRate: 9.1 },
        trade_in_path: `/cars/trade-in?car_id=${res.body.car.id}`,
      });
    });

    it('still answers a sold car past its listing window, marked unlisted with the SOLD treatment', async () => {
      const res = await siteCar(slugs.V4).expect(200);
      expect(res.body.derived).toMatchObject({
        listed: false,
        sold_display: true,
        can_reserve: false,
        tag: { kind: 'sold', label: 'SOLD' },
      });
    });

    it('answers a car without a price with the no-price text and no reservation', async () => {
      const res = await siteCar(slugs.V5).expect(200);
      expect(res.body.derived.price).toEqual({ kind: 'no_price', amount: null, text: 'Enquire for price.', was: null });
      expect(res.body.derived.can_reserve).toBe(false);
    });

    it('answers 404 for a hidden car, an unknown slug and a car of another site, 400 for a malformed slug', async () => {
      await siteCar(slugs.V6).expect(404);
      const unknown = await siteCar('no-such-car').expect(404);
      expect(unknown.body).toMatchObject({
        title: 'Car not found',
        detail: "No car has the slug 'no-such-car' on this site.",
      });
      await h.db.dataSource.query(`INSERT INTO sites (slug, name) VALUES ('other-site', 'Other')`);
      await h.http().get(`/api/sites/other-site/cars/${slugs.V1}`).expect(404);
      const bad = await siteCar('Bad Slug!').expect(400);
      expect(bad.body.errors[0]).toEqual({
        path: '(root)',
        message: 'Use a car slug: lower-case letters, digits and hyphens',
      });
    });
  });

  describe('GET /api/cars/{slug}/view.json', () => {
    it('counts the view through the queue and answers the refreshed fields when the page copy is stale', async () => {
      const before = (await h.db.dataSource.query(`SELECT views FROM cars WHERE stocknum = 'V2'`))[0].views as number;
      const res = await h
        .http()
        .get(
          `/api/cars/${slugs.V2}/view.json?photos_count=0&updated_at=2020-01-01T00:00:00Z&website_id=${h.fixture.siteId}`,
        )
        .expect(200);
      expect(res.body.views).toBe(before + 1);
      expect(res.body.car_fields).toMatchObject({ status: 'in_stock', price: 44990, sold: false });
      await eventually(
        async () => (await h.db.dataSource.query(`SELECT views FROM cars WHERE stocknum = 'V2'`))[0].views as number,
        (views) => views === before + 1,
        'the car-views worker to count the view',
      );
      const [day] = await h.db.dataSource.query(
        `SELECT count, dealership_id FROM car_event_days WHERE kind = 'view' AND car_id = (SELECT id FROM cars WHERE stocknum = 'V2')`,
      );
      expect(day).toEqual({ count: 1, dealership_id: h.fixture.north.id });
    });

    it('answers no fields when the page copy is current', async () => {
      const now = new Date(Date.now() + HOUR).toISOString();
      const res = await h
        .http()
        .get(`/api/cars/${slugs.V3}/view.json?updated_at=${encodeURIComponent(now)}`)
        .expect(200);
      expect(res.body.car_fields).toEqual({});
    });

    it('refuses bad query values and answers 404 for a car of another website', async () => {
      const res = await h
        .http()
        .get(`/api/cars/${slugs.V3}/view.json?photos_count=many&updated_at=yesterday`)
        .expect(400);
      expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['photos_count', 'updated_at']);
      await h.http().get(`/api/cars/${slugs.V3}/view.json?website_id=999999`).expect(404);
    });
  });

  describe('POST /api/cars/{slug}/phone-reveal', () => {
    it('accepts a reveal with 202 and the worker records it per car, dealership, website and day', async () => {
      await h
        .http()
        .post(`/api/cars/${slugs.V3}/phone-reveal`)
        .send({ car_id: ids.V3, dealership_id: h.fixture.north.id, website_id: h.fixture.siteId })
        .expect(202, { status: 'accepted' });
      const rows = await eventually(
        () =>
          h.db.dataSource.query(
            `SELECT car_id, site_id, dealership_id, count, day FROM car_event_days WHERE kind = 'phone_reveal'`,
          ) as Promise<Record<string, unknown>[]>,
        (r) => r.length === 1,
        'the phone-reveals worker to record the reveal',
      );
      expect(rows[0]).toMatchObject({ site_id: h.fixture.siteId, dealership_id: h.fixture.north.id, count: 1 });
      expect(Object.keys(rows[0]).sort()).toEqual(['car_id', 'count', 'day', 'dealership_id', 'site_id']);
    });

    it('refuses missing ids and ids that do not match the car, naming the field', async () => {
      const missing = await h.http().post(`/api/cars/${slugs.V3}/phone-reveal`).send({}).expect(400);
      expect(missing.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['dealership_id', 'website_id']);
      // One request for both mismatches: the route allows 3 a minute here.
      const wrong = await h
        .http()
        .post(`/api/cars/${slugs.V3}/phone-reveal`)
        .send({ car_id: ids.V2, dealership_id: h.fixture.west.id, website_id: h.fixture.siteId })
        .expect(400);
      expect(wrong.body.errors).toEqual([
        { path: 'car_id', message: `Use ${ids.V3}, the id of '${slugs.V3}'` },
        { path: 'dealership_id', message: `Use ${h.fixture.north.id}, the dealership of '${slugs.V3}'` },
      ]);
    });

    it('rate-limits a client (3 a minute here) with a 429 problem', async () => {
      const reveal = () =>
        h
          .http()
          .post(`/api/cars/${slugs.V2}/phone-reveal`)
          .send({ dealership_id: h.fixture.north.id, website_id: h.fixture.siteId });
      // Earlier tests in this block used one allowance already; the limit is per client, across cars.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await reveal()).status);
      expect(statuses).toContain(429);
      const limited = await reveal().expect(429);
      expect(limited.body).toMatchObject({
        status: 429,
        detail: 'Too many requests from this device. Please wait a minute and try again.',
      });
      // The standard headers: seconds to wait, and the IETF RateLimit policy (quota and window) and state.
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['ratelimit-policy']).toMatch(/^"phone-reveal";q=\d+;w=60$/);
      expect(limited.headers['ratelimit']).toMatch(/^"phone-reveal";r=0;t=\d+$/);
    });
  });

  describe('GET /api/cars/{slug}/autogauge', () => {
    it('gauges the price from comparable cars across every site plus market data', async () => {
      const res = await h.http().get(`/api/cars/${slugs.V1}/autogauge`).expect(200);
      // Comparables: V2 (2021), V3 (2023) and W1 of the other dealership; V4 sold 10 days ago also counts;
      // V6 is hidden from the website but is real stock with a real price, so it counts too.
      expect(res.body).toMatchObject({ listing_price: 45990, confidence: 0.69 });
      expect(res.body.market_range_min).toBeLessThan(45990);
      expect(res.body.market_range_max).toBeGreaterThan(45990);
      expect(res.body.fill).toBeGreaterThan(0.5);
      expect(res.body.description).toMatch(
        /^Priced \$[\d,]+ below the market average of \$[\d,]+, based on 5 similar vehicles and market data\.$/,
      );
    });

    it('answers 404 when there is no basis', async () => {
      const res = await h.http().get(`/api/cars/${slugs.V5}/autogauge`).expect(404);
      expect(res.body.title).toBe('No market data');
    });
  });

  describe('GET /api/cars/{slug}/print.pdf', () => {
    it('answers a PDF attachment named after the slug with the title, price, specs, photo and dealer', async () => {
      const res = await h
        .http()
        .get(`/api/cars/${slugs.V1}/print.pdf`)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${slugs.V1}.pdf"`);
      const pdf = res.body as Buffer;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = flatText((await parsePdf(pdf)).text);
      for (const expected of [
        '2022 Toyota Hilux SR5',
        '$45,990',
        '$48,990',
        'Odometer',
        '30,000 km',
        '07 3000 1234',
        'Brisbane Sales',
        `/cars/${slugs.V1}`,
      ]) {
        expect(text).toContain(expected);
      }
    });

    it('answers 404 for an unknown car', async () => {
      await h.http().get('/api/cars/no-such-car/print.pdf').expect(404);
    });
  });

  describe('test-drive slots and finance disclaimer', () => {
    it("offers test-drive slots from the location's hours over the next 14 days, in its time zone", async () => {
      const res = await h.http().get(`/api/sites/${h.siteSlug}/cars/${slugs.V1}/test-drive-slots`).expect(200);
      expect(res.body.time_zone).toBe('Australia/Brisbane');
      expect(res.body.days.length).toBeGreaterThanOrEqual(11);
      expect(res.body.days.every((d: { weekday: number }) => d.weekday !== 0)).toBe(true);
      const full = res.body.days.find((d: { slots: unknown[] }) => d.slots.length === 16);
      expect(full.slots[0]).toEqual({ start: `${full.date}T09:00:00+10:00`, label: '9am' });
      expect(full.slots.at(-1).label).toBe('4:30pm');
    });

    it('answers 404 for test drives when the car has no location', async () => {
      await h.load(h.fixture.west.id, [car('W9', { make: 'Kia', model: 'Rio' })]);
      await h.db.dataSource.query(`UPDATE cars SET location_id = NULL WHERE stocknum = 'W9'`);
      const [{ slug }] = await h.db.dataSource.query(`SELECT slug FROM cars WHERE stocknum = 'W9'`);
      const res = await h.http().get(`/api/sites/${h.siteSlug}/cars/${slug}/test-drive-slots`).expect(404);
      expect(res.body.title).toBe('No location');
    });

    it("answers the provider's disclaimer and its 197-character short form by car id", async () => {
      const { body } = await siteCar(slugs.V1).expect(200);
      const res = await h.http().get(`/api/sites/${h.siteSlug}/finance/disclaimer?car_id=${body.car.id}`).expect(200);
      expect(res.body.provider).toBe('taurus');
      expect(res.body.disclaimer).toMatch(/^Finance is provided by Taurus/);
      expect(res.body.short).toHaveLength(197);
      const none = await h
        .http()
        .get(`/api/sites/${h.siteSlug}/finance/disclaimer?car_id=${(await siteCar(slugs.V2)).body.car.id}`)
        .expect(404);
      expect(none.body.title).toBe('No finance disclaimer');
      const bad = await h.http().get(`/api/sites/${h.siteSlug}/finance/disclaimer?car_id=abc`).expect(400);
      expect(bad.body.errors[0].path).toBe('car_id');
    });
  });

  describe('GET /api/sites/{site}/spins/{code} (the local spin viewer)', () => {
    it('answers the media frames of a spin code the site shows; 404 for an unknown code, 400 for a malformed one', async () => {
      const frames = ['/media/demo/suv-1.svg?angle=0', '/media/demo/suv-1.svg?angle=30'];
      await h.load(h.fixture.north.id, [
        car('SP1', { make: 'Lotus', model: 'Emira', year: 2024, spin_code: 'spin-sp1', spin_images: frames }),
      ]);
      const res = await h.http().get(`/api/sites/${h.siteSlug}/spins/spin-sp1`).expect(200);
      expect(res.body).toEqual({ spin_code: 'spin-sp1', name: '2024 Lotus Emira', frames });
      await h.http().get(`/api/sites/${h.siteSlug}/spins/spin-none`).expect(404);
      const bad = await h
        .http()
        .get(`/api/sites/${h.siteSlug}/spins/${encodeURIComponent('<x>')}`)
        .expect(400);
      expect(bad.body.detail ?? bad.body.title).toBeTruthy();
    });
  });

  describe('dealer photos in public answers (issue 54)', () => {
    const HOST = 'https://photos.dealer-p.example';
    const STORED_HASH = 'e'.repeat(64);
    let slug = '';

    beforeAll(async () => {
      // What the media worker recorded before this run, one address per state; the fourth is new
      // to the run, so it is linked pending (not fetched yet).
      const dealer = h.fixture.north.id;
      await h.db.dataSource.query(
        `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height) VALUES
           ($1, $2, 'stored', $5, 'jpeg', 1600, 1200),
           ($1, $3, 'refused', NULL, NULL, NULL, NULL),
           ($1, $4, 'unreachable', NULL, NULL, NULL, NULL)`,
        [dealer, `${HOST}/stored.jpg`, `${HOST}/refused.jpg`, `${HOST}/gone.jpg`, STORED_HASH],
      );
      const urls = ['stored', 'refused', 'gone', 'pending'].map((name) => `${HOST}/${name}.jpg`);
      await h.load(dealer, [
        car('P1', {
          make: 'Mazda',
          model: 'BT-50',
          year: 2021,
          price: 39990,
          km: 52000,
          images: urls.map((url) => ({ url, thumb: { url } })),
          thumbnails: urls,
          primary_image_url: `${HOST}/refused.jpg`,
          spin_images: urls,
          spin_interior_image: `${HOST}/gone.jpg`,
          photos_count: 4,
        }),
      ]);
      slug = ((await h.db.dataSource.query(`SELECT slug FROM cars WHERE stocknum = 'P1'`)) as { slug: string }[])[0]!
        .slug;
    });

    const stored = `/media/photos/${STORED_HASH}/w800`;

    it('a refused or unreachable photo leaves the search hit and its count, and no dealer address is in it', async () => {
      const res = await h
        .http()
        .post(`/api/sites/${h.siteSlug}/search`)
        .send({ filters: { make: ['Mazda'] } })
        .expect(200);
      expect(res.body.hits).toHaveLength(1);
      const hit = res.body.hits[0];
      expect(hit.photos_count).toBe(2);
      expect(hit.images.map((image: { url: string }) => image.url)).toEqual([stored, PHOTO_PLACEHOLDER]);
      // The primary image was refused: the first photo kept stands for the car.
      expect(hit.primary_image_url).toBe(stored);
      expect(JSON.stringify(res.body)).not.toContain('dealer-p.example');
    });

    it('the car page and view.json answer the same photos, with no dealer address anywhere', async () => {
      const page = await siteCar(slug).expect(200);
      expect(page.body.car).toMatchObject({
        photos_count: 2,
        images: [
          { url: stored, thumb: { url: '/media/photos/' + STORED_HASH + '/w160' } },
          { url: PHOTO_PLACEHOLDER, thumb: { url: PHOTO_PLACEHOLDER }, photo: null },
        ],
        thumbnails: [`/media/photos/${STORED_HASH}/w160`, PHOTO_PLACEHOLDER],
        primary_image_url: stored,
        spin_images: [stored, PHOTO_PLACEHOLDER],
        spin_interior_image: null,
      });
      expect(JSON.stringify(page.body)).not.toContain('dealer-p.example');
      const view = await h
        .http()
        .get(`/api/cars/${slug}/view.json?photos_count=4&updated_at=2020-01-01T00:00:00Z`)
        .expect(200);
      expect(view.body.car_fields).toMatchObject({ photos_count: 2 });
      expect(JSON.stringify(view.body)).not.toContain('dealer-p.example');
    });
  });
});
