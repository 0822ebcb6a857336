import fc from 'fast-check';
import type request from 'supertest';
import { SitePatchSchema } from '@platform/domain';
import { feedCar } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { anotherDealer, seedTemplatesAndBrands } from '../testing/onboarding';

const OPS_TOKEN = 'test-ops-token-ops-sites-0123456789';
const SITES = ['alpha-motors', 'bravo-motors', 'charlie-motors'] as const;

describe('ops sites: list, read, suspend and retire (real api and PostgreSQL)', () => {
  let api: SiteApiHarness;
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);
  const siteId = async (slug: string): Promise<number> =>
    ((await api.db.dataSource.query(`SELECT id FROM sites WHERE slug = $1`, [slug])) as { id: number }[])[0]!.id;

  /** Every row that belongs to a site, as text, table by table: what one site's change must leave alone. */
  async function rowsOf(slug: string): Promise<Record<string, string>> {
    const id = await siteId(slug);
    const queries: Record<string, string> = {
      sites: `SELECT to_jsonb(s) AS row FROM sites s WHERE id = $1`,
      site_hosts: `SELECT to_jsonb(h) AS row FROM site_hosts h WHERE site_id = $1 ORDER BY host`,
      dealerships: `SELECT to_jsonb(d) AS row FROM dealerships d WHERE site_id = $1 ORDER BY id`,
      locations: `SELECT to_jsonb(l) AS row FROM locations l JOIN dealerships d ON d.id = l.dealership_id WHERE d.site_id = $1 ORDER BY l.id`,
      location_hours: `SELECT to_jsonb(h) AS row FROM location_hours h JOIN locations l ON l.id = h.location_id JOIN dealerships d ON d.id = l.dealership_id WHERE d.site_id = $1 ORDER BY h.location_id, h.department, h.weekday`,
      feed_keys: `SELECT to_jsonb(k) AS row FROM feed_keys k JOIN dealerships d ON d.id = k.dealership_id WHERE d.site_id = $1 ORDER BY k.id`,
      dealer_users: `SELECT to_jsonb(u) AS row FROM dealer_users u WHERE site_id = $1 ORDER BY u.id`,
      cars: `SELECT to_jsonb(c) AS row FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE d.site_id = $1 ORDER BY c.id`,
      ops_audit_log: `SELECT to_jsonb(a) AS row FROM ops_audit_log a WHERE site_id = $1 ORDER BY id`,
    };
    const out: Record<string, string> = {};
    for (const [table, sql] of Object.entries(queries))
      out[table] = JSON.stringify(((await api.db.dataSource.query(sql, [id])) as { row: unknown }[]).map((r) => r.row));
    return out;
  }

  beforeAll(async () => {
    api = await createSiteApiHarness('ops_sites', { env: { OPS_TOKEN, WEB_PORT: '3000' } });
    await seedTemplatesAndBrands(api);
    for (const slug of SITES) await ops(api.http().post('/api/ops/onboarding')).send(anotherDealer(slug)).expect(201);
    // Alpha has stock, a feed run and a lead today.
    const [{ id: dealershipId }] = await api.db.dataSource.query(
      `SELECT id FROM dealerships WHERE slug = 'alpha-motors'`,
    );
    await api.load(dealershipId, [feedCar('A1', { make: 'Mitsubishi' }), feedCar('A2', { make: 'Mitsubishi' })]);
    await api.db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data) VALUES ($1, $2, 'contact', 'enquiry', '{}', '{}')`,
      [await siteId('alpha-motors'), dealershipId],
    );
  });

  afterAll(async () => {
    await api?.close();
  });

  it('lists each site with its status, hosts, dealerships, cars live, last feed run and leads today', async () => {
    const { body } = await ops(api.http().get('/api/ops/sites')).expect(200);
    const alpha = body.sites.find((site: { slug: string }) => site.slug === 'alpha-motors');
    expect(alpha).toEqual({
      slug: 'alpha-motors',
      name: 'Dealer alpha-motors',
      template: 'single-brand',
      status: 'active',
      retired_at: null,
      created_at: expect.any(String),
      hosts: [
        { host: 'alpha-motors.localhost', primary: true, status: 'verified', certificate_asked_at: null },
        { host: 'www.alpha-motors.com.au', primary: false, status: 'pending', certificate_asked_at: null },
      ],
      dealerships: 1,
      cars_live: 2,
      last_feed_run: { dealership: 'alpha-motors', status: expect.any(String), received_at: expect.any(String) },
      leads_today: 1,
    });
    expect(body.sites.find((site: { slug: string }) => site.slug === 'bravo-motors')).toMatchObject({
      cars_live: 0,
      last_feed_run: null,
      leads_today: 0,
    });
    await api.http().get('/api/ops/sites').expect(401);
  });

  it("shows when Caddy last asked for a host's certificate and was told yes, and only then", async () => {
    const hostsOf = async (slug: string) =>
      (await ops(api.http().get(`/api/ops/sites/${slug}`)).expect(200)).body.hosts as {
        host: string;
        certificate_asked_at: string | null;
      }[];
    const before = Date.now();
    // Caddy asks from loopback, as the test client does; a pending host is refused and stays unasked.
    await api.http().get('/api/tls/ask').query({ domain: 'charlie-motors.localhost' }).expect(200);
    await api.http().get('/api/tls/ask').query({ domain: 'www.charlie-motors.com.au' }).expect(404);
    const [served, pending] = await hostsOf('charlie-motors');
    expect(served!.host).toBe('charlie-motors.localhost');
    expect(Date.parse(served!.certificate_asked_at!)).toBeGreaterThanOrEqual(before - 1_000);
    expect(pending).toMatchObject({ host: 'www.charlie-motors.com.au', certificate_asked_at: null });
    const listed = (await ops(api.http().get('/api/ops/sites')).expect(200)).body.sites.find(
      (site: { slug: string }) => site.slug === 'charlie-motors',
    );
    expect(listed.hosts[0].certificate_asked_at).toBe(served!.certificate_asked_at);
  });

  it('shows one site whole, its hours in the words of the document that created it', async () => {
    const { body } = await ops(api.http().get('/api/ops/sites/bravo-motors')).expect(200);
    const doc = anotherDealer('bravo-motors');
    expect(body).toMatchObject({ slug: 'bravo-motors', status: 'active', config: doc.site.config });
    expect(body.hosts[1]).toMatchObject({
      host: 'www.bravo-motors.com.au',
      status: 'pending',
      serves: false,
      dns_records: [expect.objectContaining({ type: 'TXT', purpose: 'verify' })],
    });
    const [service] = body.dealerships[0].locations.filter((l: { slug: string }) => l.slug.endsWith('-service'));
    // A day the document left out is a closed day.
    expect(service.hours.parts).toEqual({ ...doc.dealerships[0].locations[1].hours.parts, sunday: 'closed' });
    expect(service.hours.service).toEqual(doc.dealerships[0].locations[1].hours.service);
    expect(service.special_hours).toEqual(doc.dealerships[0].locations[1].special_hours);
    expect(service.address).toMatchObject({ city: 'Geelong', postcode: '3220', state: 'VIC' });
    await ops(api.http().get('/api/ops/sites/no-such-site')).expect(404);
    await ops(api.http().get('/api/ops/sites/Not%20A%20Slug')).expect(400);
  });

  it('suspends a site: the web reads its status, and the change is in the audit log with before and after', async () => {
    const res = await ops(api.http().patch('/api/ops/sites/charlie-motors')).send({ status: 'suspended' }).expect(200);
    expect(res.body).toMatchObject({ slug: 'charlie-motors', status: 'suspended' });
    expect((await api.http().get('/api/sites/by-host/charlie-motors.localhost').expect(200)).body.status).toBe(
      'suspended',
    );
    expect((await api.http().get('/api/sites/charlie-motors/config').expect(200)).body.site.status).toBe('suspended');
    expect(
      await api.db.dataSource.query(
        `SELECT actor, action, subject, before, after FROM ops_audit_log WHERE action = 'site.updated'`,
      ),
    ).toEqual([
      {
        actor: 'ops-token',
        action: 'site.updated',
        subject: 'site:charlie-motors',
        before: { name: 'Dealer charlie-motors', status: 'active' },
        after: { name: 'Dealer charlie-motors', status: 'suspended' },
      },
    ]);
    const refused = await ops(api.http().patch('/api/ops/sites/charlie-motors')).send({ status: 'closed' }).expect(400);
    expect(refused.body.errors).toEqual([{ path: 'status', message: "status is 'active' or 'suspended'." }]);
    await ops(api.http().patch('/api/ops/sites/charlie-motors')).send({}).expect(400);
    await ops(api.http().patch('/api/ops/sites/no-such-site')).send({ name: 'X' }).expect(404);
    await ops(api.http().patch('/api/ops/sites/charlie-motors'))
      .send({ status: 'active', name: 'Charlie' })
      .expect(200);
  });

  it('retires a site: its hosts, slug and listing no longer find it, its rows stay, and it takes no more changes', async () => {
    const res = await ops(api.http().delete('/api/ops/sites/bravo-motors')).expect(200);
    expect(res.body).toMatchObject({ slug: 'bravo-motors', retired_at: expect.any(String) });
    await api.http().get('/api/sites/by-host/bravo-motors.localhost').expect(404);
    await api.http().get('/api/sites/bravo-motors/config').expect(404);
    await api.http().post('/api/sites/bravo-motors/search').send({}).expect(404);
    const listed = (await api.http().get('/api/sites').expect(200)).body.map((s: { slug: string }) => s.slug);
    expect(listed).not.toContain('bravo-motors');
    expect(listed).toContain('alpha-motors');
    const opsList = async (query = '') =>
      ((await ops(api.http().get(`/api/ops/sites${query}`)).expect(200)).body.sites as { slug: string }[]).map(
        (s) => s.slug,
      );
    expect(await opsList()).not.toContain('bravo-motors');
    expect(await opsList('?retired=true')).toContain('bravo-motors');
    expect((await ops(api.http().get('/api/ops/sites/bravo-motors')).expect(200)).body.retired_at).toEqual(
      res.body.retired_at,
    );
    // Retiring again changes nothing; a change is refused; the slug stays taken until the site is purged.
    expect((await ops(api.http().delete('/api/ops/sites/bravo-motors')).expect(200)).body.retired_at).toBe(
      res.body.retired_at,
    );
    expect(
      await api.db.dataSource.query(`SELECT count(*)::int AS n FROM ops_audit_log WHERE action = 'site.retired'`),
    ).toEqual([{ n: 1 }]);
    await ops(api.http().patch('/api/ops/sites/bravo-motors')).send({ status: 'active' }).expect(409);
    const again = await ops(api.http().post('/api/ops/onboarding')).send(anotherDealer('bravo-motors')).expect(409);
    expect(again.body.errors[0]).toEqual({ path: 'site.slug', message: expect.stringContaining('was retired') });
    expect(
      await api.db.dataSource.query(
        `SELECT count(*)::int AS n FROM locations l JOIN dealerships d ON d.id = l.dealership_id WHERE d.slug = 'bravo-motors'`,
      ),
    ).toEqual([{ n: 2 }]);
  });

  it("never changes another site's rows, whatever is suspended, renamed or retired (property)", async () => {
    const operation = fc.record({
      site: fc.constantFrom(...SITES),
      op: fc.oneof(
        fc.constant({ kind: 'retire' as const }),
        fc.constantFrom('active', 'suspended').map((status) => ({ kind: 'patch' as const, body: { status } })),
        fc.string({ minLength: 1, maxLength: 30 }).map((name) => ({ kind: 'patch' as const, body: { name } })),
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 6 }), async (operations) => {
        // Each run starts from three live, active sites; the model says what each should be after each call.
        await api.db.dataSource.query(
          `UPDATE sites SET retired_at = NULL, status = 'active' WHERE slug = ANY($1::text[])`,
          [[...SITES]],
        );
        const model = new Map<string, { name: string; status: string; retired: boolean }>();
        for (const slug of SITES) {
          const { body } = await ops(api.http().get(`/api/ops/sites/${slug}`)).expect(200);
          model.set(slug, { name: body.name, status: 'active', retired: false });
        }
        for (const { site, op } of operations) {
          const others = SITES.filter((slug) => slug !== site);
          const before = await Promise.all(others.map(rowsOf));
          const hostsBefore = await Promise.all(
            others.map(async (slug) => (await api.http().get(`/api/sites/by-host/${slug}.localhost`)).body),
          );
          const res =
            op.kind === 'retire'
              ? await ops(api.http().delete(`/api/ops/sites/${site}`))
              : await ops(api.http().patch(`/api/ops/sites/${site}`)).send(op.body);
          const expected = model.get(site)!;
          const patch = op.kind === 'patch' ? SitePatchSchema.safeParse(op.body) : null;
          if (op.kind === 'retire') {
            expect(res.status).toBe(200);
            expected.retired = true;
          } else if (!patch?.success) expect(res.status).toBe(400);
          else if (expected.retired) expect(res.status).toBe(409);
          else {
            expect(res.status).toBe(200);
            expected.name = patch.data.name ?? expected.name;
            expected.status = patch.data.status ?? expected.status;
          }
          const now = (await ops(api.http().get(`/api/ops/sites/${site}`)).expect(200)).body;
          expect({ name: now.name, status: now.status, retired: now.retired_at !== null }).toEqual(expected);
          expect((await api.http().get(`/api/sites/by-host/${site}.localhost`)).status).toBe(
            expected.retired ? 404 : 200,
          );
          expect(await Promise.all(others.map(rowsOf))).toEqual(before);
          expect(
            await Promise.all(
              others.map(async (slug) => (await api.http().get(`/api/sites/by-host/${slug}.localhost`)).body),
            ),
          ).toEqual(hostsBefore);
        }
      }),
      { numRuns: 15 },
    );
  });
});
