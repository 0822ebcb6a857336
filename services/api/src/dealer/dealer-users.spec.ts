import fc from 'fast-check';
import type request from 'supertest';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-dealer-users-0123456';

interface Session {
  id: string;
  cookie: string;
  csrf: string;
}

describe('Dealer console users and audit log: owners manage their own dealerships only (real PostgreSQL)', () => {
  let api: SiteApiHarness;
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);
  let owner: Session;
  let westOwner: Session;
  let seller: Session;

  async function user(dealership: string, email: string, role: string): Promise<Session> {
    const added = await ops(api.http().post(`/api/ops/dealerships/${dealership}/users`))
      .send({ email, name: email.split('@')[0], role })
      .expect(201);
    const link = await ops(api.http().post(`/api/ops/dealer-users/${added.body.id}/sign-in-link`)).expect(201);
    const token = new URL(link.body.url).searchParams.get('token');
    const answer = await api.http().post('/api/dealer/sign-in/link').send({ token }).expect(200);
    const cookie = (answer.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    return { id: added.body.id, cookie, csrf: answer.body.csrfToken };
  }

  const as = (session: Session, req: request.Test) =>
    req.set('cookie', session.cookie).set('x-csrf-token', session.csrf);

  beforeAll(async () => {
    api = await createSiteApiHarness('dealer-users', { env: { OPS_TOKEN } });
    owner = await user(api.fixture.north.slug, 'olive@north.example', 'owner');
    westOwner = await user(api.fixture.west.slug, 'wes@west.example', 'owner');
    seller = await user(api.fixture.north.slug, 'sid@north.example', 'sales');
  });

  afterAll(async () => {
    await api?.close();
  });

  it('lists only the users of dealerships the owner owns, and refuses a non-owner', async () => {
    const list = await as(owner, api.http().get('/api/dealer/users')).expect(200);
    const emails = (list.body.users as { email: string }[]).map((u) => u.email).sort();
    expect(emails).toEqual(['olive@north.example', 'sid@north.example']);
    const refused = await as(seller, api.http().get('/api/dealer/users')).expect(403);
    expect(refused.body.title).toBe('Only an owner can do this');
    await as(seller, api.http().get('/api/dealer/audit')).expect(403);
  });

  it('invites a user by email, records who did it, and refuses a dealership the owner does not own with 404', async () => {
    const invited = await as(owner, api.http().post('/api/dealer/users'))
      .send({
        email: 'New.Person@North.Example',
        name: 'New Person',
        role: 'viewer',
        dealership: api.fixture.north.slug,
      })
      .expect(201);
    expect(invited.body).toMatchObject({
      email: 'new.person@north.example',
      dealerships: [expect.objectContaining({ slug: api.fixture.north.slug, role: 'viewer' })],
    });
    const [mail] = (await api.db.dataSource.query(
      `SELECT subject FROM outbound_emails WHERE 'new.person@north.example' = ANY(recipients)`,
    )) as { subject: string }[];
    expect(mail?.subject).toMatch(/You have been given access to/);
    const audit = await as(owner, api.http().get('/api/dealer/audit')).expect(200);
    expect(audit.body.entries[0]).toMatchObject({
      actor: 'olive',
      action: 'user.added',
      dealership: api.fixture.north.slug,
      detail: { email: 'new.person@north.example', role: 'viewer' },
    });

    // Inviting them again with another role changes it, and the log says so (from and to).
    await as(owner, api.http().post('/api/dealer/users'))
      .send({
        email: 'new.person@north.example',
        name: 'New Person',
        role: 'sales',
        dealership: api.fixture.north.slug,
      })
      .expect(201);
    const changed = await as(owner, api.http().get('/api/dealer/audit')).expect(200);
    expect(changed.body.entries[0]).toMatchObject({
      actor: 'olive',
      action: 'user.role_changed',
      detail: { email: 'new.person@north.example', from: 'viewer', role: 'sales' },
    });

    const elsewhere = await as(owner, api.http().post('/api/dealer/users'))
      .send({ email: 'x@north.example', name: 'X', role: 'sales', dealership: api.fixture.west.slug })
      .expect(404);
    expect(elsewhere.body.title).toBe('Dealership not found');
    // Without the CSRF token the cookie alone changes nothing.
    await api
      .http()
      .post('/api/dealer/users')
      .set('cookie', owner.cookie)
      .send({ email: 'y@north.example', name: 'Y', role: 'sales', dealership: api.fixture.north.slug })
      .expect(403);
  });

  it('re-inviting a member with the role they hold changes nothing, logs nothing, emails no one, and says so', async () => {
    const body = {
      email: 'sid@north.example',
      name: 'Sidney Renamed',
      role: 'sales',
      dealership: api.fixture.north.slug,
    };
    const mails = async () =>
      (
        (await api.db.dataSource.query(
          `SELECT count(*)::int AS n FROM outbound_emails WHERE 'sid@north.example' = ANY(recipients)`,
        )) as { n: number }[]
      )[0]!.n;
    const logged = async () =>
      (
        (await api.db.dataSource.query(
          `SELECT count(*)::int AS n FROM dealer_audit_log WHERE detail->>'email' = 'sid@north.example'`,
        )) as { n: number }[]
      )[0]!.n;
    const [mailsBefore, loggedBefore] = [await mails(), await logged()];
    const again = await as(owner, api.http().post('/api/dealer/users')).send(body).expect(201);
    expect(again.body).toMatchObject({ name: 'sid', outcome: 'unchanged' });
    expect(await logged()).toBe(loggedBefore);
    expect(await mails()).toBe(mailsBefore);
    const changed = await as(owner, api.http().post('/api/dealer/users'))
      .send({ ...body, role: 'viewer' })
      .expect(201);
    expect(changed.body).toMatchObject({ name: 'sid', outcome: 'role_changed' });
    await as(owner, api.http().post('/api/dealer/users')).send(body).expect(201);
  });

  it("never renames an existing user of the site when another dealership's owner invites their email", async () => {
    // wes works at west; olive owns north only, and invites wes's address under another name.
    const invited = await as(owner, api.http().post('/api/dealer/users'))
      .send({ email: 'wes@west.example', name: 'Someone Else', role: 'viewer', dealership: api.fixture.north.slug })
      .expect(201);
    expect(invited.body.name).toBe('wes');
    const [row] = (await api.db.dataSource.query(`SELECT name FROM dealer_users WHERE email = 'wes@west.example'`)) as {
      name: string;
    }[];
    expect(row!.name).toBe('wes');
    const [mail] = (await api.db.dataSource.query(
      `SELECT raw FROM outbound_emails WHERE 'wes@west.example' = ANY(recipients) ORDER BY created_at DESC LIMIT 1`,
    )) as { raw: string }[];
    expect(mail!.raw).toContain('Hello wes,');
    expect(mail!.raw).not.toContain('Someone Else');
    // Take north back off wes, so later tests find the dealerships as they expect.
    await as(owner, api.http().delete(`/api/dealer/users/${westOwner.id}?dealership=${api.fixture.north.slug}`)).expect(
      204,
    );
  });

  it('removes a user (their sessions end when they belong nowhere), 404s a user of another dealership, keeps the last owner', async () => {
    const doomed = await user(api.fixture.north.slug, 'gone@north.example', 'sales');
    await api.http().get('/api/dealer/me').set('cookie', doomed.cookie).expect(200);
    await as(owner, api.http().delete(`/api/dealer/users/${doomed.id}?dealership=${api.fixture.north.slug}`)).expect(
      204,
    );
    await api.http().get('/api/dealer/me').set('cookie', doomed.cookie).expect(401);

    await as(owner, api.http().delete(`/api/dealer/users/${westOwner.id}?dealership=${api.fixture.north.slug}`)).expect(
      404,
    );
    await as(owner, api.http().delete(`/api/dealer/users/${westOwner.id}?dealership=${api.fixture.west.slug}`)).expect(
      404,
    );
    await as(owner, api.http().delete(`/api/dealer/users/not-a-uuid?dealership=${api.fixture.north.slug}`)).expect(404);

    const last = await as(
      owner,
      api.http().delete(`/api/dealer/users/${owner.id}?dealership=${api.fixture.north.slug}`),
    ).expect(409);
    expect(last.body.title).toBe('A dealership needs an owner');
    const demote = await as(owner, api.http().post('/api/dealer/users'))
      .send({ email: 'olive@north.example', name: 'Olive', role: 'sales', dealership: api.fixture.north.slug })
      .expect(409);
    expect(demote.body.detail).toMatch(/last owner/);
  });

  it('changes a role in place: emailed and logged once, the same role again a no-op, never adding or renaming anyone', async () => {
    const sam = await user(api.fixture.north.slug, 'sam@north.example', 'viewer');
    const mails = async () =>
      (
        (await api.db.dataSource.query(
          `SELECT subject FROM outbound_emails WHERE 'sam@north.example' = ANY(recipients)`,
        )) as unknown[]
      ).length;
    const before = await mails();
    const changed = await as(owner, api.http().patch(`/api/dealer/users/${sam.id}`))
      .send({ dealership: api.fixture.north.slug, role: 'sales' })
      .expect(200);
    expect(changed.body).toMatchObject({
      id: sam.id,
      name: 'sam',
      dealerships: [expect.objectContaining({ slug: api.fixture.north.slug, role: 'sales' })],
    });
    expect(await mails()).toBe(before + 1);
    const [mail] = (await api.db.dataSource.query(
      `SELECT subject FROM outbound_emails WHERE 'sam@north.example' = ANY(recipients) ORDER BY created_at DESC LIMIT 1`,
    )) as { subject: string }[];
    expect(mail!.subject).toMatch(/Your access to .* has changed/);
    const audit = await as(owner, api.http().get('/api/dealer/audit')).expect(200);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'user.role_changed',
      detail: { email: 'sam@north.example', from: 'viewer', role: 'sales' },
    });

    // The same role again: nothing logged, nothing sent.
    await as(owner, api.http().patch(`/api/dealer/users/${sam.id}`))
      .send({ dealership: api.fixture.north.slug, role: 'sales' })
      .expect(200);
    expect(await mails()).toBe(before + 1);
    expect((await as(owner, api.http().get('/api/dealer/audit')).expect(200)).body.entries[0].id).toBe(
      audit.body.entries[0].id,
    );

    // Removed meanwhile (a stale page): 404, not added back.
    await as(owner, api.http().delete(`/api/dealer/users/${sam.id}?dealership=${api.fixture.north.slug}`)).expect(204);
    await as(owner, api.http().patch(`/api/dealer/users/${sam.id}`))
      .send({ dealership: api.fixture.north.slug, role: 'viewer' })
      .expect(404);
    const [member] = (await api.db.dataSource.query(
      `SELECT count(*)::int AS n FROM dealer_memberships WHERE user_id = $1`,
      [sam.id],
    )) as { n: number }[];
    expect(member!.n).toBe(0);

    // Another dealership's user, or a dealership the owner does not own: 404 as unknown.
    await as(owner, api.http().patch(`/api/dealer/users/${westOwner.id}`))
      .send({ dealership: api.fixture.north.slug, role: 'sales' })
      .expect(404);
    await as(owner, api.http().patch(`/api/dealer/users/${westOwner.id}`))
      .send({ dealership: api.fixture.west.slug, role: 'sales' })
      .expect(404);
    // A salesperson cannot; nor can the cookie alone.
    await as(seller, api.http().patch(`/api/dealer/users/${seller.id}`))
      .send({ dealership: api.fixture.north.slug, role: 'owner' })
      .expect(403);
    await api
      .http()
      .patch(`/api/dealer/users/${seller.id}`)
      .set('cookie', owner.cookie)
      .send({ dealership: api.fixture.north.slug, role: 'viewer' })
      .expect(403);
  });

  it('keeps an owner when two owners demote each other at the same moment', async () => {
    const a = await user(api.fixture.west.slug, 'ann@west.example', 'owner');
    // West has two owners now (wes and ann); each demotes the other at once, and so does the check.
    const [first, second] = await Promise.all([
      as(westOwner, api.http().patch(`/api/dealer/users/${a.id}`)).send({
        dealership: api.fixture.west.slug,
        role: 'sales',
      }),
      as(a, api.http().patch(`/api/dealer/users/${westOwner.id}`)).send({
        dealership: api.fixture.west.slug,
        role: 'sales',
      }),
    ]);
    // Exactly one change is applied. The other is refused: 409 when both were checked before either
    // committed (the dealership's lock makes the second see the first), or 403 when the second was
    // handled after the first committed, its author no longer an owner by then. Either way one owner remains.
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const [owners] = (await api.db.dataSource.query(
      `SELECT count(*)::int AS n FROM dealer_memberships WHERE dealership_id = $1 AND role = 'owner'`,
      [api.fixture.west.id],
    )) as { n: number }[];
    expect(owners!.n).toBe(1);
    // Put the other back, so later tests find west as they expect.
    const remaining = first.status === 200 ? westOwner : a;
    const demoted = first.status === 200 ? a : westOwner;
    await as(remaining, api.http().patch(`/api/dealer/users/${demoted.id}`))
      .send({ dealership: api.fixture.west.slug, role: 'owner' })
      .expect(200);
  });

  it('pages the audit log newest first', async () => {
    const first = await as(owner, api.http().get('/api/dealer/audit?limit=1')).expect(200);
    expect(first.body.entries).toHaveLength(1);
    expect(first.body.next).toMatch(/^\d+$/);
    const second = await as(owner, api.http().get(`/api/dealer/audit?limit=1&before=${first.body.next}`)).expect(200);
    expect(Number(second.body.entries[0].id)).toBeLessThan(Number(first.body.entries[0].id));
  });

  it('answers any invite body, query or id with 2xx or problem details naming a field, never a 5xx', async () => {
    const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'role\u0000', '\ud800');
    const value = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('', '\u0000', '\ud800', 'owner', 'sales', 'a@b.co', 'x'.repeat(3000)),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
    );
    const body = fc.dictionary(fc.oneof(hostileKey, fc.constantFrom('email', 'name', 'role', 'dealership')), value, {
      maxKeys: 5,
    });
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('__proto__', '%00', '-1', '1e99', '999999999999999999999'),
    );
    await fc.assert(
      fc.asyncProperty(body, text, text, async (payload, id, param) => {
        const invite = await as(owner, api.http().post('/api/dealer/users'))
          .set('content-type', 'application/json')
          .send(JSON.stringify(payload));
        expect(invite.status).toBeLessThan(500);
        if (invite.status === 400) expect(invite.body.errors.length).toBeGreaterThan(0);
        const remove = await as(owner, api.http().delete(`/api/dealer/users/${encodeURIComponent(id)}`)).query({
          dealership: param,
        });
        expect(remove.status).toBeLessThan(500);
        const change = await as(owner, api.http().patch(`/api/dealer/users/${encodeURIComponent(id)}`))
          .set('content-type', 'application/json')
          .send(JSON.stringify(payload));
        expect(change.status).toBeLessThan(500);
        if (change.status === 400) expect(change.body.errors.length).toBeGreaterThan(0);
        const audit = await as(owner, api.http().get('/api/dealer/audit')).query({ before: param, limit: id });
        expect(audit.status).toBeLessThan(500);
        if (audit.status === 400) expect(audit.body.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 40 },
    );
  });
});
