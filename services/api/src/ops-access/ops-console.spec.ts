import fc from 'fast-check';
import type request from 'supertest';
import { OPS_SESSION_COOKIE } from '@platform/domain';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { anotherDealer, seedTemplatesAndBrands } from '../testing/onboarding';
import { OpsConsoleController } from './ops-console.controller';
import { OPS_LINKS_PER_ADDRESS_PER_HOUR } from './ops-operators';

const OPS_TOKEN = 'test-ops-token-ops-console-0123456789';

describe('ops console operators: sign-in by link, sessions and the audit log (real api and PostgreSQL)', () => {
  let api: SiteApiHarness;
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);

  /** The newest link mailed to an address, or null; after every pending send has settled. */
  async function mailedLink(email: string): Promise<string | null> {
    await api.app.get(OpsConsoleController).idle();
    const [row] = (await api.db.dataSource.query(
      `SELECT raw FROM outbound_emails WHERE $1 = ANY(recipients) AND lead_id IS NULL ORDER BY created_at DESC LIMIT 1`,
      [email],
    )) as { raw: string }[];
    if (!row) return null;
    // Quoted-printable: soft line breaks joined, escaped bytes decoded.
    const raw = row.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return /\/sign-in\?token=([A-Za-z0-9_-]{43})/.exec(raw)?.[1] ?? null;
  }

  /** Signs in with a link token; the session cookie pair and the CSRF token. */
  async function signIn(token: string): Promise<{ cookie: string; csrf: string }> {
    const response = await api.http().post('/api/ops-console/sign-in/link').send({ token }).expect(200);
    const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const cookie = setCookie.find((c) => c.startsWith(`${OPS_SESSION_COOKIE}=`))!.split(';')[0]!;
    expect(setCookie.join()).toMatch(/HttpOnly/i);
    return { cookie, csrf: response.body.csrfToken as string };
  }

  beforeAll(async () => {
    api = await createSiteApiHarness('ops_console', {
      env: {
        OPS_TOKEN,
        WEB_PORT: '3000',
        OPS_HOST: 'ops.localhost',
        // The per-client limits are the throttler's, tested with it; here one client asks for many addresses.
        SIGN_IN_CODE_LIMIT_PER_HOUR: '1000',
        SIGN_IN_VERIFY_LIMIT_PER_10_MINUTES: '1000',
      },
    });
    await seedTemplatesAndBrands(api);
  });

  afterAll(async () => {
    await api?.close();
  });

  it('adds an operator with OPS_TOKEN and answers a one-time link on the ops host that signs them in once', async () => {
    const { body } = await ops(api.http().post('/api/ops/operators'))
      .send({ email: ' Ada@Platform.example ', name: 'Ada Ops' })
      .expect(201);
    expect(body).toMatchObject({ operator: { email: 'ada@platform.example', name: 'Ada Ops' }, created: true });
    expect(body.sign_in_url).toMatch(/^http:\/\/ops\.localhost:3000\/sign-in\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(body.sign_in_url).searchParams.get('token')!;
    const { cookie } = await signIn(token);
    const me = await api.http().get('/api/ops-console/me').set('Cookie', cookie).expect(200);
    expect(me.body.operator).toMatchObject({ email: 'ada@platform.example', name: 'Ada Ops' });
    // Once only.
    const again = await api.http().post('/api/ops-console/sign-in/link').send({ token }).expect(400);
    expect(again.body.errors).toEqual([{ path: 'token', message: expect.stringContaining('already been used') }]);
    // Adding the same address again keeps the name and says it was there.
    const same = await ops(api.http().post('/api/ops/operators')).send({
      email: 'ada@platform.example',
      name: 'Other',
    });
    expect(same.body).toMatchObject({ operator: { name: 'Ada Ops' }, created: false });
  });

  it("lets an operator's session use the ops API, with the CSRF token on changes, and audits changes under their name", async () => {
    const added = await ops(api.http().post('/api/ops/operators')).send({ email: 'bo@platform.example', name: 'Bo' });
    const { cookie, csrf } = await signIn(new URL(added.body.sign_in_url).searchParams.get('token')!);
    await api.http().get('/api/ops/sites').set('Cookie', cookie).expect(200);
    const document = anotherDealer('session-motors');
    const refused = await api.http().post('/api/ops/onboarding').set('Cookie', cookie).send(document).expect(403);
    expect(refused.body.title).toBe('Missing or wrong CSRF token');
    await api
      .http()
      .post('/api/ops/onboarding')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', csrf)
      .send(document)
      .expect(201);
    await api
      .http()
      .patch('/api/ops/sites/session-motors')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', csrf)
      .send({ status: 'suspended' })
      .expect(200);
    const actors = (await api.db.dataSource.query(
      `SELECT a.actor, a.action FROM ops_audit_log a JOIN sites s ON s.id = a.site_id WHERE s.slug = 'session-motors' ORDER BY a.id`,
    )) as { actor: string; action: string }[];
    expect(actors.length).toBeGreaterThanOrEqual(2);
    expect(new Set(actors.map((a) => a.actor))).toEqual(
      new Set([`operator:${added.body.operator.id}:bo@platform.example`]),
    );
    // A machine's change is the token's.
    await ops(api.http().patch('/api/ops/sites/session-motors')).send({ status: 'active' }).expect(200);
    const [last] = (await api.db.dataSource.query(`SELECT actor FROM ops_audit_log ORDER BY id DESC LIMIT 1`)) as {
      actor: string;
    }[];
    expect(last!.actor).toBe('ops-token');
    // Signed out, the cookie is nothing.
    await api.http().post('/api/ops-console/sign-out').set('Cookie', cookie).set('X-CSRF-Token', csrf).expect(204);
    await api.http().get('/api/ops/sites').set('Cookie', cookie).expect(401);
    await api.http().get('/api/ops-console/me').set('Cookie', cookie).expect(401);
  });

  it('mails a link to an operator who asks, answering exactly as it answers a stranger', async () => {
    await ops(api.http().post('/api/ops/operators')).send({ email: 'cy@platform.example', name: 'Cy' }).expect(201);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('cy@platform.example', 'stranger@elsewhere.example'), async (email) => {
        const response = await api.http().post('/api/ops-console/sign-in/request').send({ email });
        return (
          response.status === 202 &&
          JSON.stringify(response.body) === JSON.stringify({ status: 'sent', expires_in_minutes: 15 })
        );
      }),
      { numRuns: 4 },
    );
    const token = await mailedLink('cy@platform.example');
    expect(token).not.toBeNull();
    expect(await mailedLink('stranger@elsewhere.example')).toBeNull();
    await signIn(token!);
  });

  it('limits links per address per hour the same for an operator and a stranger', async () => {
    await ops(api.http().post('/api/ops/operators')).send({ email: 'di@platform.example', name: 'Di' }).expect(201);
    for (const email of ['di@platform.example', 'nobody@elsewhere.example']) {
      for (let i = 0; i < OPS_LINKS_PER_ADDRESS_PER_HOUR; i += 1)
        await api.http().post('/api/ops-console/sign-in/request').send({ email }).expect(202);
      const refused = await api.http().post('/api/ops-console/sign-in/request').send({ email }).expect(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(refused.body).toMatchObject({ title: 'Too many sign-in links', errors: [{ path: 'email' }] });
    }
  });

  it('refuses any malformed body with a 400 naming the field, and any forged cookie as signed out', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.constant('a'.repeat(255) + '@x.example'),
          fc.integer(),
          fc.constant(null),
        ),
        async (email) => {
          const response = await api.http().post('/api/ops-console/sign-in/request').send({ email });
          if (response.status === 202) return typeof email === 'string' && email.includes('@');
          return response.status === 400 && response.body.errors?.[0]?.path === 'email';
        },
      ),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), async (forged) => {
        const response = await api.http().get('/api/ops/sites').set('Cookie', `${OPS_SESSION_COOKIE}=${forged}`);
        return response.status === 401;
      }),
      { numRuns: 20 },
    );
    const bad = await ops(api.http().post('/api/ops/operators'))
      .send({ email: 'x@y.example', name: 'a\nb' })
      .expect(400);
    expect(bad.body.errors).toEqual([{ path: 'name', message: 'A name is one line of plain text.' }]);
  });

  it('lets Caddy have a certificate for the ops host', async () => {
    await api.http().get('/api/tls/ask?domain=ops.localhost').expect(200);
    await api.http().get('/api/tls/ask?domain=not-ops.localhost').expect(404);
  });
});
