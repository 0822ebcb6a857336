import fc from 'fast-check';
import type request from 'supertest';
import { LEAD_STATUSES, leadTransition, type LeadStatus } from '@platform/domain';
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
  async function signedIn(
    dealership: string,
    email: string,
    role: 'owner' | 'sales' | 'viewer' = 'sales',
  ): Promise<{ cookie: string; csrf: string; id: string }> {
    const added = await addUser(dealership, { email, name: 'Sam Seller', role }).expect(201);
    const link = await ops(api.http().post(`/api/ops/dealer-users/${added.body.id}/sign-in-link`)).expect(201);
    const token = new URL(link.body.url).searchParams.get('token');
    const answer = await api.http().post('/api/dealer/sign-in/link').send({ token }).expect(200);
    const cookie = (answer.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    return { cookie, csrf: answer.body.csrfToken, id: added.body.id };
  }

  const insertLead = async (
    siteId: number,
    dealershipId: number,
    name: string,
    extra: { form?: string; carId?: number } = {},
  ): Promise<string> => {
    const [row] = (await api.db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data, car_id)
       VALUES ($1, $2, $4, 'enquiry', $3, '{}', $5) RETURNING id`,
      [
        siteId,
        dealershipId,
        JSON.stringify({ name, email: `${name.toLowerCase()}@example.com`, phone: '0412345678' }),
        extra.form ?? 'vehicle',
        extra.carId ?? null,
      ],
    )) as { id: string }[];
    return row!.id;
  };
  /** The changes a lead endpoint makes, with the session's CSRF token. */
  const change = (
    user: { cookie: string; csrf: string },
    leadId: string,
    what: 'status' | 'assignee' | 'notes',
    body: unknown,
  ) =>
    api
      .http()
      .post(`/api/dealer/leads/${leadId}/${what}`)
      .set('Cookie', user.cookie)
      .set('x-csrf-token', user.csrf)
      .send(body as object);
  const auditOf = async (leadId: string) =>
    (await api.db.dataSource.query(
      `SELECT user_id, action, subject_type, detail FROM dealer_audit_log WHERE subject_type = 'lead' AND subject_id = $1 ORDER BY id`,
      [leadId],
    )) as { user_id: string; action: string; subject_type: string; detail: Record<string, unknown> }[];

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
    const user = await signedIn(api.fixture.north.slug, 'isolation@example.com', 'owner');
    const { cookie } = user;
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const unknownChanges = {
      status: await change(user, unknownId, 'status', { status: 'contacted' }).expect(404),
      assignee: await change(user, unknownId, 'assignee', { userId: null }).expect(404),
      notes: await change(user, unknownId, 'notes', { body: 'Hello' }).expect(404),
    };
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
          if (!mine) {
            expect({ ...detail.body, instance: null }).toEqual({ ...unknownLead.body, instance: null });
            // Every change endpoint: the same 404 as an unknown id, and nothing written.
            for (const [what, body] of [
              ['status', { status: 'contacted' }],
              ['assignee', { userId: user.id }],
              ['notes', { body: 'Not yours' }],
            ] as const) {
              const changed = await change(user, leadId, what, body);
              expect(changed.status).toBe(404);
              expect({ ...changed.body, instance: null }).toEqual({ ...unknownChanges[what].body, instance: null });
            }
            expect(await auditOf(leadId)).toEqual([]);
          }
          const listed = await api.http().get(`/api/dealer/leads?dealership=${dealership}`).set('Cookie', cookie);
          if (dealership === api.fixture.north.slug) {
            expect(listed.status).toBe(200);
            for (const lead of listed.body.leads as { id: string }[]) expect(leads.north).toContain(lead.id);
            const exported = await api
              .http()
              .get(`/api/dealer/leads.csv?dealership=${dealership}`)
              .set('Cookie', cookie);
            expect(exported.status).toBe(200);
            for (const name of ['West', 'Other']) expect(exported.text).not.toContain(name);
          } else {
            expect(listed.status).toBe(404);
            const same = (body: Record<string, unknown>) => ({ ...body, detail: null, instance: null });
            expect(same(listed.body)).toEqual(same(unknownDealership.body));
            expect(listed.body.detail).toBe(dealershipDetail(dealership));
            const exported = await api
              .http()
              .get(`/api/dealer/leads.csv?dealership=${dealership}`)
              .set('Cookie', cookie);
            expect(exported.status).toBe(404);
            expect(same(exported.body)).toEqual(same(unknownDealership.body));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('never answers hostile query strings, ids or bodies with a 5xx, and names the field of a 400 (property)', async () => {
    const fuzzer = await signedIn(api.fixture.north.slug, 'fuzz@example.com');
    const { cookie } = fuzzer;
    const fuzzLead = await insertLead(api.fixture.siteId, api.fixture.north.id, 'Fuzzed');
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
        fc.constantFrom('dealership', 'form', 'q', 'limit', 'before', 'status', 'car', 'after', '__proto__'),
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
              /^(query\.)?(dealership|form|q|limit|before|status|car|after|__proto__)$/,
            );
          const lead = await api
            .http()
            .get(`/api/dealer/leads/${percent(id)}`)
            .set('Cookie', cookie);
          expect(lead.status).toBeLessThan(500);
          const csv = await api
            .http()
            .get(`/api/dealer/leads.csv?${percent(key)}=${percent(value)}`)
            .set('Cookie', cookie);
          expect(csv.status).toBeLessThan(500);
          if (csv.status === 400)
            expect(csv.body.errors[0].path).toMatch(
              /^(query\.)?(dealership|form|q|limit|before|status|car|after|__proto__)$/,
            );
          // Every change endpoint, on a real lead and on a hostile id: hostile values in each field,
          // and hostile keys beside valid fields. Refused naming the field, never a 5xx.
          for (const [what, field, valid] of [
            ['status', 'status', { status: 'contacted' }],
            ['status', 'reason', { status: 'lost' }],
            ['assignee', 'userId', {}],
            ['notes', 'body', {}],
          ] as const) {
            const hostileBody = await change(fuzzer, fuzzLead, what, { ...valid, [field]: value });
            expect(hostileBody.status).toBeLessThan(500);
            if (hostileBody.status === 400)
              // The edge's NUL and lone-surrogate guard names the field under `body.`.
              expect(
                (hostileBody.body.errors as { path: string }[]).map((e) => e.path.replace(/^body\./, '')),
              ).toContain(field);
            const keyedBody = await change(
              fuzzer,
              fuzzLead,
              what,
              JSON.parse(`{"${field}":null,${JSON.stringify(value)}:{"__proto__":{"x":1}}}`),
            );
            expect(keyedBody.status).toBeLessThan(500);
            const hostileId = await api
              .http()
              .post(`/api/dealer/leads/${percent(id)}/${what}`)
              .set('Cookie', fuzzer.cookie)
              .set('x-csrf-token', fuzzer.csrf)
              .send({ ...valid, [field]: value });
            expect(hostileId.status).toBeLessThan(500);
          }
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
    // ~15 requests a run: a shared machine needs more than jest's default 30 s.
  }, 180_000);

  it('moves a lead only along the domain rule over any sequence of requests, auditing each change (property)', async () => {
    const user = await signedIn(api.fixture.north.slug, 'status@example.com');
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            status: fc.constantFrom(...LEAD_STATUSES),
            reason: fc.option(fc.constantFrom('Bought elsewhere', '  ', 'x'.repeat(301)), { nil: undefined }),
          }),
          { maxLength: 6 },
        ),
        async (requests) => {
          const leadId = await insertLead(api.fixture.siteId, api.fixture.north.id, 'Sequence');
          let status: LeadStatus = 'new';
          let changes = 0;
          for (const request of requests) {
            const expected = leadTransition(status, request.status, request.reason);
            const answer = await change(user, leadId, 'status', request);
            if (expected.ok) {
              expect(answer.status).toBe(200);
              expect(answer.body).toMatchObject({ id: leadId, status: expected.status, lostReason: expected.reason });
              status = expected.status;
              changes++;
            } else {
              expect(answer.status).toBe(expected.field === 'status' ? 409 : 400);
              expect((answer.body.errors as { path: string }[]).map((e) => e.path)).toEqual([expected.field]);
            }
          }
          const audit = await auditOf(leadId);
          expect(audit).toHaveLength(changes);
          for (const record of audit) expect(record).toMatchObject({ user_id: user.id, action: 'lead.status_changed' });
          const detail = await api.http().get(`/api/dealer/leads/${leadId}`).set('Cookie', user.cookie).expect(200);
          expect(detail.body.status).toBe(status);
          expect(detail.body.history).toHaveLength(changes);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('refuses every change from a viewer with 403 problem details, and from anyone without the CSRF token', async () => {
    const viewer = await signedIn(api.fixture.north.slug, 'viewer@example.com', 'viewer');
    const leadId = await insertLead(api.fixture.siteId, api.fixture.north.id, 'Viewed');
    await api.http().get(`/api/dealer/leads/${leadId}`).set('Cookie', viewer.cookie).expect(200);
    for (const [what, body] of [
      ['status', { status: 'contacted' }],
      ['assignee', { userId: null }],
      ['notes', { body: 'Called back' }],
    ] as const) {
      const refused = await change(viewer, leadId, what, body);
      expect(refused.status).toBe(403);
      expect(refused.headers['content-type']).toMatch(/problem\+json/);
      expect(refused.body.title).toMatch(/read only/i);
      const sales = await signedIn(api.fixture.north.slug, `nocsrf-${what}@example.com`);
      await api.http().post(`/api/dealer/leads/${leadId}/${what}`).set('Cookie', sales.cookie).send(body).expect(403);
    }
    expect(await auditOf(leadId)).toEqual([]);
    const detail = await api.http().get(`/api/dealer/leads/${leadId}`).set('Cookie', viewer.cookie).expect(200);
    expect(detail.body).toMatchObject({ status: 'new', assignee: null, notes: [], canChange: false });
  });

  it('assigns a lead to a user of its dealership only, unassigns it, and keeps private notes with their author', async () => {
    const sales = await signedIn(api.fixture.north.slug, 'assigner@example.com');
    const colleague = await addUser(api.fixture.north.slug, {
      email: 'colleague@example.com',
      name: 'Cody Colleague',
      role: 'sales',
    }).expect(201);
    const westUser = await addUser(api.fixture.west.slug, { email: 'westie@example.com', name: 'W', role: 'sales' });
    const leadId = await insertLead(api.fixture.siteId, api.fixture.north.id, 'Assigned');
    const assigned = await change(sales, leadId, 'assignee', { userId: colleague.body.id }).expect(200);
    expect(assigned.body.assignee).toEqual({ id: colleague.body.id, name: 'Cody Colleague' });
    expect(assigned.body.assignees).toEqual(
      expect.arrayContaining([{ id: colleague.body.id, name: 'Cody Colleague' }]),
    );
    const wrong = await change(sales, leadId, 'assignee', { userId: westUser.body.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'userId', message: expect.stringMatching(/North Motors/) }]);
    const unassigned = await change(sales, leadId, 'assignee', { userId: null }).expect(200);
    expect(unassigned.body.assignee).toBeNull();

    const note = await change(sales, leadId, 'notes', { body: '  Rang, call back Tuesday  ' }).expect(201);
    expect(note.body).toMatchObject({ body: 'Rang, call back Tuesday', author: { id: sales.id, name: 'Sam Seller' } });
    for (const body of ['', '   ', 'x'.repeat(2001)]) {
      const refused = await change(sales, leadId, 'notes', { body });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].path).toBe('body');
    }
    const detail = await api.http().get(`/api/dealer/leads/${leadId}`).set('Cookie', sales.cookie).expect(200);
    expect(detail.body.notes).toEqual([
      {
        id: note.body.id,
        body: 'Rang, call back Tuesday',
        author: { id: sales.id, name: 'Sam Seller' },
        createdAt: expect.any(String),
      },
    ]);
    expect((await auditOf(leadId)).map((r) => r.action)).toEqual(['lead.assigned', 'lead.assigned', 'lead.note_added']);
  });

  it('filters by status, car and arrival time, and exports the filtered list as spreadsheet-safe CSV', async () => {
    const user = await signedIn(api.fixture.north.slug, 'filters@example.com', 'owner');
    const [car] = (await api.db.dataSource.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, status, make, model, year, price)
       VALUES ($1, 'STK-CSV1', 'csv-car-stk-csv1', 'used', 'in_stock', 'Isuzu', 'D-Max', 2023, 45990) RETURNING id`,
      [api.fixture.north.id],
    )) as { id: number }[];
    // The inbox's poll asks for leads after the newest it shows (that lead's createdAt, to the millisecond).
    const shown = await api.http().get('/api/dealer/leads?limit=1').set('Cookie', user.cookie).expect(200);
    const since = shown.body.leads[0].createdAt as string;
    const hostile = await insertLead(api.fixture.siteId, api.fixture.north.id, '=HYPERLINK("http://evil")', {
      carId: car!.id,
      form: 'test_drive',
    });
    await change(user, hostile, 'status', { status: 'contacted' }).expect(200);
    const byStatus = await api.http().get('/api/dealer/leads?status=contacted').set('Cookie', user.cookie).expect(200);
    expect(byStatus.body.leads.map((l: { id: string }) => l.id)).toContain(hostile);
    for (const lead of byStatus.body.leads as { status: string }[]) expect(lead.status).toBe('contacted');
    const byCar = await api.http().get('/api/dealer/leads?car=stk-csv1').set('Cookie', user.cookie).expect(200);
    expect(byCar.body.leads.map((l: { id: string }) => l.id)).toEqual([hostile]);
    const after = await api
      .http()
      .get(`/api/dealer/leads?after=${encodeURIComponent(since)}`)
      .set('Cookie', user.cookie)
      .expect(200);
    expect(after.body.leads.map((l: { id: string }) => l.id)).toEqual([hostile]);

    const csv = await api
      .http()
      .get('/api/dealer/leads.csv?form=test_drive&car=STK-CSV1')
      .set('Cookie', user.cookie)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      })
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="leads-[0-9-]+\.csv"$/);
    expect(csv.headers['cache-control']).toMatch(/no-store/);
    const text = csv.body as string;
    expect(text.startsWith('\uFEFF"Received"')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('"STK-CSV1"');
    expect(lines[1]).toContain('"Contacted"');
  });
});
