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
import { anotherDealer, exampleDealer, seedTemplatesAndBrands, type Json } from '../testing/onboarding';

const OPS_TOKEN = 'test-ops-token-onboarding-0123456789';
const OPS_SCRIPT = path.resolve(__dirname, '../../../../infra/scripts/ops.mjs');

/** Runs the ops CLI as `npm run ops --` does, with the given environment. */
const run = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [OPS_SCRIPT, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
const EXAMPLE = exampleDealer();

const TENANT_TABLES = [
  'sites',
  'site_hosts',
  'dealerships',
  'locations',
  'location_hours',
  'location_special_hours',
  'feed_keys',
  'dealer_users',
  'dealer_memberships',
  'dealer_sign_in_links',
  'dealer_audit_log',
  'ops_audit_log',
] as const;

describe('POST /api/ops/onboarding: a new dealer from one document (real api, PostgreSQL, Redis, workers)', () => {
  let api: SiteApiHarness;
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);
  const onboard = (doc: unknown) => ops(api.http().post('/api/ops/onboarding')).send(doc as object);
  const counts = async (): Promise<Record<string, number>> =>
    Object.fromEntries(
      await Promise.all(
        TENANT_TABLES.map(async (table) => {
          const [{ n }] = (await api.db.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`)) as [{ n: number }];
          return [table, n] as const;
        }),
      ),
    );

  beforeAll(async () => {
    api = await createSiteApiHarness('onboarding', {
      env: {
        OPS_TOKEN,
        WEB_PORT: '3000',
        PLATFORM_CNAME_TARGET: 'sites.dealer-platform.example',
        PLATFORM_IPV4: '203.0.113.10',
      },
    });
    await seedTemplatesAndBrands(api);
  });

  afterAll(async () => {
    await api?.close();
  });

  it('onboards the example dealer; its feed key pushes stock shoppers find, and its owner signs in with the link', async () => {
    const res = await onboard(EXAMPLE).expect(201);
    const answer = res.body;
    expect(answer.site).toEqual({
      id: expect.any(Number),
      slug: 'geelong-mitsubishi',
      name: 'Geelong Mitsubishi',
      template: 'single-brand',
      status: 'active',
      url: 'http://geelong-mitsubishi.localhost:3000',
      urls: ['http://geelong-mitsubishi.localhost:3000', 'https://www.geelongmitsubishi.com.au'],
    });
    expect(answer.hosts[0]).toEqual({
      host: 'geelong-mitsubishi.localhost',
      primary: true,
      status: 'verified',
      serves: true,
      url: 'http://geelong-mitsubishi.localhost:3000',
      dns_records: [],
    });
    const [{ verification_token: token }] = await api.db.dataSource.query(
      `SELECT verification_token FROM site_hosts WHERE host = 'www.geelongmitsubishi.com.au'`,
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(answer.hosts[1]).toEqual({
      host: 'www.geelongmitsubishi.com.au',
      primary: false,
      status: 'pending',
      serves: false,
      url: 'https://www.geelongmitsubishi.com.au',
      dns_records: [
        {
          type: 'TXT',
          name: '_dealer-platform-verification.www.geelongmitsubishi.com.au',
          value: `dealer-platform-verification=${token}`,
          purpose: 'verify',
        },
        {
          type: 'CNAME',
          name: 'www.geelongmitsubishi.com.au',
          value: 'sites.dealer-platform.example',
          purpose: 'route',
        },
      ],
    });
    const [dealership] = answer.dealerships;
    expect(dealership).toMatchObject({
      slug: 'geelong-mitsubishi',
      feed_path: '/api/feeds/geelong-mitsubishi',
      feed_key: { id: expect.any(Number), key: expect.stringMatching(/^fk_/), prefix: expect.any(String) },
      owner: {
        email: 'owner@geelongmitsubishi.com.au',
        name: 'Dana Whitfield',
        sign_in_url: expect.stringMatching(/^http:\/\/geelong-mitsubishi\.localhost:3000\/dealer\/sign-in\?token=/),
      },
    });
    expect(dealership.locations).toEqual([
      expect.objectContaining({
        slug: 'geelong-mitsubishi-sales',
        primary: true,
        address: {
          street: '125 Latrobe Terrace',
          city: 'Geelong',
          state: 'VIC',
          postcode: '3220',
          lat: expect.closeTo(-38.15, 1),
          long: expect.closeTo(144.36, 1),
        },
        time_zone: 'Australia/Melbourne',
      }),
      expect.objectContaining({ slug: 'geelong-mitsubishi-service', primary: false, location_type: 'service' }),
    ]);

    // What was written: the hours of each department and day, special days, brands, phones, lead emails.
    const db = api.db.dataSource;
    const hours = await db.query(
      `SELECT l.slug, h.department, count(*)::int AS days, count(*) FILTER (WHERE h.status = 'Open')::int AS open
       FROM location_hours h JOIN locations l ON l.id = h.location_id GROUP BY l.slug, h.department ORDER BY 1, 2`,
    );
    expect(hours).toEqual([
      { slug: 'geelong-mitsubishi-sales', department: 'sales', days: 7, open: 6 },
      { slug: 'geelong-mitsubishi-service', department: 'parts', days: 7, open: 6 },
      { slug: 'geelong-mitsubishi-service', department: 'service', days: 7, open: 6 },
    ]);
    expect(
      await db.query(
        `SELECT h.open, h.close FROM location_hours h JOIN locations l ON l.id = h.location_id
         WHERE l.slug = 'geelong-mitsubishi-sales' AND h.weekday = 4`,
      ),
    ).toEqual([{ open: '08:30', close: '19:00' }]);
    expect(
      await db.query(
        `SELECT s.date::text AS date, s.department, s.status, s.start_hour FROM location_special_hours s
         JOIN locations l ON l.id = s.location_id WHERE l.slug = 'geelong-mitsubishi-sales' ORDER BY s.date`,
      ),
    ).toEqual([
      { date: '2026-12-25', department: 'all', status: 'Closed', start_hour: null },
      { date: '2026-12-26', department: 'sales', status: 'Open', start_hour: '10:00' },
      { date: '2027-01-01', department: 'all', status: 'Closed', start_hour: null },
      { date: '2027-01-26', department: 'sales', status: 'Open', start_hour: '10:00' },
    ]);
    const [row] = await db.query(
      `SELECT d.config, m.slug AS manufacturer, l.manufacturers, l.phone FROM dealerships d
       JOIN manufacturers m ON m.id = d.manufacturer_id JOIN locations l ON l.dealership_id = d.id AND l."primary"
       WHERE d.slug = 'geelong-mitsubishi'`,
    );
    expect(row).toEqual({
      config: {
        leads: { crm_webhook_url: null, save_valuation: true, notify_emails: ['sales@geelongmitsubishi.com.au'] },
      },
      manufacturer: 'mitsubishi',
      manufacturers: ['mitsubishi'],
      phone: '03 5222 4400',
    });
    // One audit row: the document as created, and no secret in it.
    const audit = await db.query(`SELECT actor, action, subject, before, after FROM ops_audit_log`);
    expect(audit).toEqual([
      {
        actor: 'ops-token',
        action: 'onboarding',
        subject: 'site:geelong-mitsubishi',
        before: null,
        after: expect.objectContaining({ document: expect.objectContaining({ site: expect.any(Object) }) }),
      },
    ]);
    const stored = JSON.stringify(audit);
    expect(stored).not.toContain(dealership.feed_key.key);
    expect(stored).not.toContain(new URL(dealership.owner.sign_in_url).searchParams.get('token'));

    // The site is served at its development host, with its own configuration.
    const byHost = await api.http().get('/api/sites/by-host/geelong-mitsubishi.localhost').expect(200);
    expect(byHost.body).toMatchObject({ slug: 'geelong-mitsubishi', status: 'active' });
    const config = await api.http().get('/api/sites/geelong-mitsubishi/config').expect(200);
    expect(config.body.config.theme.primary_colour).toBe('#e60012');
    expect(config.body.locations.map((l: { slug: string }) => l.slug)).toEqual([
      'geelong-mitsubishi-sales',
      'geelong-mitsubishi-service',
    ]);

    // The dealer's stock system pushes with the key it was given; shoppers find the cars.
    const pushed = await api
      .http()
      .post(dealership.feed_path)
      .set('Authorization', `Bearer ${dealership.feed_key.key}`)
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify([
          feedCar('GM1', { make: 'Mitsubishi', model: 'Triton', car_type: 'used', price: 38990 }),
          feedCar('GM2', { make: 'Mitsubishi', model: 'Outlander', car_type: 'used', price: 41990 }),
        ]),
      )
      .expect(202);
    expect(pushed.body.feedRunId).toEqual(expect.any(String));
    const found = await eventually(
      async () =>
        (await api.http().post('/api/sites/geelong-mitsubishi/search').send({ query: 'mitsubishi' })).body as {
          count: number;
          hits: { stocknum?: string; model?: string }[];
        },
      (body) => body.count === 2,
      'the pushed cars in search',
    );
    expect(found.hits.map((hit) => hit.model).sort()).toEqual(['Outlander', 'Triton']);

    // The first owner signs in with the one-time link, as owner of the new dealership.
    const signIn = await api
      .http()
      .post('/api/dealer/sign-in/link')
      .send({ token: new URL(dealership.owner.sign_in_url).searchParams.get('token') })
      .expect(200);
    expect(signIn.body.dealerships).toEqual([expect.objectContaining({ slug: 'geelong-mitsubishi', role: 'owner' })]);
  });

  it('answers the same document again with 409 naming each slug and host, and creates nothing', async () => {
    const before = await counts();
    const res = await onboard(EXAMPLE).expect(409);
    expect(res.body.title).toBe('Already onboarded');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'site.slug',
      'dealerships.0.slug',
      'hosts.0.host',
      'hosts.1.host',
    ]);
    expect(res.body.detail).toMatch(/^Nothing was created\./);
    expect(await counts()).toEqual(before);
  });

  it.each<[string, (doc: Json) => void, number, string, string]>([
    [
      'postcode 9999',
      (doc) =>
        (doc.dealerships[0].locations[1].address = { street: '1 Sleigh Rd', suburb: 'North Pole', postcode: '9999' }),
      400,
      'dealerships.0.locations.1.address.postcode',
      'North Pole',
    ],
    [
      'an unknown postcode',
      (doc) => (doc.dealerships[0].locations[0].address.postcode = '0001'),
      400,
      'dealerships.0.locations.0.address.postcode',
      'No Australian suburb has the postcode 0001',
    ],
    [
      'a suburb not in its postcode',
      (doc) => (doc.dealerships[0].locations[1].address.suburb = 'Geelong West'),
      400,
      'dealerships.0.locations.1.address.suburb',
      "Postcode 3220 has no suburb 'Geelong West'",
    ],
    [
      'hours 25:00',
      (doc) => (doc.dealerships[0].locations[0].hours.sales.monday = { open: '08:30', close: '25:00' }),
      400,
      'dealerships.0.locations.0.hours.sales.monday.close',
      "'00:00' to '23:59'",
    ],
    [
      'a closing time before the opening time',
      (doc) => (doc.dealerships[0].locations[0].hours.sales.tuesday = { open: '17:30', close: '08:30' }),
      400,
      'dealerships.0.locations.0.hours.sales.tuesday.close',
      'not after it opens',
    ],
    [
      'a dealership slug twice in the document',
      (doc) => doc.dealerships.push(structuredClone(doc.dealerships[0])),
      400,
      'dealerships.1.slug',
      'used twice',
    ],
    [
      'a location slug twice in its dealership',
      (doc) => (doc.dealerships[0].locations[1].slug = doc.dealerships[0].locations[0].slug),
      400,
      'dealerships.0.locations.1.slug',
      'used twice',
    ],
    [
      "another site's dealership slug",
      (doc) => (doc.dealerships[0].slug = 'north-onboarding'),
      409,
      'dealerships.0.slug',
      "taken (by site 'test-site-onboarding')",
    ],
    [
      'a host of another site',
      (doc) => doc.hosts.push({ host: 'www.geelongmitsubishi.com.au' }),
      409,
      'hosts.2.host',
      "already a host of site 'geelong-mitsubishi'",
    ],
    [
      'a template that does not exist',
      (doc) => (doc.site.template = 'luxury'),
      400,
      'site.template',
      'Use one of: group, single-brand, used-only',
    ],
    [
      'more than one primary host',
      (doc) => (doc.hosts[1].primary = true),
      400,
      'hosts.1.primary',
      'Only one host is primary',
    ],
    [
      'a real domain as the primary host before it is verified',
      (doc) => {
        doc.hosts[0].primary = false;
        doc.hosts[1].primary = true;
      },
      400,
      'hosts.1.primary',
      'once its DNS record is verified',
    ],
    [
      'a brand the platform does not have',
      (doc) => (doc.dealerships[0].brands = ['mitsubishi', 'delorean']),
      400,
      'dealerships.0.brands.1',
      "No manufacturer has the slug 'delorean'",
    ],
    [
      'a setting the pages cannot show',
      (doc) => (doc.dealerships[0].config.leads.crm_webhook_url = 'ftp://crm.example'),
      400,
      'dealerships.0.config.leads.crm_webhook_url',
      'http(s) URL',
    ],
  ])('refuses %s, naming the field, and creates nothing', async (_what, change, status, at, message) => {
    const doc = anotherDealer('ballarat-mitsubishi');
    change(doc);
    const before = await counts();
    const res = await onboard(doc).expect(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.errors).toContainEqual({ path: at, message: expect.stringContaining(message) });
    expect(await counts()).toEqual(before);
  });

  it('names every field of a document wrong in several places at once', async () => {
    const doc = anotherDealer('ballarat-mitsubishi');
    doc.site.template = 'luxury';
    doc.dealerships[0].locations[0].address.postcode = '9999';
    doc.dealerships[0].slug = 'north-onboarding';
    const res = await onboard(doc).expect(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'site.template',
      'dealerships.0.locations.0.address.postcode',
      'dealerships.0.slug',
    ]);
  });

  it('onboards a group: two dealerships with one owner, who gets one user, both memberships and one link', async () => {
    const doc = anotherDealer('surf-coast-motors');
    const second = structuredClone(doc.dealerships[0]);
    second.slug = 'surf-coast-used';
    second.name = 'Surf Coast Used Cars';
    second.manufacturer = null;
    second.locations = [{ ...second.locations[0], slug: 'surf-coast-used-yard', location_type: 'used' }];
    doc.dealerships.push(second);
    const { body } = await onboard(doc).expect(201);
    const [first, other] = body.dealerships;
    expect(other.owner).toEqual(first.owner);
    expect(other.feed_key.key).not.toBe(first.feed_key.key);
    expect(
      await api.db.dataSource.query(
        `SELECT d.slug, m.role FROM dealer_memberships m JOIN dealerships d ON d.id = m.dealership_id
         WHERE m.user_id = $1 ORDER BY d.slug`,
        [first.owner.id],
      ),
    ).toEqual([
      { slug: 'surf-coast-motors', role: 'owner' },
      { slug: 'surf-coast-used', role: 'owner' },
    ]);
    expect(other.locations[0].address.city).toBe('Geelong');
  });

  it('creates one dealer when the same new document is posted twice at once: the other is 409', async () => {
    const doc = anotherDealer('twin-motors');
    const statuses = (await Promise.all([onboard(doc), onboard(doc)])).map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409]);
    expect(await api.db.dataSource.query(`SELECT count(*)::int AS n FROM sites WHERE slug = 'twin-motors'`)).toEqual([
      { n: 1 },
    ]);
  });

  it('writes all or nothing: a failure at the last write (the audit row) leaves no site, host, user or key', async () => {
    const db = api.db.dataSource;
    await db.query(`CREATE FUNCTION fail_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.subject = 'site:boom-motors' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`);
    await db.query(`CREATE TRIGGER fail_boom BEFORE INSERT ON ops_audit_log FOR EACH ROW EXECUTE FUNCTION fail_boom()`);
    try {
      const before = await counts();
      await onboard(anotherDealer('boom-motors')).expect(500);
      expect(await counts()).toEqual(before);
    } finally {
      await db.query(`DROP TRIGGER fail_boom ON ops_audit_log; DROP FUNCTION fail_boom()`);
    }
  });

  it('npm run ops -- onboard <file> posts the document and prints the links, or each refused field on its line', async () => {
    const server = api.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const env = {
      ...process.env,
      API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      OPS_TOKEN,
      INIT_CWD: tmpdir(),
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'onboard-'));
    try {
      writeFileSync(path.join(dir, 'dealer.json'), JSON.stringify(anotherDealer('torquay-motors')));
      const printed = await run(['onboard', path.join(dir, 'dealer.json')], env);
      expect(printed.code).toBe(0);
      expect(printed.stdout).toContain(
        'Onboarded Dealer torquay-motors (torquay-motors): http://torquay-motors.localhost:3000',
      );
      expect(printed.stdout).toMatch(/feed key \(shown only now\): fk_/);
      expect(printed.stdout).toMatch(/TXT +_dealer-platform-verification\.www\.torquay-motors\.com\.au/);
      expect(printed.stdout).toMatch(/http:\/\/torquay-motors\.localhost:3000\/dealer\/sign-in\?token=/);

      const bad = anotherDealer('anglesea-motors');
      bad.dealerships[0].locations[0].address.postcode = '9999';
      bad.site.template = 'luxury';
      writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(bad));
      const refused = await run(['onboard', path.join(dir, 'bad.json')], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('400 Invalid onboarding document:');
      expect(refused.stderr).toContain('\n  site.template: No template');
      expect(refused.stderr).toContain('\n  dealerships.0.locations.0.address.postcode: 9999');
      expect((await run(['onboard', path.join(dir, 'missing.json')], env)).stderr).toContain('cannot read');
      expect((await run(['sites'], env)).stdout).toContain('torquay-motors');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks for the ops token', async () => {
    await api.http().post('/api/ops/onboarding').send(EXAMPLE).expect(401);
  });

  it('answers hostile documents with a problem naming a field, never a 5xx, and creates nothing (property)', async () => {
    const before = await counts();
    const base = anotherDealer('hostile-dealer');
    const objectPaths: (string | number)[][] = [];
    const leafPaths: (string | number)[][] = [];
    const walk = (node: unknown, at: (string | number)[]) => {
      if (node !== null && typeof node === 'object') {
        // A key added to an array is not in its JSON: only objects take one.
        if (!Array.isArray(node)) objectPaths.push(at);
        for (const [key, value] of Object.entries(node)) walk(value, [...at, Array.isArray(node) ? Number(key) : key]);
      } else leafPaths.push(at);
    };
    walk(base, []);
    const nested = (depth: number): unknown => (depth === 0 ? 'x' : [nested(depth - 1)]);
    const weird = fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
      fc.string({ unit: 'binary', maxLength: 20 }),
    );
    // Each of these makes any document invalid wherever it lands: every object of the document is
    // strict (an unknown key is refused), no field takes a number, and the edge refuses NUL, lone
    // surrogates and nesting past 32 levels.
    const poison = fc.oneof(
      fc.record({ kind: fc.constant('key' as const), at: fc.constantFrom(...objectPaths), key: weird }),
      fc.record({
        kind: fc.constant('value' as const),
        at: fc.constantFrom(...leafPaths),
        value: fc.oneof(
          fc.constantFrom('a\u0000b', '\ud800', 'x\udfff'),
          fc.constantFrom(1e308, 2 ** 64, -1, 0.5, Number.MAX_SAFE_INTEGER),
          fc.constant(nested(40)),
        ),
      }),
    );
    // And these may or may not: oversized strings and numbers, control characters, any JSON.
    const noise = fc.record({
      kind: fc.constant('value' as const),
      at: fc.constantFrom(...leafPaths),
      value: fc.oneof(
        fc.constantFrom('x'.repeat(100_000), '25:00', '\u0007\u001b[31m', '9999', '', ' '),
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.jsonValue({ maxDepth: 3 }),
      ),
    });
    type Change =
      | { kind: 'key'; at: (string | number)[]; key: string }
      | { kind: 'value'; at: (string | number)[]; value: unknown };
    const apply = (doc: Json, change: Change) => {
      if (change.kind === 'key') {
        let node: any = doc;
        for (const key of change.at) node = node[key];
        Object.defineProperty(node, change.key, {
          value: { polluted: true },
          enumerable: true,
          configurable: true,
          writable: true,
        });
        return;
      }
      let node: any = doc;
      for (const key of change.at.slice(0, -1)) node = node?.[key];
      if (node && typeof node === 'object') node[change.at[change.at.length - 1]!] = change.value;
    };
    await fc.assert(
      fc.asyncProperty(fc.array(noise, { maxLength: 3 }), poison, async (noises, poisoned) => {
        const doc = structuredClone(base);
        for (const change of noises) apply(doc, change);
        apply(doc, poisoned);
        const res = await onboard(doc);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.status).toBe(res.status);
        expect(res.body.errors.length).toBeGreaterThan(0);
        for (const error of res.body.errors as { path: unknown; message: unknown }[]) {
          expect(typeof error.path).toBe('string');
          expect(typeof error.message).toBe('string');
          // A path names the field; only a key that is itself the empty string at the top has an empty path,
          // and its message names it.
          if (error.path === '') expect(error.message).toBe("Unknown field '': remove it or check its spelling");
        }
      }),
      { numRuns: 80 },
    );
    expect(await counts()).toEqual(before);
  });
});
