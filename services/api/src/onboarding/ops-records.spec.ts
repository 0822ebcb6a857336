import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type request from 'supertest';
import { eventually, feedCar } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { anotherDealer, seedTemplatesAndBrands, type Json } from '../testing/onboarding';

const OPS_TOKEN = 'test-ops-token-ops-records-0123456789';
const OPS_SCRIPT = path.resolve(__dirname, '../../../../infra/scripts/ops.mjs');
const SITES = ['alpha-motors', 'bravo-motors', 'charlie-motors'] as const;

/** The onboarding example's dealership as a PUT body: without its slug, owner and locations. */
function dealershipBody(): Json {
  const { slug: _slug, owner: _owner, locations: _locations, ...body } = anotherDealer('x').dealerships[0];
  return body;
}

/** The onboarding example's service location as a PUT body: without its slug. */
function locationBody(): Json {
  const { slug: _slug, ...body } = anotherDealer('x').dealerships[0].locations[1];
  return body;
}

/** A sales location in Torquay (postcode 3228), open six days. */
function salesLocation(name = 'Alpha Used Torquay'): Json {
  const day = { open: '09:00', close: '17:00' };
  return {
    name,
    location_type: 'used',
    address: { street: '12 Surf Coast Highway', suburb: 'Torquay', postcode: '3228' },
    hours: {
      sales: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day },
    },
    special_hours: [{ date: '2026-12-25', hours: 'closed' }],
  };
}

/** Runs the ops CLI as `npm run ops --` does, with the given environment. */
const run = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [OPS_SCRIPT, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );

describe('ops records: dealerships, locations and brands changed later (real api, PostgreSQL, Redis, workers)', () => {
  let api: SiteApiHarness;
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);
  const sql = <T = Json>(query: string, params: unknown[] = []) =>
    api.db.dataSource.query(query, params) as Promise<T[]>;
  const version = async () => (await sql<{ v: string }>(`SELECT version::text AS v FROM site_config_version`))[0]!.v;
  const audit = (subject: string) =>
    sql(`SELECT actor, action, site_id, before, after FROM ops_audit_log WHERE subject = $1 ORDER BY id`, [subject]);
  const dealershipUrl = (site: string, slug: string) => `/api/ops/sites/${site}/dealerships/${slug}`;
  const locationUrl = (site: string, dealership: string, slug: string) =>
    `${dealershipUrl(site, dealership)}/locations/${slug}`;
  let feedKey = '';
  const push = (dealership: string, cars: Json[]) =>
    api
      .http()
      .post(`/api/feeds/${dealership}`)
      .set('Authorization', `Bearer ${feedKey}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(cars));
  const siteId = async (slug: string) =>
    (await sql<{ id: number }>(`SELECT id FROM sites WHERE slug = $1`, [slug]))[0]!.id;

  /** Every row of the tables ops records write, and the audit log and configuration version: what a refusal must leave. */
  async function everything(): Promise<string> {
    const tables = [
      'sites',
      'dealerships',
      'locations',
      'location_hours',
      'location_special_hours',
      'manufacturers',
      'feed_keys',
      'ops_audit_log',
      'site_config_version',
    ];
    const rows = await Promise.all(
      tables.map(async (table) =>
        JSON.stringify(await sql(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY to_jsonb(t)::text`)),
      ),
    );
    return rows.join('\n');
  }

  /** Every row that belongs to a site, table by table: what a change to another site must leave alone. */
  async function rowsOf(slug: string): Promise<Record<string, string>> {
    const id = await siteId(slug);
    const queries: Record<string, string> = {
      sites: `SELECT to_jsonb(s) AS row FROM sites s WHERE id = $1`,
      dealerships: `SELECT to_jsonb(d) AS row FROM dealerships d WHERE site_id = $1 ORDER BY id`,
      locations: `SELECT to_jsonb(l) AS row FROM locations l JOIN dealerships d ON d.id = l.dealership_id WHERE d.site_id = $1 ORDER BY l.id`,
      location_hours: `SELECT to_jsonb(h) AS row FROM location_hours h JOIN locations l ON l.id = h.location_id JOIN dealerships d ON d.id = l.dealership_id WHERE d.site_id = $1 ORDER BY h.location_id, h.department, h.weekday`,
      location_special_hours: `SELECT to_jsonb(h) AS row FROM location_special_hours h JOIN locations l ON l.id = h.location_id JOIN dealerships d ON d.id = l.dealership_id WHERE d.site_id = $1 ORDER BY h.id`,
      feed_keys: `SELECT to_jsonb(k) AS row FROM feed_keys k JOIN dealerships d ON d.id = k.dealership_id WHERE d.site_id = $1 ORDER BY k.id`,
      cars: `SELECT to_jsonb(c) AS row FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE d.site_id = $1 ORDER BY c.id`,
      ops_audit_log: `SELECT to_jsonb(a) AS row FROM ops_audit_log a WHERE site_id = $1 ORDER BY id`,
    };
    const out: Record<string, string> = {};
    for (const [table, query] of Object.entries(queries))
      out[table] = JSON.stringify((await sql<{ row: unknown }>(query, [id])).map((r) => r.row));
    return out;
  }

  beforeAll(async () => {
    api = await createSiteApiHarness('ops_records', { env: { OPS_TOKEN, WEB_PORT: '3000' } });
    await seedTemplatesAndBrands(api);
    for (const slug of SITES) await ops(api.http().post('/api/ops/onboarding')).send(anotherDealer(slug)).expect(201);
    const [bravo] = await sql<{ id: number }>(`SELECT id FROM dealerships WHERE slug = 'bravo-motors'`);
    await api.load(bravo!.id, [feedCar('B1', { make: 'Mitsubishi' })]);
  });

  afterAll(async () => {
    await api?.close();
  });

  describe('a dealership', () => {
    it('is created by PUT (201), read back in the words PUT took, audited, and seen by the pages at once', async () => {
      const before = await version();
      const body = { ...dealershipBody(), name: 'Alpha Used', manufacturer: null, brands: ['kia', 'hyundai'] };
      const res = await ops(api.http().put(dealershipUrl('alpha-motors', 'alpha-used')))
        .send(body)
        .expect(201);
      expect(res.body).toEqual({
        site: 'alpha-motors',
        slug: 'alpha-used',
        retired_at: null,
        created_at: expect.any(String),
        name: 'Alpha Used',
        manufacturer: null,
        brands: ['kia', 'hyundai'],
        phone: '03 5222 4400',
        lead_emails: ['sales@geelongmitsubishi.com.au'],
        config: { leads: { crm_webhook_url: null, save_valuation: true } },
        locations: [],
      });
      expect((await ops(api.http().get(dealershipUrl('alpha-motors', 'alpha-used'))).expect(200)).body).toEqual(
        res.body,
      );
      expect(await version()).not.toBe(before);
      const site = (await api.http().get('/api/sites/alpha-motors/config').expect(200)).body;
      expect(site.dealerships.map((d: { slug: string }) => d.slug)).toEqual(['alpha-motors', 'alpha-used']);
      expect(await audit('dealership:alpha-used')).toEqual([
        {
          actor: 'ops-token',
          action: 'dealership.created',
          site_id: await siteId('alpha-motors'),
          before: null,
          after: {
            name: 'Alpha Used',
            manufacturer: null,
            brands: ['kia', 'hyundai'],
            phone: '03 5222 4400',
            lead_emails: ['sales@geelongmitsubishi.com.au'],
            config: { leads: { crm_webhook_url: null, save_valuation: true } },
          },
        },
      ]);
    });

    it('is idempotent: the same PUT again, or its GET answer put back, is 200 and changes nothing', async () => {
      const body = { ...dealershipBody(), name: 'Alpha Used', manufacturer: null, brands: ['kia', 'hyundai'] };
      const before = await everything();
      await ops(api.http().put(dealershipUrl('alpha-motors', 'alpha-used')))
        .send(body)
        .expect(200);
      const {
        site: _site,
        slug: _slug,
        retired_at: _r,
        created_at: _c,
        locations: _l,
        ...fields
      } = (await ops(api.http().get(dealershipUrl('alpha-motors', 'alpha-used'))).expect(200)).body;
      await ops(api.http().put(dealershipUrl('alpha-motors', 'alpha-used')))
        .send(fields)
        .expect(200);
      expect(await everything()).toEqual(before);
    });

    it('is replaced whole by PUT: each change audited with before and after, a field left out its default', async () => {
      const res = await ops(api.http().put(dealershipUrl('alpha-motors', 'alpha-used')))
        .send({ name: 'Alpha Used Cars', brands: ['kia'], lead_emails: ['Leads@AlphaUsed.com.au'] })
        .expect(200);
      expect(res.body).toMatchObject({
        name: 'Alpha Used Cars',
        manufacturer: null,
        brands: ['kia'],
        lead_emails: ['leads@alphaused.com.au'],
        config: {},
      });
      expect(res.body.phone).toBeUndefined();
      const [, updated] = await audit('dealership:alpha-used');
      expect(updated).toMatchObject({
        action: 'dealership.updated',
        before: { name: 'Alpha Used', brands: ['kia', 'hyundai'], phone: '03 5222 4400' },
        after: { name: 'Alpha Used Cars', brands: ['kia'], lead_emails: ['leads@alphaused.com.au'], config: {} },
      });
      const [{ config }] = await sql<{ config: unknown }>(`SELECT config FROM dealerships WHERE slug = 'alpha-used'`);
      expect(config).toEqual({ leads: { notify_emails: ['leads@alphaused.com.au'] } });
    });

    it.each<[string, Json, string, string]>([
      [
        'an unknown brand',
        { name: 'X', brands: ['kia', 'trabant'] },
        'brands.1',
        "No manufacturer has the slug 'trabant'",
      ],
      ['an unknown main brand', { name: 'X', manufacturer: 'trabant' }, 'manufacturer', 'trabant'],
      [
        'a setting the pages cannot show',
        { name: 'X', config: { theme: { primary_colour: 'red' } } },
        'config.theme.primary_colour',
        'hex colour',
      ],
      [
        'lead emails given twice',
        { name: 'X', lead_emails: ['a@b.com.au'], config: { leads: { notify_emails: ['c@d.com.au'] } } },
        'config.leads.notify_emails',
        'lead_emails',
      ],
      ['its locations in the body', { name: 'X', locations: [] }, 'locations', 'Unknown field'],
      ['a phone that is not Australian', { name: 'X', phone: '555-1234' }, 'phone', 'Australian'],
      ['no name', { brands: [] }, 'name', 'Give the dealership name'],
    ])('refuses %s with problem details naming the field, and writes nothing', async (_what, body, at, message) => {
      const before = await everything();
      const res = await ops(api.http().put(dealershipUrl('alpha-motors', 'alpha-used')))
        .send(body)
        .expect(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.errors).toContainEqual({ path: at, message: expect.stringContaining(message) });
      expect(await everything()).toEqual(before);
    });
  });

  describe('a location', () => {
    it('is created by PUT (201), its street geocoded from the postcode data, its hours read back as given', async () => {
      const before = await version();
      const res = await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'torquay')))
        .send(salesLocation())
        .expect(201);
      expect(res.body).toEqual({
        site: 'alpha-motors',
        dealership: 'alpha-used',
        slug: 'torquay',
        visible: true,
        name: 'Alpha Used Torquay',
        location_type: 'used',
        // The dealership's first location is its primary one; it sells the dealership's brands.
        primary: true,
        brands: ['kia'],
        address: { street: '12 Surf Coast Highway', suburb: 'Torquay', postcode: '3228' },
        time_zone: 'Australia/Melbourne',
        hours: { sales: { ...salesLocation().hours.sales, sunday: 'closed' } },
        special_hours: [{ date: '2026-12-25', department: 'all', hours: 'closed' }],
        geocoded: { city: 'Torquay', state: 'VIC', lat: expect.any(Number), long: expect.any(Number) },
      });
      expect(res.body.geocoded.lat).toBeCloseTo(-38.3, 0);
      expect(await version()).not.toBe(before);
      const site = (await api.http().get('/api/sites/alpha-motors/config').expect(200)).body;
      const shown = site.locations.find((l: { slug: string }) => l.slug === 'torquay');
      expect(shown).toMatchObject({ name: 'Alpha Used Torquay', visible: true, primary: true });
      expect(shown.address).toMatchObject({ city: 'Torquay', state: 'VIC', postcode: '3228' });
      expect(await audit('location:alpha-used/torquay')).toEqual([
        expect.objectContaining({ action: 'location.created', before: null }),
      ]);
    });

    it('is idempotent: the same PUT, or its GET answer put back, is 200 and changes nothing', async () => {
      const before = await everything();
      await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'torquay')))
        .send(salesLocation())
        .expect(200);
      const {
        site: _s,
        dealership: _d,
        slug: _slug,
        visible: _v,
        geocoded: _g,
        ...fields
      } = (await ops(api.http().get(locationUrl('alpha-motors', 'alpha-used', 'torquay'))).expect(200)).body;
      await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'torquay')))
        .send(fields)
        .expect(200);
      expect(await everything()).toEqual(before);
    });

    it('replaces its hours and special days whole, audited with before and after, and the pages show them at once', async () => {
      const body = salesLocation();
      body.hours.sales.saturday = 'closed';
      body.hours.sales.sunday = { open: '10:00', close: '14:00' };
      body.special_hours = [{ date: '2027-01-26', department: 'sales', hours: { open: '10:00', close: '13:00' } }];
      const before = await version();
      const res = await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'torquay')))
        .send(body)
        .expect(200);
      expect(res.body.hours.sales).toMatchObject({ saturday: 'closed', sunday: { open: '10:00', close: '14:00' } });
      expect(res.body.special_hours).toEqual([
        { date: '2027-01-26', department: 'sales', hours: { open: '10:00', close: '13:00' } },
      ]);
      expect(await version()).not.toBe(before);
      const [, updated] = await audit('location:alpha-used/torquay');
      expect(updated).toMatchObject({
        action: 'location.updated',
        before: { hours: { sales: { saturday: { open: '09:00', close: '17:00' }, sunday: 'closed' } } },
        after: { hours: { sales: { saturday: 'closed', sunday: { open: '10:00', close: '14:00' } } } },
      });
      const site = (await api.http().get('/api/sites/alpha-motors/config').expect(200)).body;
      const shown = site.locations.find((l: { slug: string }) => l.slug === 'torquay');
      expect(shown.department_hours.sales[0]).toMatchObject({ weekday: 0, status: 'Open', open: '10:00' });
      expect(shown.special_hours).toEqual([expect.objectContaining({ date: '2027-01-26', start_hour: '10:00' })]);
    });

    it.each<[string, (body: Json) => void, string, string]>([
      ['postcode 9999', (b) => (b.address.postcode = '9999'), 'address.postcode', 'not a street address'],
      ['a postcode no suburb has', (b) => (b.address.postcode = '0001'), 'address.postcode', 'No Australian suburb'],
      ['a suburb the postcode does not have', (b) => (b.address.suburb = 'Geelong'), 'address.suburb', 'Torquay'],
      ['hours 25:00', (b) => (b.hours.sales.monday.open = '25:00'), 'hours.sales.monday.open', "'00:00' to '23:59'"],
      [
        'a closing time before the opening',
        (b) => (b.hours.sales.friday = { open: '17:00', close: '09:00' }),
        'hours.sales.friday.close',
        'not after it opens at 17:00',
      ],
      ['no hours of its own department', (b) => (b.hours = { service: b.hours.sales }), 'hours.sales', 'hours.sales'],
      ['an unknown brand', (b) => (b.brands = ['trabant']), 'brands.0', 'trabant'],
      [
        'a special day twice',
        (b) => b.special_hours.push({ date: '2026-12-25', hours: 'closed' }),
        'special_hours.1.date',
        'given twice',
      ],
      ['a time zone abroad', (b) => (b.time_zone = 'Europe/London'), 'time_zone', ''],
      ['a slug in the body', (b) => (b.slug = 'torquay'), 'slug', 'Unknown field'],
    ])('refuses %s with problem details naming the field, and writes nothing', async (_what, change, at, message) => {
      const body = salesLocation();
      change(body);
      const before = await everything();
      const res = await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'torquay')))
        .send(body)
        .expect(400);
      expect(res.body.errors).toContainEqual({ path: at, message: expect.stringContaining(message) });
      expect(await everything()).toEqual(before);
    });

    it('moves the primary place with primary: true, and refuses to unmake the primary one otherwise', async () => {
      await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'geelong')))
        .send({ ...locationBody(), name: 'Alpha Used Service' })
        .expect(201)
        .expect((res) => expect(res.body).toMatchObject({ primary: false, phone: '03 5222 4411', brands: ['kia'] }));
      const refused = await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'torquay')))
        .send({ ...salesLocation(), primary: false })
        .expect(409);
      expect(refused.body.errors).toEqual([{ path: 'primary', message: expect.stringContaining('another location') }]);
      await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'geelong')))
        .send({ ...locationBody(), name: 'Alpha Used Service', primary: true })
        .expect(200);
      const { body } = await ops(api.http().get(dealershipUrl('alpha-motors', 'alpha-used'))).expect(200);
      expect(body.locations.map((l: Json) => [l.slug, l.primary])).toEqual([
        ['geelong', true],
        ['torquay', false],
      ]);
      const [, moved] = await audit('location:alpha-used/geelong');
      expect(moved?.after).toMatchObject({ primary: true, primary_before: ['torquay'] });
    });

    it('is hidden by DELETE (the pages leave it out, PUT shows it again); never the primary one', async () => {
      const hidden = await ops(api.http().delete(locationUrl('alpha-motors', 'alpha-used', 'torquay'))).expect(200);
      expect(hidden.body).toMatchObject({ slug: 'torquay', visible: false });
      const site = (await api.http().get('/api/sites/alpha-motors/config').expect(200)).body;
      expect(site.locations.find((l: { slug: string }) => l.slug === 'torquay').visible).toBe(false);
      // Hiding it again changes nothing; the primary one (the last shown) is refused.
      await ops(api.http().delete(locationUrl('alpha-motors', 'alpha-used', 'torquay'))).expect(200);
      expect((await audit('location:alpha-used/torquay')).filter((a) => a.action === 'location.hidden')).toHaveLength(
        1,
      );
      const primary = await ops(api.http().delete(locationUrl('alpha-motors', 'alpha-used', 'geelong'))).expect(409);
      expect(primary.body.detail).toContain('primary location');
      await ops(api.http().delete(locationUrl('alpha-motors', 'alpha-used', 'nowhere'))).expect(404);
      const shown = await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'torquay')))
        .send(salesLocation())
        .expect(200);
      expect(shown.body.visible).toBe(true);
    });

    it("rebuilds its cars' search documents when it is renamed", async () => {
      feedKey = (await ops(api.http().post('/api/ops/dealerships/alpha-used/feed-keys')).expect(201)).body.key;
      await push('alpha-used', [feedCar('AU1', { make: 'Kia', model: 'Sportage' })]).expect(202);
      const search = async () =>
        (await api.http().post('/api/sites/alpha-motors/search').send({ query: 'sportage' }).expect(200)).body as {
          count: number;
          hits: { location_name: string | null }[];
        };
      await eventually(search, (body) => body.count === 1, 'the pushed car in search');
      expect((await search()).hits.map((h) => h.location_name)).toEqual(['Alpha Used Service']);
      await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'geelong')))
        .send({ ...locationBody(), name: 'Alpha Used Service Centre', primary: true })
        .expect(200);
      await eventually(
        search,
        (body) => body.hits[0]?.location_name === 'Alpha Used Service Centre',
        "the car's document with its location's new name",
      );
    });
  });

  describe('retiring a dealership', () => {
    it('withdraws its live cars from the site, hides its locations and revokes its feed keys; its rows, cars and leads stay', async () => {
      const [dealership] = await sql<{ id: number }>(`SELECT id FROM dealerships WHERE slug = 'alpha-used'`);
      await sql(
        `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data) VALUES ($1, $2, 'contact', 'enquiry', '{}', '{}')`,
        [await siteId('alpha-motors'), dealership!.id],
      );
      const cars = await sql(`SELECT id FROM cars WHERE dealership_id = $1`, [dealership!.id]);
      const alphaBefore = await sql(
        `SELECT to_jsonb(c) AS row FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE d.slug = 'alpha-motors'`,
      );

      const res = await ops(api.http().delete(dealershipUrl('alpha-motors', 'alpha-used'))).expect(200);
      expect(res.body).toMatchObject({ slug: 'alpha-used', retired_at: expect.any(String) });
      expect(res.body.locations.every((l: { visible: boolean }) => !l.visible)).toBe(true);
      expect(await sql(`SELECT id FROM cars WHERE dealership_id = $1`, [dealership!.id])).toEqual(cars);
      expect(await sql(`SELECT count(*)::int AS n FROM leads WHERE dealership_id = $1`, [dealership!.id])).toEqual([
        { n: 1 },
      ]);
      expect(
        await sql(`SELECT count(*)::int AS n FROM cars WHERE dealership_id = $1 AND withdrawn_at IS NULL`, [
          dealership!.id,
        ]),
      ).toEqual([{ n: 0 }]);
      await eventually(
        async () =>
          (await api.http().post('/api/sites/alpha-motors/search').send({ query: 'sportage' }).expect(200)).body,
        (body: { count: number }) => body.count === 0,
        "the retired dealership's car gone from search",
      );
      // Its stock system's next push is refused, and no new key is issued for it.
      await push('alpha-used', [feedCar('AU2')]).expect(404);
      await ops(api.http().post('/api/ops/dealerships/alpha-used/feed-keys')).expect(404);
      // It takes no more changes; retiring it again changes nothing; its slug stays taken.
      await ops(api.http().put(dealershipUrl('alpha-motors', 'alpha-used')))
        .send({ name: 'Back' })
        .expect(409);
      await ops(api.http().put(locationUrl('alpha-motors', 'alpha-used', 'torquay')))
        .send(salesLocation())
        .expect(409);
      const again = await ops(api.http().delete(dealershipUrl('alpha-motors', 'alpha-used'))).expect(200);
      expect(again.body.retired_at).toBe(res.body.retired_at);
      const retirements = (await audit('dealership:alpha-used')).filter((a) => a.action === 'dealership.retired');
      expect(retirements).toEqual([
        expect.objectContaining({
          before: { retired_at: null },
          after: {
            retired_at: res.body.retired_at,
            locations_hidden: expect.arrayContaining(['geelong', 'torquay']),
            feed_keys_revoked: 1,
            cars_withdrawn: 1,
          },
        }),
      ]);
      const site = (await ops(api.http().get('/api/ops/sites/alpha-motors')).expect(200)).body;
      expect(site.dealerships.find((d: { slug: string }) => d.slug === 'alpha-used').retired_at).toBe(
        res.body.retired_at,
      );
      // The site's other dealership is untouched.
      expect(
        await sql(
          `SELECT to_jsonb(c) AS row FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE d.slug = 'alpha-motors'`,
        ),
      ).toEqual(alphaBefore);
    });
  });

  describe('sites', () => {
    it('answers 404 for an unknown site and 409 for a retired one, and asks for the ops token', async () => {
      await ops(api.http().put(dealershipUrl('no-such-site', 'x-motors')))
        .send({ name: 'X' })
        .expect(404);
      await ops(api.http().get(dealershipUrl('no-such-site', 'x-motors'))).expect(404);
      await ops(api.http().put(locationUrl('no-such-site', 'x-motors', 'x')))
        .send(salesLocation())
        .expect(404);
      await ops(api.http().delete('/api/ops/sites/charlie-motors')).expect(200);
      const before = await rowsOf('charlie-motors');
      const retired = await ops(api.http().put(dealershipUrl('charlie-motors', 'charlie-motors')))
        .send({ ...dealershipBody(), name: 'Charlie again' })
        .expect(409);
      expect(retired.body.title).toBe('Site retired');
      await ops(api.http().put(locationUrl('charlie-motors', 'charlie-motors', 'new')))
        .send(salesLocation())
        .expect(409);
      await ops(api.http().delete(dealershipUrl('charlie-motors', 'charlie-motors'))).expect(409);
      // A retired site's records can still be read.
      await ops(api.http().get(dealershipUrl('charlie-motors', 'charlie-motors'))).expect(200);
      expect(await rowsOf('charlie-motors')).toEqual(before);
      await api.http().get(dealershipUrl('alpha-motors', 'alpha-motors')).expect(401);
      await api.http().put(dealershipUrl('alpha-motors', 'alpha-motors')).send({ name: 'X' }).expect(401);
      const badSlug = await ops(api.http().get(dealershipUrl('alpha-motors', 'Not_A_Slug'))).expect(400);
      expect(badSlug.body.errors[0].path).toBe('dealershipSlug');
    });

    it("never touches another site's dealership: its slug through this site is 404 to read, retire or locate, 409 to put", async () => {
      const before = await rowsOf('bravo-motors');
      const put = await ops(api.http().put(dealershipUrl('alpha-motors', 'bravo-motors')))
        .send({ ...dealershipBody(), name: 'Taken over' })
        .expect(409);
      expect(put.body.detail).toContain("belongs to site 'bravo-motors'");
      await ops(api.http().get(dealershipUrl('alpha-motors', 'bravo-motors'))).expect(404);
      await ops(api.http().delete(dealershipUrl('alpha-motors', 'bravo-motors'))).expect(404);
      await ops(api.http().get(locationUrl('alpha-motors', 'bravo-motors', 'geelong-mitsubishi-service'))).expect(404);
      await ops(api.http().put(locationUrl('alpha-motors', 'bravo-motors', 'geelong-mitsubishi-service')))
        .send(locationBody())
        .expect(404);
      await ops(api.http().delete(locationUrl('alpha-motors', 'bravo-motors', 'geelong-mitsubishi-service'))).expect(
        404,
      );
      expect(await rowsOf('bravo-motors')).toEqual(before);
    });

    it("never writes another site's rows, nor anything on a refusal, whatever JSON a PUT carries (property)", async () => {
      const others = ['bravo-motors'];
      const sites = await Promise.all(others.map(rowsOf));
      const hostile = fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        fc.constantFrom('__proto__', 'a\u0000b', '\ud800', 'x'.repeat(5000), '25:00', '9999', -1, 1e308, null),
      );
      // A valid body with some of its values replaced: at any depth, as any JSON.
      const mutated = (base: Json) =>
        fc
          .array(fc.record({ at: fc.constantFrom(...paths(base)), value: hostile }), { minLength: 1, maxLength: 3 })
          .map((changes) => {
            const body = structuredClone(base);
            for (const { at, value } of changes) {
              let node: any = body;
              for (const key of at.slice(0, -1)) node = node?.[key];
              if (node && typeof node === 'object') node[at[at.length - 1]!] = value;
            }
            return body as unknown;
          });
      const target = fc.oneof(
        fc.record({
          url: fc.constant(dealershipUrl('alpha-motors', 'alpha-motors')),
          body: fc.oneof(mutated(dealershipBody()), fc.jsonValue({ maxDepth: 3 })),
        }),
        fc.record({
          url: fc.constant(locationUrl('alpha-motors', 'alpha-motors', 'alpha-motors-sales')),
          body: fc.oneof(mutated(salesLocation()), fc.jsonValue({ maxDepth: 3 })),
        }),
        fc.record({
          url: fc.constant('/api/ops/manufacturers/mitsubishi'),
          body: fc.oneof(
            mutated({ name: 'Mitsubishi', logo_url: '/brands/mitsubishi.svg', config: {} }),
            fc.jsonValue(),
          ),
        }),
      );
      await fc.assert(
        fc.asyncProperty(target, async ({ url, body }) => {
          const before = await everything();
          const res = await ops(api.http().put(url)).set('Content-Type', 'application/json').send(JSON.stringify(body));
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.body.status).toBe(res.status);
            expect(await everything()).toEqual(before);
          }
        }),
        { numRuns: 60 },
      );
      expect(await Promise.all(others.map(rowsOf))).toEqual(sites);
    });
  });

  describe('brand records', () => {
    it('lists them, and PUT creates (201) or replaces (200) one by slug, audited with no site; the same PUT twice writes once', async () => {
      // Bravo's dealership, since the property above may validly rewrite alpha-motors' brands (it proves bravo untouched).
      const { body } = await ops(api.http().get('/api/ops/manufacturers')).expect(200);
      expect(body.manufacturers).toContainEqual(
        expect.objectContaining({
          slug: 'mitsubishi',
          dealerships: expect.arrayContaining([{ site: 'bravo-motors', slug: 'bravo-motors' }]),
        }),
      );
      const polestar = {
        name: 'Polestar',
        logo_url: '/brands/polestar.svg',
        config: { theme: { primary_colour: '#222222' } },
      };
      const created = await ops(api.http().put('/api/ops/manufacturers/polestar')).send(polestar).expect(201);
      expect(created.body).toEqual({ slug: 'polestar', ...polestar, dealerships: [] });
      const before = await everything();
      await ops(api.http().put('/api/ops/manufacturers/polestar')).send(polestar).expect(200);
      expect(await everything()).toEqual(before);
      await ops(api.http().put('/api/ops/manufacturers/polestar'))
        .send({ ...polestar, name: 'Polestar Cars' })
        .expect(200);
      expect(await audit('manufacturer:polestar')).toEqual([
        expect.objectContaining({ action: 'manufacturer.created', site_id: null, before: null }),
        expect.objectContaining({
          action: 'manufacturer.updated',
          site_id: null,
          before: expect.objectContaining({ name: 'Polestar' }),
          after: expect.objectContaining({ name: 'Polestar Cars' }),
        }),
      ]);
      expect((await ops(api.http().get('/api/ops/manufacturers/polestar')).expect(200)).body.name).toBe(
        'Polestar Cars',
      );
      // A dealership may sell it now.
      await ops(api.http().put(dealershipUrl('bravo-motors', 'bravo-polestar')))
        .send({ name: 'Bravo Polestar', manufacturer: 'polestar' })
        .expect(201);
    });

    it('refuses a logo or a configuration the pages cannot show, naming the field', async () => {
      const before = await everything();
      const logo = await ops(api.http().put('/api/ops/manufacturers/mitsubishi'))
        .send({ name: 'Mitsubishi', logo_url: 'javascript:alert(1)' })
        .expect(400);
      expect(logo.body.errors[0].path).toBe('logo_url');
      const colour = await ops(api.http().put('/api/ops/manufacturers/mitsubishi'))
        .send({ name: 'Mitsubishi', config: { theme: { primary_colour: 'red' } } })
        .expect(400);
      expect(colour.body.errors).toEqual([
        { path: 'config.theme.primary_colour', message: expect.stringContaining('hex') },
      ]);
      expect(await everything()).toEqual(before);
    });

    it('removes one nothing names (204), and refuses one in use (409, naming who uses it)', async () => {
      const inUse = await ops(api.http().delete('/api/ops/manufacturers/polestar')).expect(409);
      expect(inUse.body.detail).toContain('bravo-motors/bravo-polestar');
      await ops(api.http().put('/api/ops/manufacturers/lada')).send({ name: 'Lada' }).expect(201);
      await ops(api.http().delete('/api/ops/manufacturers/lada')).expect(204);
      await ops(api.http().get('/api/ops/manufacturers/lada')).expect(404);
      await ops(api.http().delete('/api/ops/manufacturers/lada')).expect(404);
      expect((await audit('manufacturer:lada')).map((a) => a.action)).toEqual([
        'manufacturer.created',
        'manufacturer.removed',
      ]);
    });
  });

  it('npm run ops -- dealership|location|manufacturer put, get, hide and retire, with a file from where the reader typed', async () => {
    const server = api.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(path.join(tmpdir(), 'ops-records-'));
    const env = {
      ...process.env,
      API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      OPS_TOKEN,
      INIT_CWD: dir,
    };
    try {
      writeFileSync(path.join(dir, 'd.json'), JSON.stringify({ name: 'Bravo Used', brands: ['kia'] }));
      writeFileSync(path.join(dir, 'l.json'), JSON.stringify(salesLocation('Bravo Used Torquay')));
      writeFileSync(path.join(dir, 'm.json'), JSON.stringify({ name: 'Genesis' }));
      const put = await run(['dealership', 'put', 'bravo-motors', 'bravo-used', '--file', 'd.json'], env);
      expect(put).toMatchObject({ code: 0, stdout: expect.stringContaining('dealership created') });
      expect(JSON.parse(put.stdout.slice(put.stdout.indexOf('{'))).name).toBe('Bravo Used');
      expect(
        (await run(['dealership', 'put', 'bravo-motors', 'bravo-used', '--file', 'd.json'], env)).stdout,
      ).toContain('dealership saved');
      const location = await run(['location', 'put', 'bravo-motors', 'bravo-used', 'torquay', '--file', 'l.json'], env);
      expect(location.code).toBe(0);
      expect(
        JSON.parse((await run(['location', 'get', 'bravo-motors', 'bravo-used', 'torquay'], env)).stdout),
      ).toMatchObject({ name: 'Bravo Used Torquay', geocoded: { city: 'Torquay' } });
      const hide = await run(['location', 'hide', 'bravo-motors', 'bravo-used', 'torquay'], env);
      expect(hide).toMatchObject({ code: 1, stderr: expect.stringContaining('409') });
      writeFileSync(
        path.join(dir, 'bad.json'),
        JSON.stringify({ ...salesLocation(), address: { street: '1 A St', suburb: 'Nowhere', postcode: '9999' } }),
      );
      const bad = await run(['location', 'put', 'bravo-motors', 'bravo-used', 'other', '--file', 'bad.json'], env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('400 Invalid location');
      expect(bad.stderr).toContain('address.postcode: 9999 is');
      expect((await run(['manufacturer', 'put', 'genesis', '--file', 'm.json'], env)).stdout).toContain(
        'manufacturer created',
      );
      expect((await run(['manufacturers'], env)).stdout).toMatch(/genesis +Genesis/);
      expect((await run(['manufacturer', 'remove', 'genesis'], env)).stdout).toContain('genesis removed');
      const retired = await run(['dealership', 'retire', 'bravo-motors', 'bravo-used'], env);
      expect(retired).toMatchObject({ code: 0, stdout: expect.stringContaining('bravo-used retired') });
      expect((await run(['dealership', 'put', 'bravo-motors', 'bravo-used'], env)).stderr).toContain('--file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Every path into a JSON value, so a change can land anywhere in it. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => paths(item, [...at, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, item]) => paths(item, [...at, key]))];
  return here;
}
