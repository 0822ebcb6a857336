import { Logger } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { HttpSmsSender, SmsSendError } from '@platform/leads';

const DAY_S = 24 * 60 * 60;

describe('shopper sign-in with an SMS code (real PostgreSQL and Redis)', () => {
  let h: SiteApiHarness;
  let otherSite: string;
  let numbers = 0;
  /** A new number per test, so hourly limits and codes never leak between tests. */
  const nextNumber = () => {
    numbers += 1;
    const digits = String(numbers).padStart(3, '0');
    return { typed: `0412 000 ${digits}`, e164: `+61412000${digits}`, display: `0412 000 ${digits}` };
  };
  const post = (path: string, body: object, cookie?: string, site = h.siteSlug) => {
    const req = h.http().post(`/api/sites/${site}${path}`).send(body);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const requestCode = (phone: string, site = h.siteSlug) => post('/sign-in/code', { phone }, undefined, site);
  const verify = (body: { phone: string; code: string; redirect?: string }, site = h.siteSlug) =>
    post('/sign-in/verify', body, undefined, site);
  const me = (cookie?: string, site = h.siteSlug) => {
    const req = h.http().get(`/api/sites/${site}/me`);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  /** The code the development sender 'texted' last to this number. */
  const lastCode = async (e164: string): Promise<string> => {
    const [row] = (await h.db.dataSource.query(
      `SELECT body FROM sms_messages WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`,
      [e164],
    )) as { body: string }[];
    const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
    if (!code) throw new Error(`no code was sent to ${e164}`);
    return code;
  };
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const sessionCookie = (res: { headers: Record<string, unknown> }): string => {
    const header = ([] as string[])
      .concat((res.headers['set-cookie'] as string[] | undefined) ?? [])
      .find((c) => c.startsWith('dp_session='));
    if (!header) throw new Error('no dp_session cookie was set');
    return header.split(';')[0] ?? '';
  };
  const signIn = async (phone: string, site = h.siteSlug) => {
    await requestCode(phone, site).expect(202);
    const e164 = `+61${phone.replace(/\D/g, '').slice(1)}`;
    const res = await verify({ phone, code: await lastCode(e164) }, site).expect(200);
    return sessionCookie(res);
  };
  const expireLatestCode = () =>
    h.db.dataSource.query(
      `UPDATE sign_in_codes SET expires_at = now() - interval '1 second' WHERE id = (SELECT id FROM sign_in_codes ORDER BY created_at DESC LIMIT 1)`,
    );

  beforeAll(async () => {
    // Per-client limits are covered by the throttling module; here one client makes every request.
    h = await createSiteApiHarness('signin', {
      env: { SIGN_IN_CODE_LIMIT_PER_HOUR: '1000', SIGN_IN_VERIFY_LIMIT_PER_10_MINUTES: '1000' },
    });
    otherSite = 'test-site-signin-other';
    await h.db.dataSource.query(`INSERT INTO sites (slug, name) VALUES ($1, 'Other Motors')`, [otherSite]);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('texts a code and signs in with it: an httpOnly, Secure, SameSite=Lax session cookie for 30 days', async () => {
    const phone = nextNumber();
    const sent = await requestCode(phone.typed).expect(202);
    expect(sent.body).toEqual({ status: 'sent', expires_in_seconds: 600 });
    const [sms] = (await h.db.dataSource.query(`SELECT site_id, body FROM sms_messages WHERE phone = $1`, [
      phone.e164,
    ])) as { site_id: number; body: string }[];
    expect(sms).toEqual({
      site_id: h.fixture.siteId,
      body: expect.stringMatching(/^\d{6} is your Test Motors sign-in code\. It expires in 10 minutes\./),
    });

    // The number and the code are stored only as HMACs.
    const code = await lastCode(phone.e164);
    const [stored] = (await h.db.dataSource.query(
      `SELECT phone_hash, code_hash FROM sign_in_codes ORDER BY created_at DESC LIMIT 1`,
    )) as [{ phone_hash: string; code_hash: string }];
    expect(stored.phone_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    // The number may be typed differently the second time.
    const res = await verify({ phone: '+61 412 000 001', code, redirect: '/cars/2022-toyota-hilux-abc?x=1' }).expect(
      200,
    );
    expect(res.body).toEqual({ signed_in: true, redirect: '/cars/2022-toyota-hilux-abc?x=1' });
    expect(res.headers['cache-control']).toBe('no-store');
    const setCookie =
      ([] as string[])
        .concat(res.headers['set-cookie'] as unknown as string[])
        .find((c) => c.startsWith('dp_session=')) ?? '';
    const attributes = setCookie.split(';').map((part) => part.trim());
    expect(attributes[0]).toMatch(/^dp_session=[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/', `Max-Age=${30 * DAY_S}`]),
    );

    const [shopper] = (await h.db.dataSource.query(
      `SELECT site_id, phone, last_signed_in_at FROM shoppers WHERE phone = $1`,
      [phone.e164],
    )) as [{ site_id: number; phone: string; last_signed_in_at: Date }];
    expect(shopper).toMatchObject({ site_id: h.fixture.siteId, phone: phone.e164 });
    expect(shopper.last_signed_in_at).toBeInstanceOf(Date);
    // Only the token's hash is kept.
    const token = (attributes[0] ?? '').slice('dp_session='.length);
    const sessions = (await h.db.dataSource.query(`SELECT token_hash FROM shopper_sessions`)) as {
      token_hash: string;
    }[];
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);

    const who = await me(attributes[0]).expect(200);
    expect(who.body).toEqual({ signed_in: true, phone: phone.display });
    expect(who.headers['cache-control']).toBe('no-store');
  });

  it('creates the shopper once: signing in again reuses the account', async () => {
    const phone = nextNumber();
    await signIn(phone.typed);
    await signIn(phone.typed);
    const [{ n }] = (await h.db.dataSource.query(`SELECT count(*)::int AS n FROM shoppers WHERE phone = $1`, [
      phone.e164,
    ])) as { n: number }[];
    expect(n).toBe(1);
  });

  it('answers the same whether or not the number has an account', async () => {
    const known = nextNumber();
    await signIn(known.typed);
    const unknown = nextNumber();
    const a = await requestCode(known.typed).expect(202);
    const b = await requestCode(unknown.typed).expect(202);
    expect(a.body).toEqual(b.body);
  });

  it('refuses a number that is not an Australian mobile, naming the field', async () => {
    for (const phone of ['03 9000 0000', '12345', '']) {
      const res = await requestCode(phone).expect(400);
      expect(res.body.errors).toEqual([{ path: 'phone', message: 'Please enter a valid Australian mobile number.' }]);
    }
    const missing = await post('/sign-in/code', {}).expect(400);
    expect(missing.body.errors).toEqual([{ path: 'phone', message: 'Please enter a valid Australian mobile number.' }]);
    const malformedCode = await verify({ phone: '0412 345 678', code: '12ab' }).expect(400);
    expect(malformedCode.body.errors).toEqual([{ path: 'code', message: 'Enter the 6-digit code from the SMS.' }]);
  });

  it('answers 404 for an unknown site', async () => {
    await requestCode('0412 345 678', 'no-such-site').expect(404);
  });

  it('refuses a wrong code, saying how many attempts are left; the right code still works', async () => {
    const phone = nextNumber();
    await requestCode(phone.typed).expect(202);
    const code = await lastCode(phone.e164);
    const wrong = await verify({ phone: phone.typed, code: otherThan(code) }).expect(400);
    expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(wrong.body).toMatchObject({
      title: 'Wrong code',
      detail: 'That code is not right. Please check it and try again (4 attempts left).',
      reason: 'wrong_code',
      errors: [{ path: 'code', message: 'That code is not right. Please check it and try again (4 attempts left).' }],
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    // Spaces in the code are forgiven.
    await verify({ phone: phone.typed, code: `${code.slice(0, 3)} ${code.slice(3)}` }).expect(200);
  });

  it('refuses an expired code', async () => {
    const phone = nextNumber();
    await requestCode(phone.typed).expect(202);
    const code = await lastCode(phone.e164);
    await expireLatestCode();
    const res = await verify({ phone: phone.typed, code }).expect(400);
    expect(res.body).toMatchObject({
      title: 'Code expired',
      detail: 'This code has expired. Please request a new code.',
      reason: 'expired',
    });
  });

  it('refuses a code that was already used', async () => {
    const phone = nextNumber();
    await requestCode(phone.typed).expect(202);
    const code = await lastCode(phone.e164);
    await verify({ phone: phone.typed, code }).expect(200);
    const again = await verify({ phone: phone.typed, code }).expect(400);
    expect(again.body).toMatchObject({
      title: 'Code already used',
      detail: 'This code has already been used. Please request a new code.',
      reason: 'used',
    });
  });

  it('lets only the newest code sign in: a new code replaces the earlier one', async () => {
    const phone = nextNumber();
    await requestCode(phone.typed).expect(202);
    const first = await lastCode(phone.e164);
    await requestCode(phone.typed).expect(202);
    const second = await lastCode(phone.e164);
    // One in a million the two codes are equal; then the first is the newest too.
    if (first !== second) await verify({ phone: phone.typed, code: first }).expect(400);
    await verify({ phone: phone.typed, code: second }).expect(200);
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const phone = nextNumber();
    await requestCode(phone.typed).expect(202);
    const code = await lastCode(phone.e164);
    for (const left of [4, 3, 2, 1]) {
      const res = await verify({ phone: phone.typed, code: otherThan(code) }).expect(400);
      expect(res.body.detail).toContain(`(${left} ${left === 1 ? 'attempt' : 'attempts'} left)`);
    }
    const fifth = await verify({ phone: phone.typed, code: otherThan(code) }).expect(429);
    expect(fifth.body).toMatchObject({
      title: 'Too many attempts',
      detail: 'Too many attempts. Please request a new code.',
      reason: 'too_many_attempts',
    });
    // Like every other 429: when to come back and the limit that was reached (5 tries per code).
    expect(fifth.headers['retry-after']).toBe('600');
    expect(fifth.headers['ratelimit-policy']).toBe('"sign-in-attempts-per-code";q=5;w=600');
    expect(fifth.headers['ratelimit']).toBe('"sign-in-attempts-per-code";r=0;t=600');
    const right = await verify({ phone: phone.typed, code }).expect(429);
    expect(right.body.detail).toBe('Too many attempts. Please request a new code.');
    expect(right.headers['ratelimit-policy']).toBe('"sign-in-attempts-per-code";q=5;w=600');
    // A new code starts afresh.
    await requestCode(phone.typed).expect(202);
    await verify({ phone: phone.typed, code: await lastCode(phone.e164) }).expect(200);
  });

  it('says so when no code was requested for the number', async () => {
    const res = await verify({ phone: nextNumber().typed, code: '123456' }).expect(400);
    expect(res.body).toMatchObject({ title: 'No code requested', reason: 'no_code' });
  });

  it('sends at most 5 codes per number per hour on a site, whoever asks', async () => {
    const phone = nextNumber();
    for (let i = 0; i < 5; i++) await requestCode(phone.typed).expect(202);
    const limited = await requestCode(phone.typed).expect(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.headers['ratelimit-policy']).toBe('"sign-in-codes-per-number";q=5;w=3600');
    expect(limited.body).toMatchObject({
      title: 'Too many codes',
      detail: 'Too many codes have been requested for this number. Please wait an hour and try again.',
      errors: [{ path: 'phone', message: expect.any(String) }],
    });
    const [{ n }] = (await h.db.dataSource.query(`SELECT count(*)::int AS n FROM sms_messages WHERE phone = $1`, [
      phone.e164,
    ])) as { n: number }[];
    expect(n).toBe(5);
    // Other numbers, and the same number on another site, are not affected.
    await requestCode(nextNumber().typed).expect(202);
    await requestCode(phone.typed, otherSite).expect(202);
    // An hour later the number may ask again.
    await h.db.dataSource.query(
      `UPDATE sign_in_codes SET created_at = created_at - interval '61 minutes' WHERE site_id = $1`,
      [h.fixture.siteId],
    );
    await requestCode(phone.typed).expect(202);
  });

  it.each([
    ['//evil.com'],
    ['https://evil.com'],
    ['/\\evil.com'],
    ['/%2F%2Fevil.com'],
    ['javascript:alert(1)'],
    [' /x'],
    ['\\\\evil'],
  ])('never redirects off the site after sign-in (%p -> /)', async (redirect) => {
    const phone = nextNumber();
    await requestCode(phone.typed).expect(202);
    const res = await verify({ phone: phone.typed, code: await lastCode(phone.e164), redirect }).expect(200);
    expect(res.body.redirect).toBe('/');
  });

  it('redirects to / when no redirect is given', async () => {
    const phone = nextNumber();
    await requestCode(phone.typed).expect(202);
    const res = await verify({ phone: phone.typed, code: await lastCode(phone.e164) }).expect(200);
    expect(res.body.redirect).toBe('/');
  });

  it('keeps a session to its own site: on another site it reads as signed out and signs nothing out', async () => {
    const phone = nextNumber();
    const cookie = await signIn(phone.typed);
    expect((await me(cookie, otherSite).expect(200)).body).toEqual({ signed_in: false, phone: null });
    await post('/sign-out', {}, cookie, otherSite).expect(204);
    expect((await me(cookie).expect(200)).body).toEqual({ signed_in: true, phone: phone.display });
    // A code of one site does not sign in on another.
    await requestCode(phone.typed).expect(202);
    const res = await verify({ phone: phone.typed, code: await lastCode(phone.e164) }, otherSite).expect(400);
    expect(res.body.reason).toBe('no_code');
  });

  it('signs out: the session is revoked and the cookie cleared', async () => {
    const phone = nextNumber();
    const cookie = await signIn(phone.typed);
    const res = await post('/sign-out', {}, cookie).expect(204);
    const cleared =
      ([] as string[])
        .concat(res.headers['set-cookie'] as unknown as string[])
        .find((c) => c.startsWith('dp_session=')) ?? '';
    expect(cleared).toMatch(/^dp_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await me(cookie).expect(200)).body).toEqual({ signed_in: false, phone: null });
    const [session] = (await h.db.dataSource.query(
      `SELECT s.revoked_at FROM shopper_sessions s JOIN shoppers sh ON sh.id = s.shopper_id WHERE sh.phone = $1`,
      [phone.e164],
    )) as [{ revoked_at: Date | null }];
    expect(session.revoked_at).toBeInstanceOf(Date);
    // Signing out when signed out is harmless.
    await post('/sign-out', {}).expect(204);
  });

  it('reads no cookie, a malformed cookie or an expired session as signed out', async () => {
    expect((await me().expect(200)).body).toEqual({ signed_in: false, phone: null });
    expect((await me('dp_session=not-a-token').expect(200)).body).toEqual({ signed_in: false, phone: null });
    expect((await me(`dp_session=${'A'.repeat(43)}`).expect(200)).body).toEqual({ signed_in: false, phone: null });
    const phone = nextNumber();
    const cookie = await signIn(phone.typed);
    await h.db.dataSource.query(
      `UPDATE shopper_sessions SET expires_at = now() - interval '1 second' WHERE shopper_id = (SELECT id FROM shoppers WHERE phone = $1)`,
      [phone.e164],
    );
    expect((await me(cookie).expect(200)).body).toEqual({ signed_in: false, phone: null });
  });

  it('documents the sign-in and watchlist endpoints in the OpenAPI document', async () => {
    const { body } = await h.http().get('/api/docs/openapi.json').expect(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/sites/{siteSlug}/sign-in/code',
        '/api/sites/{siteSlug}/sign-in/verify',
        '/api/sites/{siteSlug}/sign-out',
        '/api/sites/{siteSlug}/me',
        '/api/watchlist/save-car',
        '/api/watchlist/remove-car',
        '/api/watchlist',
      ]),
    );
  });

  it('never writes a phone number to the log', async () => {
    const spies = (['log', 'warn', 'error', 'debug', 'verbose'] as const).map((level) =>
      jest.spyOn(Logger.prototype, level),
    );
    try {
      const phone = nextNumber();
      const cookie = await signIn(phone.typed);
      await verify({ phone: phone.typed, code: '000000' }).expect(400);
      await post('/sign-out', {}, cookie).expect(204);
      const logged = JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
      expect(logged).toContain('development SMS');
      for (const form of [phone.e164, phone.display, phone.typed.replace(/\s/g, ''), phone.e164.slice(3)])
        expect(logged).not.toContain(form);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('HttpSmsSender against a local stand-in for the SMS gateway', () => {
  let server: Server;
  let url: string;
  let status = 200;
  let delayMs = 0;
  let received: { authorization?: string; contentType?: string; body: unknown } | null = null;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        received = {
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body: JSON.parse(raw),
        };
        setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end('{}'), delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    status = 200;
    delayMs = 0;
    received = null;
  });

  it('posts { to, message } as JSON with the bearer token', async () => {
    await new HttpSmsSender(url, 'gateway-token').send({ siteId: 1, to: '+61412345678', body: '123456 is your code' });
    expect(received).toEqual({
      authorization: 'Bearer gateway-token',
      contentType: 'application/json',
      body: { to: '+61412345678', message: '123456 is your code' },
    });
  });

  it('treats a non-2xx answer as a failure', async () => {
    status = 503;
    await expect(new HttpSmsSender(url, undefined).send({ siteId: 1, to: '+61412345678', body: 'x' })).rejects.toThrow(
      new SmsSendError('SMS gateway answered 503'),
    );
  });

  it('gives up on a gateway slower than its time box', async () => {
    delayMs = 500;
    await expect(
      new HttpSmsSender(url, undefined, fetch, 100).send({ siteId: 1, to: '+61412345678', body: 'x' }),
    ).rejects.toThrow(SmsSendError);
  });

  it('fails clearly when the gateway cannot be reached', async () => {
    await expect(
      new HttpSmsSender('http://127.0.0.1:1/sms', undefined).send({ siteId: 1, to: '+61412345678', body: 'x' }),
    ).rejects.toThrow(/SMS gateway unreachable/);
  });
});
