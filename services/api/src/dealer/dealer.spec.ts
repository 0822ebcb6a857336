import fc from 'fast-check';
import type request from 'supertest';
import { createStockFixture, type StockFixture } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-dealer-0123456789';
/** Every byte percent-encoded (a lone surrogate as the replacement character, as a browser sends it). */
const percent = (text: string): string =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

describe('Dealer console API (real PostgreSQL): accounts, sign-in links, sessions and lead isolation', () => {
  let api: SiteApiHarness;
  let other: StockFixture;
  /** Leads by where they belong: the user's dealership, the other dealership of the site, another site. */
  const leads = { north: [] as string[], west: [] as string[], otherSite: [] as string[] };
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);

  const addUser = (dealership: string, body: Record<string, unknown>) =>
    ops(api.http().post(`/api/ops/dealerships/${dealership}/users`)).send(body);

  /** Signs a new user of `dealership` in through an ops link; answers their cookie and CSRF token. */
  async function signedIn(dealership: string, email: string): Promise<{ cookie: string; csrf: string; id: string }> {
    const added = await addUser(dealership, { email, name: 'Sam Seller', role: 'sales' }).expect(201);
    const link = await ops(api.http().post(`/api/ops/dealer-users/${added.body.id}/sign-in-link`)).expect(201);
    const token = new URL(link.body.url).searchParams.get('token');
    const answer = await api.http().post('/api/dealer/sign-in/link').send({ token }).expect(200);
    const cookie = (answer.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    return { cookie, csrf: answer.body.csrfToken, id: added.body.id };
  }

  const insertLead = async (siteId: number, dealershipId: number, name: string): Promise<string> => {
    const [row] = (await api.db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data)
       VALUES ($1, $2, 'vehicle', 'enquiry', $3, '{}') RETURNING id`,
      [siteId, dealershipId, JSON.stringify({ name, email: `${name.toLowerCase()}@example.com`, phone: '0412345678' })],
    )) as { id: string }[];
    return row!.id;
  };

  beforeAll(async () => {
    api = await createSiteApiHarness('dealer', { env: { OPS_TOKEN } });
    other = await createStockFixture(api.db.dataSource, 'dealer-other');
    for (let i = 0; i < 3; i++) {
      leads.north.push(await insertLead(api.fixture.siteId, api.fixture.north.id, `North${i}`));
      leads.west.push(await insertLead(api.fixture.siteId, api.fixture.west.id, `West${i}`));
      leads.otherSite.push(await insertLead(other.siteId, other.north.id, `Other${i}`));
    }
  });

  afterAll(async () => {
    await api?.close();
  });

  it('lets ops add a user to a dealership, and the same email on another dealership adds that one', async () => {
    const first = await addUser(api.fixture.north.slug, {
      email: ' Pat.Owner@Example.com ',
      name: 'Pat Owner',
      role: 'owner',
    }).expect(201);
    expect(first.body).toMatchObject({
      email: 'pat.owner@example.com',
      name: 'Pat Owner',
      site: api.siteSlug,
      dealerships: [{ slug: api.fixture.north.slug, role: 'owner' }],
    });
    const second = await addUser(api.fixture.west.slug, {
      email: 'pat.owner@example.com',
      name: 'Pat Owner',
      role: 'viewer',
    }).expect(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.dealerships).toEqual([
      { slug: api.fixture.north.slug, role: 'owner' },
      { slug: api.fixture.west.slug, role: 'viewer' },
    ]);
    const [audit] = (await api.db.dataSource.query(
      `SELECT actor, action, detail FROM dealer_audit_log WHERE dealership_id = $1 ORDER BY id LIMIT 1`,
      [api.fixture.north.id],
    )) as { actor: string; action: string; detail: Record<string, unknown> }[];
    expect(audit).toMatchObject({ actor: 'ops', action: 'user.added', detail: { role: 'owner' } });
  });

  it('refuses a bad user with problem details naming the field, an unknown dealership with 404, and no ops token with 401', async () => {
    const bad = await addUser(api.fixture.north.slug, { email: 'not an email', name: 'Line\nbreak', role: 'boss' });
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['email', 'name', 'role']);
    await addUser('no-such-dealership', { email: 'a@b.com.au', name: 'A', role: 'sales' }).expect(404);
    await api
      .http()
      .post(`/api/ops/dealerships/${api.fixture.north.slug}/users`)
      .send({ email: 'a@b.com.au', name: 'A', role: 'sales' })
      .expect(401);
    await ops(api.http().post('/api/ops/dealer-users/not-a-uuid/sign-in-link')).expect(404);
    await ops(api.http().post('/api/ops/dealer-users/00000000-0000-4000-8000-000000000000/sign-in-link')).expect(404);
  });

  it('signs in once per link with an HttpOnly, Secure, SameSite=Lax cookie; the link then fails', async () => {
    const added = await addUser(api.fixture.north.slug, {
      email: 'once@example.com',
      name: 'Once',
      role: 'sales',
    }).expect(201);
    const link = await ops(api.http().post(`/api/ops/dealer-users/${added.body.id}/sign-in-link`)).expect(201);
    expect(link.body.url).toMatch(/^http:\/\/.+\/dealer\/sign-in\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link.body.url).searchParams.get('token');
    // A link for this site's user is refused on another site's host, and stays unspent.
    await api
      .http()
      .post('/api/dealer/sign-in/link')
      .set('x-site-slug', 'test-site-dealer-other')
      .send({ token })
      .expect(400);
    const answer = await api
      .http()
      .post('/api/dealer/sign-in/link')
      .set('x-site-slug', api.siteSlug)
      .send({ token })
      .expect(200);
    const cookie = (answer.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(/^dp_dealer_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(answer.body).toMatchObject({
      user: { email: 'once@example.com' },
      dealerships: [{ slug: api.fixture.north.slug, role: 'sales' }],
    });
    const again = await api.http().post('/api/dealer/sign-in/link').send({ token }).expect(400);
    expect(again.body.errors).toEqual([
      { path: 'token', message: expect.stringMatching(/expired or has already been used/) },
    ]);
    const [stored] = (await api.db.dataSource.query(`SELECT token_hash FROM dealer_sign_in_links`)) as {
      token_hash: string;
    }[];
    expect(stored!.token_hash).not.toContain(token);
  });

  it('needs the session for /me and the CSRF token to sign out; after sign-out the cookie signs no one in', async () => {
    const { cookie, csrf } = await signedIn(api.fixture.north.slug, 'csrf@example.com');
    await api.http().get('/api/dealer/me').expect(401);
    const me = await api.http().get('/api/dealer/me').set('Cookie', cookie).expect(200);
    expect(me.body.csrfToken).toBe(csrf);
    // The session of this site's user is not a session on another site's host.
    await api
      .http()
      .get('/api/dealer/me')
      .set('Cookie', cookie)
      .set('x-site-slug', 'test-site-dealer-other')
      .expect(401);
    await api.http().post('/api/dealer/sign-out').set('Cookie', cookie).expect(403);
    await api.http().post('/api/dealer/sign-out').set('Cookie', cookie).set('x-csrf-token', 'x'.repeat(43)).expect(403);
    await api.http().post('/api/dealer/sign-out').set('Cookie', cookie).set('x-csrf-token', csrf).expect(204);
    await api.http().get('/api/dealer/me').set('Cookie', cookie).expect(401);
  });

  it("lists only the user's dealership's leads, newest first, with search and paging", async () => {
    const { cookie } = await signedIn(api.fixture.north.slug, 'inbox@example.com');
    const all = await api.http().get('/api/dealer/leads').set('Cookie', cookie).expect(200);
    expect((all.body.leads as { id: string }[]).map((lead) => lead.id)).toEqual([...leads.north].reverse());
    const found = await api.http().get('/api/dealer/leads?q=north1').set('Cookie', cookie).expect(200);
    expect((found.body.leads as { name: string }[]).map((lead) => lead.name)).toEqual(['North1']);
    const wildcard = await api.http().get('/api/dealer/leads?q=%25').set('Cookie', cookie).expect(200);
    expect(wildcard.body.leads).toEqual([]);
    const first = await api.http().get('/api/dealer/leads?limit=2').set('Cookie', cookie).expect(200);
    expect(first.body.leads).toHaveLength(2);
    const rest = await api
      .http()
      .get(`/api/dealer/leads?limit=2&before=${encodeURIComponent(first.body.next)}`)
      .set('Cookie', cookie)
      .expect(200);
    expect(rest.body.leads.map((lead: { id: string }) => lead.id)).toEqual([leads.north[0]]);
    expect(rest.body.next).toBeNull();
    const detail = await api.http().get(`/api/dealer/leads/${leads.north[0]}`).set('Cookie', cookie).expect(200);
    expect(detail.body).toMatchObject({ name: 'North0', answers: { name: 'North0' }, deliveries: [] });
  });

  it("answers another dealership's or another site's lead exactly as an unknown id, on every lead endpoint (property)", async () => {
    const { cookie } = await signedIn(api.fixture.north.slug, 'isolation@example.com');
    const unknownLead = await api
      .http()
      .get('/api/dealer/leads/00000000-0000-4000-8000-000000000000')
      .set('Cookie', cookie)
      .expect(404);
    const unknownDealership = await api
      .http()
      .get('/api/dealer/leads?dealership=no-such')
      .set('Cookie', cookie)
      .expect(404);
    const dealershipDetail = (slug: string) => `You have no dealership '${slug}'.`;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...leads.north, ...leads.west, ...leads.otherSite),
        fc.constantFrom(api.fixture.north.slug, api.fixture.west.slug, other.north.slug, other.west.slug),
        async (leadId, dealership) => {
          const mine = leads.north.includes(leadId);
          const detail = await api.http().get(`/api/dealer/leads/${leadId}`).set('Cookie', cookie);
          expect(detail.status).toBe(mine ? 200 : 404);
          if (!mine) expect({ ...detail.body, instance: null }).toEqual({ ...unknownLead.body, instance: null });
          const listed = await api.http().get(`/api/dealer/leads?dealership=${dealership}`).set('Cookie', cookie);
          if (dealership === api.fixture.north.slug) {
            expect(listed.status).toBe(200);
            for (const lead of listed.body.leads as { id: string }[]) expect(leads.north).toContain(lead.id);
          } else {
            expect(listed.status).toBe(404);
            const same = (body: Record<string, unknown>) => ({ ...body, detail: null, instance: null });
            expect(same(listed.body)).toEqual(same(unknownDealership.body));
            expect(listed.body.detail).toBe(dealershipDetail(dealership));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('never answers hostile query strings, ids or bodies with a 5xx, and names the field of a 400 (property)', async () => {
    const { cookie } = await signedIn(api.fixture.north.slug, 'fuzz@example.com');
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.constantFrom(
        '__proto__',
        'constructor',
        '%00',
        '\u0000',
        '\ud800',
        "'; DROP TABLE leads; --",
        '9'.repeat(400),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('dealership', 'form', 'q', 'limit', 'before', '__proto__'),
        hostile,
        hostile,
        async (key, value, id) => {
          const list = await api
            .http()
            .get(`/api/dealer/leads?${percent(key)}=${percent(value)}`)
            .set('Cookie', cookie);
          expect(list.status).toBeLessThan(500);
          if (list.status === 400)
            expect((list.body.errors as { path: string }[])[0]!.path).toMatch(
              /^(query\.)?(dealership|form|q|limit|before|__proto__)$/,
            );
          const lead = await api
            .http()
            .get(`/api/dealer/leads/${percent(id)}`)
            .set('Cookie', cookie);
          expect(lead.status).toBeLessThan(500);
          const link = await api.http().post('/api/dealer/sign-in/link').send({ token: value });
          expect([400]).toContain(link.status);
          const user = await addUser(api.fixture.north.slug, { email: value, name: id, role: key });
          expect(user.status).toBe(400);
          // Hostile keys beside valid fields: refused or ignored, never a 5xx or a polluted object.
          const keyed = await addUser(
            api.fixture.north.slug,
            JSON.parse(`{"email":"keys@example.com","name":"Keys","role":"viewer",${JSON.stringify(value)}:1}`),
          );
          expect(keyed.status).toBeLessThan(500);
          const linkKeyed = await api
            .http()
            .post('/api/dealer/sign-in/link')
            .send(JSON.parse(`{"token":"${'a'.repeat(43)}",${JSON.stringify(id)}:{"__proto__":{"x":1}}}`));
          expect(linkKeyed.status).toBe(400);
          expect(({} as Record<string, unknown>)['x']).toBeUndefined();
        },
      ),
      { numRuns: 60 },
    );
  });
});
