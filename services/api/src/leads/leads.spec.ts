import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { feedCar } from '@platform/testing';
import { createSiteApiHarness, eventually, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'ops-token-for-leads-spec-0123456789';
const TERMS = '*You must agree to the terms of use before submitting.';
const POSTCODE = 'Invalid postcode. Please enter a 4-digit number.';

const contact = { name: 'Jane Citizen', email: 'jane.citizen@example.com', phone: '0412 345 678' };
const lead = {
  name: 'Jane',
  last_name: 'Citizen',
  postcode: '4000',
  phone: '0412 345 678',
  email: 'jane.citizen@example.com',
};

describe('leads API (real PostgreSQL, Redis and lead workers)', () => {
  let h: SiteApiHarness;
  let carId: number;
  let soldCarId: number;
  let newCarId: number;
  let dealershipSlug: string;

  const submit = (body: Record<string, unknown>, key?: string) => {
    const req = h.http().post(`/api/sites/${h.siteSlug}/leads`).set('User-Agent', 'jest-agent/1.0');
    return key ? req.set('Idempotency-Key', key).send(body) : req.send(body);
  };
  const rows = async (sql: string, params: unknown[] = []) =>
    (await h.db.dataSource.query(sql, params)) as Record<string, any>[];

  beforeAll(async () => {
    h = await createSiteApiHarness('leads', {
      siteConfig: { leads: { notify_emails: ['sales@north.example.com'], save_valuation: true } },
      env: { LEAD_SUBMIT_LIMIT_PER_MINUTE: '1000', OPS_TOKEN },
      leadWorkers: { secrets: { CRM_SECRET_WEST: 'west-secret' } },
    });
    dealershipSlug = h.fixture.north.slug;
    const now = new Date();
    await h.load(h.fixture.north.id, [
      feedCar('L1', {
        make: 'Mazda',
        model: 'CX-5',
        year: now.getFullYear() - 2,
        km: 30000,
        price: 30000,
        car_type: 'used',
        regplate: 'ABC 123',
      }),
      feedCar('L2', { make: 'Mazda', model: 'CX-5', year: now.getFullYear() - 2, km: 32000, price: 32000 }),
      feedCar('L3', { make: 'Mazda', model: 'CX-5', year: now.getFullYear() - 2, km: 28000, price: 34000 }),
      feedCar('L4', { make: 'Mazda', model: 'CX-5', year: now.getFullYear() - 1, km: 25000, price: 36000 }),
      feedCar('N1', { make: 'Isuzu', model: 'D-Max', year: now.getFullYear(), km: 10, price: 60000, car_type: 'new' }),
      feedCar('S1', {
        make: 'Ford',
        model: 'Ranger',
        status: 'sold',
        sold_date: new Date(Date.now() - 3600_000).toISOString(),
      }),
    ]);
    const ids = await rows(`SELECT id, stocknum FROM cars`);
    carId = ids.find((r) => r['stocknum'] === 'L1')!['id'];
    newCarId = ids.find((r) => r['stocknum'] === 'N1')!['id'];
    soldCarId = ids.find((r) => r['stocknum'] === 'S1')!['id'];
    // Sales hours every day, so the car's location offers test drive times.
    for (let weekday = 0; weekday < 7; weekday += 1) {
      await h.db.dataSource.query(
        `INSERT INTO location_hours (location_id, department, weekday, status, open, close) VALUES ($1, 'sales', $2, 'Open', '08:00', '17:00')`,
        [h.fixture.north.primaryLocationId, weekday],
      );
    }
    await h.db.dataSource.query(`UPDATE cars SET location_id = $1`, [h.fixture.north.primaryLocationId]);
  });

  afterAll(async () => {
    await h?.close();
  });

  const general = () => ({
    form: 'general',
    ...contact,
    message: 'Do you take trade-ins?',
    category: 'General Enquiry',
    location: String(h.fixture.north.primaryLocationId),
    dealership_slug: dealershipSlug,
    terms_conditions: true,
  });

  it('refuses half of a surrogate pair in a field with a 400 naming it (jsonb cannot hold one)', async () => {
    const response = await h
      .http()
      .post(`/api/sites/${h.siteSlug}/leads`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...general(), message: 'Is it \ud800 available?' }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ path: 'body.message' })]);
  });

  describe('every form kind', () => {
    const bodies = (): Record<string, Record<string, unknown>> => ({
      general: general(),
      vehicle: { form: 'vehicle', ...contact, message: 'Is it available?', car_id: carId, terms_conditions: true },
      finance: {
        form: 'finance',
        ...contact,
        car_id: carId,
        vehiclePriceBudget: 30000,
        deposit: '5000',
        term_years: 5,
        message: 'Finance for this one, please.',
        terms_conditions: true,
      },
      service: {
        form: 'service',
        ...contact,
        location: `north-sales-leads`,
        dealership_slug: dealershipSlug,
        Rego: 'XYZ789',
        preferred_date: '2026-12-01',
        additional_services: ['Wheel alignment'],
        message: 'Logbook service.',
        terms_conditions: true,
      },
      parts: {
        form: 'parts',
        ...contact,
        message: 'Need a tow bar',
        location: 'Brisbane Sales',
        dealership_slug: dealershipSlug,
        terms_conditions: true,
      },
      careers: {
        form: 'careers',
        ...contact,
        message: 'Apprentice role',
        category: 'Careers Enquiry',
        location: String(h.fixture.north.primaryLocationId),
        dealership_slug: dealershipSlug,
        terms_conditions: true,
      },
      trade_in: {
        form: 'trade_in',
        ...lead,
        make: 'Mazda',
        model: 'CX-5',
        year: new Date().getFullYear() - 2,
        km: 29000,
      },
      find_similar: { form: 'find_similar', ...contact, car_id: soldCarId, terms_conditions: true },
      request_photos: { form: 'request_photos', ...contact, car_id: carId, terms_conditions: true },
      contact_location: {
        form: 'contact_location',
        ...contact,
        message: 'Opening hours at Christmas?',
        location_id: h.fixture.north.primaryLocationId,
        terms_conditions: true,
      },
      lead: { form: 'lead', ...lead, hidden: '' },
    });

    it.each([
      'general',
      'vehicle',
      'finance',
      'service',
      'parts',
      'careers',
      'trade_in',
      'find_similar',
      'request_photos',
      'contact_location',
      'lead',
    ])('accepts a valid %s submission, stores it with its outbox rows and delivers it', async (kind) => {
      const response = await submit(bodies()[kind]!).expect(201);
      const leadId = response.body.lead_id as string;
      expect(leadId).toMatch(/^[0-9a-f-]{36}$/);
      const [stored] = await rows(`SELECT form, dealership_id, fields, user_data FROM leads WHERE id = $1`, [leadId]);
      expect(stored!['form']).toBe(kind);
      expect(stored!['dealership_id']).toBe(h.fixture.north.id);
      expect(stored!['user_data']).toMatchObject({ source: 'Website', user_agent: 'jest-agent/1.0' });
      const deliveries = await eventually(
        () => rows(`SELECT channel, status FROM lead_outbox WHERE lead_id = $1 ORDER BY channel`, [leadId]),
        (r) => r.length === 2 && r.every((d) => d['status'] === 'delivered'),
        `${kind} deliveries`,
      );
      expect(deliveries.map((d) => d['channel'])).toEqual(['crm', 'email']);
      const [crm] = await rows(`SELECT payload FROM crm_deliveries WHERE lead_id = $1`, [leadId]);
      expect(crm!['payload']).toMatchObject({ lead_id: leadId, form: kind, site: { slug: h.siteSlug } });
    });

    it('accepts a test drive at one of the offered times only', async () => {
      const slots = await h
        .http()
        .get(
          `/api/sites/${h.siteSlug}/cars/${(await rows(`SELECT slug FROM cars WHERE id = $1`, [newCarId]))[0]!['slug']}/test-drive-slots`,
        )
        .expect(200);
      const start = slots.body.days.find((d: { slots: unknown[] }) => d.slots.length > 0).slots[0].start as string;
      const body = { form: 'test_drive', ...contact, car_id: newCarId, preferred_time: start, terms_conditions: true };
      const ok = await submit(body).expect(201);
      const [stored] = await rows(`SELECT category, fields FROM leads WHERE id = $1`, [ok.body.lead_id]);
      expect(stored!['category']).toBe('Test Drive');
      const refused = await submit({ ...body, preferred_time: '2026-11-22T03:17:00+10:00' }).expect(400);
      expect(refused.body.errors).toEqual([
        { path: 'preferred_time', message: 'That time is not available. Please choose one of the times shown.' },
      ]);
    });

    it('maps Careers Enquiry to General Enquiry / Career Enquiry and offer acceptance to 3. Offer Accepted', async () => {
      const careers = await submit({ ...general(), category: 'Careers Enquiry' }).expect(201);
      const [c] = await rows(`SELECT category, subcategory FROM leads WHERE id = $1`, [careers.body.lead_id]);
      expect(c).toEqual({ category: 'General Enquiry', subcategory: 'Career Enquiry' });

      const tradeIn = await submit({
        form: 'trade_in',
        ...lead,
        make: 'Mazda',
        model: 'CX-5',
        year: new Date().getFullYear() - 2,
        km: 29000,
      }).expect(201);
      const offer = await submit({
        form: 'offer_accepted',
        lead_id: tradeIn.body.lead_id,
        offer_accepted: true,
      }).expect(201);
      const [o] = await rows(`SELECT category, subcategory, fields, valuation_id FROM leads WHERE id = $1`, [
        offer.body.lead_id,
      ]);
      expect(o!['subcategory']).toBe('3. Offer Accepted');
      expect(o!['fields']).toMatchObject({
        name: 'Jane',
        email: 'jane.citizen@example.com',
        lead_id: tradeIn.body.lead_id,
        offer_accepted: true,
        form_completed: true,
      });
      expect(o!['valuation_id']).toBe(tradeIn.body.valuation.id);
    });

    it('fills the vehicle fields and userData from the platform, not from the page', async () => {
      const response = await submit({
        form: 'vehicle',
        ...contact,
        message: 'Hi',
        car_id: carId,
        'Vehicle Make': 'Ferrari',
        terms_conditions: true,
        userData: {
          url: 'https://north.example.com/cars/l1?utm_source=google',
          lead_attributes: { visited_pages: ['/', '/cars/l1'], linked_query_params: { utm_source: 'google' } },
        },
      }).expect(201);
      const [stored] = await rows(`SELECT fields, user_data, category FROM leads WHERE id = $1`, [
        response.body.lead_id,
      ]);
      expect(stored!['category']).toBe('Vehicle Enquiry');
      expect(stored!['fields']).toMatchObject({
        'Vehicle Make': 'Mazda',
        'Vehicle Model': 'CX-5',
        stock_number: 'L1',
        car_type: 'used',
        vehicle_status: 'in_stock',
        dealership_slug: dealershipSlug,
        opt_in: true,
      });
      expect(stored!['user_data']).toEqual({
        url: 'https://north.example.com/cars/l1?utm_source=google',
        source: 'Website',
        user_agent: 'jest-agent/1.0',
        car_id: carId,
        car_dealership_id: h.fixture.north.id,
        lead_attributes: { visited_pages: ['/', '/cars/l1'], linked_query_params: { utm_source: 'google' } },
        captcha: 'not_required',
      });
    });
  });

  describe('attribution to a syndication channel', () => {
    // A feed's link carries utm_source and utm_medium naming its channel (docs/syndication.md);
    // the site keeps them for the visit and sends them with the enquiry.
    it.each([
      ['google', 'vehicle_listings', 'Google vehicle listings'],
      ['meta', 'automotive_catalog', 'Meta automotive catalog'],
      ['Google', ' Vehicle_Listings ', 'Google vehicle listings'],
      ['google', 'cpc', 'Website'],
      ['meta', undefined, 'Website'],
    ])('stores utm_source=%s utm_medium=%s as source %s', async (source, medium, expected) => {
      const params: Record<string, string> = { utm_source: source, utm_campaign: 'north' };
      if (medium !== undefined) params['utm_medium'] = medium;
      const response = await submit({
        form: 'vehicle',
        ...contact,
        message: 'Is it still available?',
        car_id: carId,
        terms_conditions: true,
        userData: {
          url: `https://north.example.com/cars/l1?utm_source=${source}`,
          lead_attributes: { visited_pages: ['/cars/l1'], linked_query_params: params },
        },
      }).expect(201);
      const [stored] = await rows(`SELECT user_data->>'source' AS source FROM leads WHERE id = $1`, [
        response.body.lead_id,
      ]);
      expect(stored!['source']).toBe(expected);
    });
  });

  describe('refusals', () => {
    it.each([
      ['name', { name: 'Jane\r\nPhone: 0400 000 000' }],
      ['category', { category: 'General Enquiry\nLead id: 00000000-0000-4000-8000-000000000000' }],
      ['location', { location: '1\rPhone: 0400 000 000' }],
      ['dealership_slug', { dealership_slug: `${'x'}\u2028Phone: 0400 000 000` }],
      ['subcategory', { subcategory: 'a\tb' }],
    ])('refuses a line break or control character in the single-line field %s, naming it', async (path, field) => {
      const response = await submit({ ...general(), ...field }).expect(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(response.body.errors).toEqual([
        { path, message: 'Please keep this on one line: remove line breaks, tabs and other control characters.' },
      ]);
    });

    it('keeps line breaks in the message, a multi-line field', async () => {
      const response = await submit({ ...general(), message: 'Line one\r\nLine two\n\tindented' }).expect(201);
      const [lead] = await rows(`SELECT fields->>'message' AS message FROM leads WHERE id = $1`, [
        response.body.lead_id,
      ]);
      expect(lead!['message']).toBe('Line one\r\nLine two\n\tindented');
    });

    it('lists every invalid field with the specification messages, plus the form-level list', async () => {
      const response = await submit({
        form: 'general',
        name: '',
        email: 'nope',
        phone: '12',
        terms_conditions: false,
      }).expect(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(response.body.title).toBe('Please fix the following errors:');
      const byPath = Object.fromEntries(
        response.body.errors.map((e: { path: string; message: string }) => [e.path, e.message]),
      );
      expect(byPath).toEqual({
        name: 'Please enter your name.',
        email: 'Please enter a valid email address.',
        phone: 'Please enter a valid Australian phone number.',
        category: 'Please select a category.',
        location: 'Please select a location.',
        terms_conditions: TERMS,
        message: 'Please enter a message.',
        dealership_slug: 'Please select a dealership.',
      });
      expect(response.body.form_errors).toEqual(expect.arrayContaining([TERMS, 'Please enter a message.']));
      expect(await rows(`SELECT 1 FROM leads WHERE fields->>'email' = 'nope'`)).toEqual([]);
    });

    it.each([
      ['postcode with 3 digits', { form: 'lead', ...lead, postcode: '400' }, 'postcode', POSTCODE],
      [
        'postcode with a separator',
        { form: 'trade_in', ...lead, postcode: '4,00', rego: 'ABC123', rego_state: 'QLD' },
        'postcode',
        POSTCODE,
      ],
      [
        'terms unchecked',
        { ...{ form: 'vehicle', ...contact, message: 'x', car_id: 1 }, terms_conditions: false },
        'terms_conditions',
        TERMS,
      ],
      [
        'an unknown form',
        { form: 'brochure', ...contact },
        'form',
        'Use one of: general, vehicle, test_drive, finance, service, parts, careers, trade_in, offer_accepted, find_similar, request_photos, contact_location, lead',
      ],
      [
        'a misspelt field',
        { form: 'lead', ...lead, emial: 'x' },
        'emial',
        "Unknown field 'emial': remove it or check its spelling",
      ],
      [
        'a trade-in without a vehicle',
        { form: 'trade_in', ...lead },
        'rego',
        'Enter your rego and state, or the make, model, year and kilometres of your vehicle.',
      ],
    ])('refuses %s', async (_what, body, path, message) => {
      const response = await submit(body).expect(400);
      expect(response.body.errors).toContainEqual({ path, message });
    });

    it("refuses a car of another site and a location that is not the site's", async () => {
      const other = await rows(`INSERT INTO sites (slug, name) VALUES ('other-leads', 'Other') RETURNING id`);
      const [dealer] = await rows(
        `INSERT INTO dealerships (site_id, slug, name) VALUES ($1, 'other-dealer-leads', 'Other') RETURNING id`,
        [other[0]!['id']],
      );
      const [car] = await rows(
        `INSERT INTO cars (dealership_id, stocknum, slug, car_type, status, make, model, year) VALUES ($1, 'O1', 'o1-leads', 'used', 'in_stock', 'Kia', 'Rio', 2020) RETURNING id`,
        [dealer!['id']],
      );
      const byCar = await submit({
        form: 'vehicle',
        ...contact,
        message: 'x',
        car_id: car!['id'],
        terms_conditions: true,
      }).expect(400);
      expect(byCar.body.errors).toEqual([
        { path: 'car_id', message: 'This vehicle is not available on this site any more. Please choose another.' },
      ]);
      const byLocation = await submit({ ...general(), location: 'Nowhere' }).expect(400);
      expect(byLocation.body.errors).toEqual([{ path: 'location', message: 'Please select a location.' }]);
    });

    it('does not require a message where the site disables it', async () => {
      await h.db.dataSource.query(
        `UPDATE sites SET config = config || '{"forms": {"message_required": false}}'::jsonb WHERE id = $1`,
        [h.fixture.siteId],
      );
      await new Promise((resolve) => setTimeout(resolve, 10_100)); // the site directory caches configuration for 10 s
      try {
        await submit({ ...general(), message: undefined }).expect(201);
      } finally {
        await h.db.dataSource.query(`UPDATE sites SET config = config - 'forms' WHERE id = $1`, [h.fixture.siteId]);
      }
    }, 20_000);

    it('answers a filled honeypot like a success and stores nothing', async () => {
      const before = await rows(`SELECT count(*)::int AS n FROM leads`);
      const response = await submit({ form: 'lead', ...lead, hidden: 'http://spam.example' }).expect(201);
      expect(response.body.lead_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await rows(`SELECT count(*)::int AS n FROM leads`)).toEqual(before);
    });

    it('refuses a body over the size limit with 413 problem details', async () => {
      const response = await submit({ ...general(), message: 'x'.repeat(40 * 1024) }).expect(413);
      expect(response.body).toMatchObject({ status: 413, title: 'Payload Too Large' });
    });

    it('refuses malformed JSON with 400 problem details', async () => {
      const response = await h
        .http()
        .post(`/api/sites/${h.siteSlug}/leads`)
        .set('Content-Type', 'application/json')
        .send('{"form": ')
        .expect(400);
      expect(response.body).toMatchObject({ title: 'Invalid JSON' });
    });
  });

  describe('idempotency', () => {
    it('answers a retried submission with the same lead and stores one lead and one delivery', async () => {
      const key = `key-${Date.now()}`;
      const first = await submit(general(), key).expect(201);
      const second = await submit(general(), key).expect(201);
      expect(second.body.lead_id).toBe(first.body.lead_id);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await rows(`SELECT id FROM leads WHERE id = $1`, [first.body.lead_id])).toHaveLength(1);
      expect(
        await rows(`SELECT id FROM lead_outbox WHERE lead_id = $1 AND channel = 'crm'`, [first.body.lead_id]),
      ).toHaveLength(1);
    });

    it('makes one lead of a double click (two requests at once)', async () => {
      const key = `double-${Date.now()}`;
      const [a, b] = await Promise.all([submit(general(), key), submit(general(), key)]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.lead_id).toBe(b.body.lead_id);
      const hashedKey = createHash('sha256').update(`${h.fixture.siteId}:${key}`).digest('hex');
      expect(await rows(`SELECT id FROM leads WHERE idempotency_key = $1`, [hashedKey])).toEqual([
        { id: a.body.lead_id },
      ]);
    });

    it('answers a replayed trade-in with its valuation and whether the page saves it; other leads carry neither', async () => {
      const key = `trade-${Date.now()}`;
      const body = { form: 'trade_in', ...lead, rego: 'ABC123', rego_state: 'QLD' };
      const first = await submit(body, key).expect(201);
      const again = await submit(body, key).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(first.body).toMatchObject({ valuation: expect.any(Object), save_valuation: true });
      const enquiry = await submit(general()).expect(201);
      expect(Object.keys(enquiry.body)).toEqual(['lead_id']);
    });

    it('refuses a key reused for a different submission', async () => {
      const key = `reuse-${Date.now()}`;
      await submit(general(), key).expect(201);
      const response = await submit({ ...general(), message: 'Something else' }, key).expect(422);
      expect(response.body.title).toBe('Idempotency-Key reused');
    });
  });

  describe('trade-in valuations', () => {
    it('estimates from comparable platform stock, stores it valid for 7 days and attaches it to the lead', async () => {
      const response = await submit({
        form: 'trade_in',
        ...lead,
        make: 'mazda',
        model: 'cx-5',
        year: new Date().getFullYear() - 2,
        km: 30000,
      }).expect(201);
      const { valuation } = response.body;
      expect(valuation.status).toBe('estimate');
      expect(valuation.low).toBeGreaterThan(0);
      expect(valuation.high).toBeGreaterThan(valuation.low);
      // Retail comparables 30,000 to 36,000 less the 15% margin.
      expect(valuation.high).toBeLessThanOrEqual(36000 * 0.85);
      expect(new Date(valuation.valid_until).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      const [stored] = await rows(
        `SELECT l.valuation_id, v.status, v.comparables FROM leads l JOIN valuations v ON v.id = l.valuation_id WHERE l.id = $1`,
        [response.body.lead_id],
      );
      expect(stored).toMatchObject({ valuation_id: valuation.id, status: 'estimate', comparables: 4 });
    });

    it('moves the estimate by the condition answers', async () => {
      const vehicle = { make: 'Mazda', model: 'CX-5', year: new Date().getFullYear() - 2, km: 30000 };
      const plain = (await submit({ form: 'trade_in', ...lead, ...vehicle }).expect(201)).body.valuation;
      const damaged = (
        await submit({
          form: 'trade_in',
          ...lead,
          ...vehicle,
          adjustmentAnswers: { 'Any accident damage?': 'Yes', 'Number of keys': 2 },
        }).expect(201)
      ).body.valuation;
      // 10% off both ends, each rounded to $100 (so within $100 of 90% of the rounded plain range).
      expect(Math.abs(damaged.low - plain.low * 0.9)).toBeLessThanOrEqual(100);
      expect(Math.abs(damaged.high - plain.high * 0.9)).toBeLessThanOrEqual(100);
    });

    it('finds the vehicle by rego and state', async () => {
      const response = await submit({ form: 'trade_in', ...lead, rego: 'abc-123', rego_state: 'QLD' }).expect(201);
      expect(response.body.valuation.status).toBe('estimate');
    });

    it('gives no online estimate past the age or km limit, with the reason', async () => {
      const old = await submit({
        form: 'trade_in',
        ...lead,
        make: 'Mazda',
        model: 'CX-5',
        year: new Date().getFullYear() - 9,
        km: 50000,
      }).expect(201);
      expect(old.body.valuation).toMatchObject({ status: 'no_estimate', low: null, high: null });
      expect(old.body.valuation.reason).toMatch(/over 7 years old or 100,000 km/);
      const unknown = await submit({ form: 'trade_in', ...lead, rego: 'NOPE99', rego_state: 'NSW' }).expect(201);
      expect(unknown.body.valuation.reason).toMatch(/couldn't find a vehicle with that rego/);
    });

    describe('saving a valuation against its lead', () => {
      const save = (path: string, body: Record<string, unknown>) => h.http().post(path).send(body);
      const sitePath = () => `/api/sites/${h.siteSlug}/miscellaneous`;
      const valuation = { low: 1, high: 2, status: 'estimate' };

      it('saves it once, on the lead of this site (POST /api/sites/{site}/miscellaneous and /api/miscellaneous?site=)', async () => {
        const tradeIn = await submit({ form: 'trade_in', ...lead, rego: 'ABC123', rego_state: 'QLD' }).expect(201);
        const leadId = tradeIn.body.lead_id as string;
        // The answer tells the page to save it: this dealership has leads.save_valuation on.
        expect(tradeIn.body.save_valuation).toBe(true);
        await save(sitePath(), { lead_id: leadId, column_name: 'valuation', valuation }).expect(200, {
          success: true,
        });
        const [stored] = await rows(`SELECT miscellaneous FROM leads WHERE id = $1`, [leadId]);
        expect(stored!['miscellaneous']).toEqual({ valuation });
        // Once saved it stays: no one holding the lead id can overwrite it.
        const again = await save(`/api/miscellaneous?site=${h.siteSlug}`, {
          lead_id: leadId,
          column_name: 'valuation',
          valuation: { low: 999999, high: 999999, status: 'estimate' },
        }).expect(409);
        expect(again.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(again.body).toMatchObject({ success: false, title: 'Valuation already saved' });
        const [kept] = await rows(`SELECT miscellaneous FROM leads WHERE id = $1`, [leadId]);
        expect(kept!['miscellaneous']).toEqual({ valuation });

        const second = await submit({ form: 'trade_in', ...lead, rego: 'ABC123', rego_state: 'QLD' }).expect(201);
        await save(`/api/miscellaneous?site=${h.siteSlug}`, {
          lead_id: second.body.lead_id,
          column_name: 'valuation',
          valuation,
        }).expect(200);
      });

      it('answers 404 for a lead of another site, as for no lead at all', async () => {
        const tradeIn = await submit({ form: 'trade_in', ...lead, rego: 'ABC123', rego_state: 'QLD' }).expect(201);
        await h.db.dataSource.query(
          `INSERT INTO sites (slug, name, config) VALUES ('other-misc', 'Other Motors', '{"leads":{"save_valuation":true}}') ON CONFLICT DO NOTHING`,
        );
        const body = { lead_id: tradeIn.body.lead_id, column_name: 'valuation', valuation };
        const other = await save('/api/sites/other-misc/miscellaneous', body).expect(404);
        expect(other.body).toMatchObject({ success: false, title: 'Lead not found' });
        await save('/api/miscellaneous?site=other-misc', body).expect(404);
        await save(sitePath(), { ...body, lead_id: '00000000-0000-4000-8000-000000000000' }).expect(404);
        const [untouched] = await rows(`SELECT miscellaneous FROM leads WHERE id = $1`, [tradeIn.body.lead_id]);
        expect(untouched!['miscellaneous']).toEqual({});
      });

      it('refuses a lead of a form that offers no valuation with 400', async () => {
        const enquiry = await submit(general()).expect(201);
        const response = await save(sitePath(), {
          lead_id: enquiry.body.lead_id,
          column_name: 'valuation',
          valuation,
        }).expect(400);
        expect(response.body.errors).toEqual([{ path: 'lead_id', message: expect.stringContaining('trade-in') }]);
      });

      it('needs the site on /api/miscellaneous, and checks the body', async () => {
        const missing = await save('/api/miscellaneous', {
          lead_id: '00000000-0000-4000-8000-000000000000',
          column_name: 'valuation',
          valuation,
        }).expect(400);
        expect(missing.body.errors).toEqual([{ path: 'site', message: expect.stringContaining('site slug') }]);
        const wrongColumn = await save(sitePath(), {
          lead_id: '00000000-0000-4000-8000-000000000000',
          column_name: 'notes',
          valuation: {},
        }).expect(400);
        expect(wrongColumn.body.errors).toContainEqual({
          path: 'column_name',
          message: "column_name must be 'valuation'",
        });
      });
    });
  });

  describe('analytics events', () => {
    it('records the lead event (14 new, 15 used vehicle enquiry) and events the page reports', async () => {
      await submit({
        form: 'vehicle',
        ...contact,
        message: 'x',
        car_id: newCarId,
        terms_conditions: true,
        userData: {
          url: 'https://north.example.com/cars/n1?email=jane.citizen@example.com',
          lead_attributes: { visited_pages: ['/', '/cars/n1'], linked_query_params: { utm_source: 'google' } },
        },
      }).expect(201);
      await h
        .http()
        .post(`/api/sites/${h.siteSlug}/events`)
        .set('User-Agent', 'jest-agent/1.0')
        .send({ event_id: 26, car_id: carId, url: 'https://north.example.com/cars/l1?name=Jane' })
        .expect(202, { status: 'accepted' });
      const events = await eventually(
        () =>
          rows(
            `SELECT event_id, car_id, path, user_data FROM analytics_events WHERE event_id IN (14, 26) ORDER BY event_id`,
          ),
        (r) => r.length === 2,
        'analytics events',
      );
      // Spec 001 §7: the tracking event holds the event id and the user data, never the shopper's
      // contact details or a query string.
      expect(events).toEqual([
        {
          event_id: 14,
          car_id: newCarId,
          path: '/cars/n1',
          user_data: {
            url: '/cars/n1',
            source: 'Website',
            user_agent: 'jest-agent/1.0',
            car_id: newCarId,
            car_dealership_id: h.fixture.north.id,
            lead_attributes: { visited_pages: ['/', '/cars/n1'], linked_query_params: { utm_source: 'google' } },
          },
        },
        {
          event_id: 26,
          car_id: carId,
          path: '/cars/l1',
          user_data: {
            url: '/cars/l1',
            source: 'Website',
            user_agent: 'jest-agent/1.0',
            car_id: carId,
            car_dealership_id: h.fixture.north.id,
            lead_attributes: null,
          },
        },
      ]);
      expect(JSON.stringify(events)).not.toMatch(/jane|citizen|0412/i);
    });

    it('refuses an event id the specifications do not name', async () => {
      const response = await h.http().post(`/api/sites/${h.siteSlug}/events`).send({ event_id: 99 }).expect(400);
      expect(response.body.errors[0].path).toBe('event_id');
    });
  });

  it('shows ops a dead delivery with its reason, and retries it once the CRM is fixed', async () => {
    let status = 400;
    const received: string[] = [];
    const crm = createServer((req, res) => {
      received.push(String(req.headers['x-platform-delivery-id']));
      req.resume();
      res.statusCode = status;
      res.end();
    });
    await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/hook`;
    await h.db.dataSource.query(`UPDATE dealerships SET config = $2 WHERE id = $1`, [
      h.fixture.west.id,
      JSON.stringify({ leads: { crm_webhook_url: url, crm_secret_env: 'CRM_SECRET_WEST' } }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 10_100)); // dealership configuration is cached for 10 s
    try {
      const response = await submit({
        ...general(),
        dealership_slug: h.fixture.west.slug,
        location: `west-sales-leads`,
      }).expect(201);
      const leadId = response.body.lead_id as string;
      const ops = () =>
        h.http().get('/api/ops/leads/deliveries?status=dead').set('Authorization', `Bearer ${OPS_TOKEN}`);
      const dead = await eventually(
        async () => (await ops().expect(200)).body,
        (b) => b.deliveries.some((d: { lead_id: string }) => d.lead_id === leadId),
        'a dead delivery',
      );
      const delivery = dead.deliveries.find(
        (d: { lead_id: string; channel: string }) => d.lead_id === leadId && d.channel === 'crm',
      );
      expect(delivery).toMatchObject({
        status: 'dead',
        attempts: 1,
        site: h.siteSlug,
        dealership: h.fixture.west.slug,
      });
      expect(delivery.last_error).toMatch(/answered HTTP 400 \(not retried/);
      expect(JSON.stringify(dead)).not.toContain('jane.citizen@example.com');

      status = 200;
      await h
        .http()
        .post(`/api/ops/leads/deliveries/${delivery.id}/retry`)
        .set('Authorization', `Bearer ${OPS_TOKEN}`)
        .expect(202);
      await eventually(
        () => rows(`SELECT status FROM lead_outbox WHERE id = $1`, [delivery.id]),
        (r) => r[0]?.['status'] === 'delivered',
        'the retried delivery',
      );
      expect(received).toEqual([delivery.id, delivery.id]);
      await h
        .http()
        .post(`/api/ops/leads/deliveries/${delivery.id}/retry`)
        .set('Authorization', `Bearer ${OPS_TOKEN}`)
        .expect(409);
      await h.http().get('/api/ops/leads/deliveries').expect(401);
    } finally {
      await h.db.dataSource.query(`UPDATE dealerships SET config = '{}' WHERE id = $1`, [h.fixture.west.id]);
      await new Promise((resolve) => crm.close(resolve));
    }
  }, 40_000);

  it('emails the dealership a notification with the lead, as a second channel', async () => {
    const response = await submit({
      form: 'vehicle',
      ...contact,
      message: 'Can I test drive on Saturday?',
      car_id: carId,
      terms_conditions: true,
    }).expect(201);
    const [email] = await eventually(
      () => rows(`SELECT recipients, subject, raw FROM outbound_emails WHERE lead_id = $1`, [response.body.lead_id]),
      (r) => r.length === 1,
      'notification email',
    );
    expect(email!['recipients']).toEqual(['sales@north.example.com']);
    expect(email!['subject']).toMatch(/^New Vehicle Enquiry: \d{4} Mazda CX-5 \(stock L1\) via Test Motors$/);
    expect(email!['raw']).toContain('Can I test drive on Saturday?');
    expect(email!['raw']).toContain('Message-ID: <');
  });
});

describe('leads API abuse limits and captcha', () => {
  let h: SiteApiHarness;
  let captchaServer: Server;
  let captchaAnswers = 0;

  beforeAll(async () => {
    captchaServer = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        captchaAnswers += 1;
        const params = new URLSearchParams(body);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            success: params.get('secret') === 'test-secret' && params.get('response') === 'good-token',
          }),
        );
      });
    });
    await new Promise<void>((resolve) => captchaServer.listen(0, '127.0.0.1', resolve));
    const port = (captchaServer.address() as AddressInfo).port;
    h = await createSiteApiHarness('leadsabuse', {
      siteConfig: { forms: { captcha_provider: 'turnstile', captcha_site_key: 'site-key' } },
      env: {
        LEAD_SUBMIT_LIMIT_PER_MINUTE: '4',
        TURNSTILE_SECRET: 'test-secret',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
        LOG_LEVEL: 'info',
      },
    });
  });

  afterAll(async () => {
    await h?.close();
    await new Promise((resolve) => captchaServer?.close(resolve));
  });

  const body = (token?: string) => ({ form: 'lead', ...lead, ...(token ? { captcha_token: token } : {}) });

  it('verifies the captcha with the configured provider, logs no personal data, then limits submissions per client', async () => {
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation(((
      chunk: string | Uint8Array,
      ...rest: unknown[]
    ) => {
      written.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write);
    // What the platform's own code logs (Nest Logger), besides the request lines pino writes.
    const logged: string[] = [];
    const spies = (['log', 'warn', 'error'] as const).map((level) =>
      jest.spyOn(Logger.prototype, level).mockImplementation(function (this: Logger, ...args: unknown[]) {
        logged.push(JSON.stringify(args));
      }),
    );
    try {
      const missing = await h.http().post(`/api/sites/${h.siteSlug}/leads`).send(body()).expect(400);
      expect(missing.body.errors).toEqual([{ path: 'captcha_token', message: 'Please complete the captcha.' }]);
      await h.http().post(`/api/sites/${h.siteSlug}/leads`).send(body('bad-token')).expect(400);
      const ok = await h.http().post(`/api/sites/${h.siteSlug}/leads`).send(body('good-token')).expect(201);
      const [stored] = (await h.db.dataSource.query(`SELECT user_data FROM leads WHERE id = $1`, [
        ok.body.lead_id,
      ])) as { user_data: { captcha: string } }[];
      expect(stored!.user_data.captcha).toBe('verified');
      expect(captchaAnswers).toBe(2);
      await h.http().post(`/api/sites/${h.siteSlug}/leads`).send(body('good-token')).expect(201);
      const limited = await h.http().post(`/api/sites/${h.siteSlug}/leads`).send(body('good-token')).expect(429);
      expect(limited.body.detail).toMatch(/Too many requests/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['ratelimit-policy']).toMatch(/^"lead-submit";q=\d+;w=60$/);
    } finally {
      spy.mockRestore();
      spies.forEach((s) => s.mockRestore());
    }
    expect(written.join('')).toContain('request completed');
    const logs = written.join('') + logged.join('\n');
    expect(logs).toContain('lead stored');
    for (const personal of ['Citizen', 'jane.citizen@example.com', '0412 345 678', '412345678'])
      expect(logs).not.toContain(personal);
  });
});
