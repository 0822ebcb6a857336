import { VERIFICATION_LABEL, verificationValue } from '@platform/domain';
import {
  createStockFixture,
  createTestDatabase,
  startTestDnsServer,
  type StockFixture,
  type TestDatabase,
  type TestDnsServer,
} from '@platform/testing';
import {
  afterCheck,
  describeDnsError,
  dnsAddressResolver,
  dnsTxtResolver,
  HostVerificationEnvShape,
  HostVerifier,
  httpVerificationUrl,
  lookUpHttpToken,
  lookUpVerification,
  type HostVerificationLog,
  type HttpTokenAnswer,
} from './host-verification';

/**
 * The verifier against a real DNS server on loopback (dns2) through node:dns's Resolver with
 * setServers, as DNS_RESOLVER configures it in the api and the worker, and a real PostgreSQL.
 */
describe('HostVerifier (a DNS server on loopback, real PostgreSQL)', () => {
  let db: TestDatabase;
  let dns: TestDnsServer;
  let fixture: StockFixture;
  const logged: { level: 'info' | 'warn'; data: Record<string, unknown>; message: string }[] = [];
  const log: HostVerificationLog = {
    info: (data, message) => logged.push({ level: 'info', data, message }),
    warn: (data, message) => logged.push({ level: 'warn', data, message }),
  };
  let verifier: HostVerifier;
  const sql = (text: string, params: unknown[] = []) => db.dataSource.query(text, params);
  const state = async (host: string) =>
    (await sql(`SELECT status, check_failures, verified_at, checked_at FROM site_hosts WHERE host = $1`, [host]))[0];
  const addHost = (host: string, token: string, status = 'pending') =>
    sql(
      `INSERT INTO site_hosts (host, site_id, "primary", status, verification_token) VALUES ($1, $2, false, $3, $4)`,
      [host, fixture.siteId, status, token],
    );
  const version = async () => (await sql(`SELECT version::text AS v FROM site_config_version`))[0].v as string;

  beforeAll(async () => {
    [db, dns] = await Promise.all([createTestDatabase('host_verification'), startTestDnsServer()]);
    fixture = await createStockFixture(db.dataSource, 'verify');
    verifier = new HostVerifier(db.dataSource, dnsTxtResolver([dns.address], 1_000), { log, failAfter: 3 });
  });

  afterAll(async () => {
    await dns?.close();
    await db?.destroy();
  });

  beforeEach(() => {
    logged.length = 0;
    dns.silent = false;
  });

  it('verifies a pending host once its TXT record carries its token (verified_at set, failures 0)', async () => {
    await addHost('www.match.com.au', 'tok-match');
    dns.setTxt(`${VERIFICATION_LABEL}.www.match.com.au`, ['v=spf1 -all', verificationValue('tok-match')]);
    const check = await verifier.check('www.match.com.au');
    expect(check).toMatchObject({
      previous: 'pending',
      status: 'verified',
      matched: true,
      method: 'dns',
      check_failures: 0,
    });
    expect(check!.seen).toEqual(['v=spf1 -all', 'dealer-platform-verification=tok-match']);
    expect(await state('www.match.com.au')).toMatchObject({ status: 'verified', check_failures: 0 });
    expect((await state('www.match.com.au')).verified_at).toBeInstanceOf(Date);
    expect(logged).toEqual([expect.objectContaining({ level: 'info', message: 'custom domain verified' })]);
  });

  it('leaves a host pending when the record is missing or carries another token, and says what DNS answered', async () => {
    await addHost('www.missing.com.au', 'tok-missing');
    const missing = await verifier.check('www.missing.com.au');
    expect(missing).toMatchObject({ status: 'pending', matched: false, seen: [], error: 'no such name (NXDOMAIN)' });

    await addHost('www.wrong.com.au', 'tok-right');
    dns.setTxt(`${VERIFICATION_LABEL}.www.wrong.com.au`, [verificationValue('tok-wrong')]);
    const wrong = await verifier.check('www.wrong.com.au');
    expect(wrong).toMatchObject({ status: 'pending', matched: false, error: null });
    expect(wrong!.seen).toEqual(['dealer-platform-verification=tok-wrong']);
    expect(await state('www.wrong.com.au')).toMatchObject({ status: 'pending', check_failures: 1, verified_at: null });
    expect((await state('www.wrong.com.au')).checked_at).toBeInstanceOf(Date);
  });

  it('flags a verified host failing after 3 misses in a row (warned, without personal data), and verified again when the record is back', async () => {
    const name = `${VERIFICATION_LABEL}.www.flaky.com.au`;
    await addHost('www.flaky.com.au', 'tok-flaky');
    dns.setTxt(name, [verificationValue('tok-flaky')]);
    expect((await verifier.check('www.flaky.com.au'))!.status).toBe('verified');

    dns.setTxt(name, undefined);
    expect((await verifier.check('www.flaky.com.au'))!.status).toBe('verified');
    expect((await verifier.check('www.flaky.com.au'))!.status).toBe('verified');
    logged.length = 0;
    const third = await verifier.check('www.flaky.com.au');
    expect(third).toMatchObject({ previous: 'verified', status: 'failing', check_failures: 3 });
    expect(logged).toEqual([
      {
        level: 'warn',
        message: 'custom domain stopped verifying: flagged failing (still served)',
        data: {
          host: 'www.flaky.com.au',
          siteId: fixture.siteId,
          misses: 3,
          error: 'no such name (NXDOMAIN)',
          httpError: null,
        },
      },
    ]);
    expect((await verifier.check('www.flaky.com.au'))!.status).toBe('failing');

    dns.setTxt(name, [verificationValue('tok-flaky')]);
    logged.length = 0;
    expect(await verifier.check('www.flaky.com.au')).toMatchObject({
      previous: 'failing',
      status: 'verified',
      check_failures: 0,
    });
    expect(logged).toEqual([expect.objectContaining({ level: 'info', message: 'custom domain verifies again' })]);
  });

  it('a miss between hits does not count towards failing (misses in a row only)', async () => {
    const name = `${VERIFICATION_LABEL}.www.blip.com.au`;
    await addHost('www.blip.com.au', 'tok-blip');
    dns.setTxt(name, [verificationValue('tok-blip')]);
    await verifier.check('www.blip.com.au');
    for (const present of [false, false, true, false, false]) {
      dns.setTxt(name, present ? [verificationValue('tok-blip')] : undefined);
      await verifier.check('www.blip.com.au');
    }
    expect(await state('www.blip.com.au')).toMatchObject({ status: 'verified', check_failures: 2 });
  });

  it('counts a resolver that does not answer as a miss within the timeout, never hanging', async () => {
    await addHost('www.silent.com.au', 'tok-silent');
    dns.setTxt(`${VERIFICATION_LABEL}.www.silent.com.au`, [verificationValue('tok-silent')]);
    dns.silent = true;
    const started = performance.now();
    const check = await verifier.check('www.silent.com.au');
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(check).toMatchObject({ status: 'pending', matched: false, error: 'DNS did not answer in time' });
  });

  it('moves the configuration version only when a host starts or stops serving, not on a routine check', async () => {
    await addHost('www.quiet.com.au', 'tok-quiet');
    const before = await version();
    await verifier.check('www.quiet.com.au');
    expect(await version()).toBe(before);
    dns.setTxt(`${VERIFICATION_LABEL}.www.quiet.com.au`, [verificationValue('tok-quiet')]);
    await verifier.check('www.quiet.com.au');
    const verified = await version();
    expect(verified).not.toBe(before);
    await verifier.check('www.quiet.com.au');
    expect(await version()).toBe(verified);
  });

  it('never looks up a development host or a host without a token, and answers null for an unknown host', async () => {
    await sql(
      `INSERT INTO site_hosts (host, site_id, "primary", status) VALUES ('dev-verify.localhost', $1, false, 'verified')`,
      [fixture.siteId],
    );
    dns.queries.length = 0;
    expect(await verifier.check('dev-verify.localhost')).toMatchObject({ status: 'verified', matched: true });
    expect(await verifier.check('nobody.example.com')).toBeNull();
    expect(dns.queries).toEqual([]);
  });

  it("dnsAddressResolver asks the same servers for a name's addresses, IPv4 first, and says why there are none", async () => {
    const resolve = dnsAddressResolver([dns.address], 1_000);
    dns.setAddresses('www.addressed.com.au', ['2001:db8::7', '192.0.2.7']);
    expect(await resolve('www.addressed.com.au')).toEqual([
      { address: '192.0.2.7', family: 4 },
      { address: '2001:db8::7', family: 6 },
    ]);
    dns.setAddresses('www.v6-only.com.au', ['2001:db8::8']);
    expect(await resolve('www.v6-only.com.au')).toEqual([{ address: '2001:db8::8', family: 6 }]);
    const why = (name: string) =>
      resolve(name).then(
        () => 'resolved',
        (error: unknown) => describeDnsError(error, 'no address'),
      );
    expect(await why('www.unknown-name.com.au')).toBe('no such name (NXDOMAIN)');
    // A name with a TXT record and no address record.
    dns.setTxt('www.txt-only.com.au', ['hello']);
    expect(await why('www.txt-only.com.au')).toBe('no address');
    dns.silent = true;
    const started = performance.now();
    expect(await why('www.addressed.com.au')).toBe('DNS did not answer in time');
    expect(performance.now() - started).toBeLessThan(2_500);
  });

  it('sweeps the due hosts: pending ones every minute, verified ones hourly, none of a retired site', async () => {
    await sql(`UPDATE site_hosts SET checked_at = now() WHERE host NOT LIKE 'www.sweep-%'`);
    await addHost('www.sweep-pending.com.au', 'tok-sp');
    await addHost('www.sweep-verified.com.au', 'tok-sv', 'verified');
    await sql(
      `UPDATE site_hosts SET checked_at = now() - interval '5 minutes' WHERE host = 'www.sweep-verified.com.au'`,
    );
    dns.setTxt(`${VERIFICATION_LABEL}.www.sweep-pending.com.au`, [verificationValue('tok-sp')]);
    dns.queries.length = 0;
    expect(await verifier.sweep()).toEqual({ checked: 1, verified: 1, failing: 0 });
    expect(dns.queries).toEqual([`${VERIFICATION_LABEL}.www.sweep-pending.com.au`]);

    await sql(`UPDATE site_hosts SET checked_at = now() - interval '2 hours' WHERE host = 'www.sweep-verified.com.au'`);
    dns.queries.length = 0;
    expect((await verifier.sweep()).checked).toBe(1);
    expect(dns.queries).toEqual([`${VERIFICATION_LABEL}.www.sweep-verified.com.au`]);

    await sql(`UPDATE site_hosts SET checked_at = NULL WHERE host = 'www.sweep-verified.com.au'`);
    await sql(`UPDATE sites SET retired_at = now() WHERE id = $1`, [fixture.siteId]);
    dns.queries.length = 0;
    expect((await verifier.sweep()).checked).toBe(0);
    await sql(`UPDATE sites SET retired_at = NULL WHERE id = $1`, [fixture.siteId]);
  });
});

/**
 * The HTTP way, as HostVerifier takes it: a source that answers what a host serves at its HTTP
 * verification path. The platform's source is the guarded fetcher, which this library cannot
 * import (libs/server-kit depends on it): libs/server-kit/src/hosts/http-token-source.spec.ts runs
 * the whole of it against a real HTTP server on loopback; here, what the verifier does with the answers.
 */
describe('HostVerifier with an HTTP token source (a DNS server on loopback, real PostgreSQL)', () => {
  let db: TestDatabase;
  let dns: TestDnsServer;
  let fixture: StockFixture;
  const served = new Map<string, HttpTokenAnswer>();
  const asked: string[] = [];
  let verifier: HostVerifier;
  const sql = (text: string, params: unknown[] = []) => db.dataSource.query(text, params);
  const addHost = (host: string, token: string) =>
    sql(
      `INSERT INTO site_hosts (host, site_id, "primary", status, verification_token) VALUES ($1, $2, false, 'pending', $3)`,
      [host, fixture.siteId, token],
    );
  const verifiedBy = async (host: string) =>
    (await sql(`SELECT verified_by FROM site_hosts WHERE host = $1`, [host]))[0].verified_by as string | null;

  beforeAll(async () => {
    [db, dns] = await Promise.all([createTestDatabase('host_verification_http'), startTestDnsServer()]);
    fixture = await createStockFixture(db.dataSource, 'verify-http');
    verifier = new HostVerifier(db.dataSource, dnsTxtResolver([dns.address], 1_000), {
      failAfter: 3,
      http: {
        fetch: async (host) => {
          asked.push(host);
          return served.get(host) ?? { error: 'the host could not be reached over HTTP' };
        },
      },
    });
  });

  afterAll(async () => {
    await dns?.close();
    await db?.destroy();
  });

  beforeEach(() => {
    asked.length = 0;
  });

  it('verifies a host by its HTTP token when it has no TXT record, and records which way (verified_by)', async () => {
    await addHost('www.by-http.com.au', 'tok-http');
    served.set('www.by-http.com.au', { body: `${verificationValue('tok-http')}\n` });
    const check = await verifier.check('www.by-http.com.au');
    expect(check).toMatchObject({
      previous: 'pending',
      status: 'verified',
      matched: true,
      method: 'http',
      error: 'no such name (NXDOMAIN)',
      http_error: null,
    });
    expect(asked).toEqual(['www.by-http.com.au']);
    expect(await verifiedBy('www.by-http.com.au')).toBe('http');
  });

  it('looks at the TXT record first and asks nothing over HTTP when it matches', async () => {
    await addHost('www.by-dns.com.au', 'tok-dns');
    dns.setTxt(`${VERIFICATION_LABEL}.www.by-dns.com.au`, [verificationValue('tok-dns')]);
    expect(await verifier.check('www.by-dns.com.au')).toMatchObject({ status: 'verified', method: 'dns' });
    expect(asked).toEqual([]);
    expect(await verifiedBy('www.by-dns.com.au')).toBe('dns');
  });

  it("misses when neither matches, saying why for each: another host's token, an error", async () => {
    await addHost('www.by-neither.com.au', 'tok-mine');
    served.set('www.by-neither.com.au', { body: verificationValue('tok-someone-else') });
    expect(await verifier.check('www.by-neither.com.au')).toMatchObject({
      status: 'pending',
      matched: false,
      method: null,
      error: 'no such name (NXDOMAIN)',
      http_error: "/.well-known/dealer-platform-verification does not answer this host's value",
    });
    served.set('www.by-neither.com.au', { error: 'the host answered 404' });
    expect(await verifier.check('www.by-neither.com.au')).toMatchObject({
      matched: false,
      http_error: 'the host answered 404',
    });
    expect(await verifiedBy('www.by-neither.com.au')).toBeNull();
  });

  it('keeps a host verified by HTTP while its token is served, and flags it failing after 3 checks without it', async () => {
    await addHost('www.http-flaky.com.au', 'tok-flaky');
    served.set('www.http-flaky.com.au', { body: verificationValue('tok-flaky') });
    expect((await verifier.check('www.http-flaky.com.au'))!.status).toBe('verified');
    expect((await verifier.check('www.http-flaky.com.au'))!.check_failures).toBe(0);
    served.delete('www.http-flaky.com.au');
    await verifier.check('www.http-flaky.com.au');
    await verifier.check('www.http-flaky.com.au');
    expect(await verifier.check('www.http-flaky.com.au')).toMatchObject({
      previous: 'verified',
      status: 'failing',
      http_error: 'the host could not be reached over HTTP',
    });
    // The TXT record set later verifies it again, now by DNS.
    dns.setTxt(`${VERIFICATION_LABEL}.www.http-flaky.com.au`, [verificationValue('tok-flaky')]);
    expect(await verifier.check('www.http-flaky.com.au')).toMatchObject({ status: 'verified', method: 'dns' });
    expect(await verifiedBy('www.http-flaky.com.au')).toBe('dns');
  });

  it('never asks over HTTP for a development host', async () => {
    await sql(
      `INSERT INTO site_hosts (host, site_id, "primary", status) VALUES ('http-dev.localhost', $1, false, 'verified')`,
      [fixture.siteId],
    );
    expect(await verifier.check('http-dev.localhost')).toMatchObject({ status: 'verified', method: null });
    expect(asked).toEqual([]);
  });
});

describe('host verification rules', () => {
  it('lookUpHttpToken matches the value alone, whitespace around it aside, and says why not otherwise', async () => {
    const answering = (answer: HttpTokenAnswer) => ({ fetch: async () => answer });
    const value = verificationValue('tok');
    for (const body of [value, `${value}\n`, `  ${value}\r\n`])
      expect(await lookUpHttpToken(answering({ body }), 'www.x.com.au', 'tok')).toEqual({ matched: true, error: null });
    for (const body of ['tok', `${value}x`, `${value} ${value}`, '', `<html>${value}</html>`])
      expect((await lookUpHttpToken(answering({ body }), 'www.x.com.au', 'tok')).matched).toBe(false);
    expect(await lookUpHttpToken(answering({ error: 'the host answered 404' }), 'www.x.com.au', 'tok')).toEqual({
      matched: false,
      error: 'the host answered 404',
    });
    const throwing = { fetch: () => Promise.reject(new Error('boom')) };
    expect(await lookUpHttpToken(throwing, 'www.x.com.au', 'tok')).toEqual({
      matched: false,
      error: 'the HTTP token could not be fetched (boom)',
    });
  });

  it('httpVerificationUrl is plain HTTP on port 80 unless another port is named', () => {
    expect(httpVerificationUrl('www.x.com.au')).toBe('http://www.x.com.au/.well-known/dealer-platform-verification');
    expect(httpVerificationUrl('www.x.com.au', 8080)).toBe(
      'http://www.x.com.au:8080/.well-known/dealer-platform-verification',
    );
  });

  it('afterCheck: a match verifies from any state; misses count, and only a verified host turns failing', () => {
    expect(afterCheck({ status: 'pending', check_failures: 7 }, true)).toEqual({
      status: 'verified',
      check_failures: 0,
    });
    expect(afterCheck({ status: 'failing', check_failures: 9 }, true)).toEqual({
      status: 'verified',
      check_failures: 0,
    });
    expect(afterCheck({ status: 'pending', check_failures: 5 }, false)).toEqual({
      status: 'pending',
      check_failures: 6,
    });
    expect(afterCheck({ status: 'verified', check_failures: 1 }, false)).toEqual({
      status: 'verified',
      check_failures: 2,
    });
    expect(afterCheck({ status: 'verified', check_failures: 2 }, false)).toEqual({
      status: 'failing',
      check_failures: 3,
    });
    expect(afterCheck({ status: 'failing', check_failures: 3 }, false)).toEqual({
      status: 'failing',
      check_failures: 4,
    });
  });

  it('lookUpVerification joins a record split into 255-byte chunks and names a failing lookup', async () => {
    const token = 'a'.repeat(300);
    const split = verificationValue(token);
    const resolver = { resolveTxt: async () => [[split.slice(0, 255), split.slice(255)]] };
    expect((await lookUpVerification(resolver, 'www.x.com.au', token)).matched).toBe(true);
    const refused = { resolveTxt: async () => Promise.reject(Object.assign(new Error('x'), { code: 'ESERVFAIL' })) };
    expect(await lookUpVerification(refused, 'www.x.com.au', token)).toEqual({
      matched: false,
      seen: [],
      error: 'the DNS server failed (SERVFAIL)',
    });
  });

  it('DNS_RESOLVER takes addresses with optional ports and refuses anything else, naming the field', () => {
    const schema = HostVerificationEnvShape.DNS_RESOLVER;
    expect(schema.parse('127.0.0.1:5353')).toEqual(['127.0.0.1:5353']);
    expect(schema.parse(' 10.0.0.2 , [::1]:53 ')).toEqual(['10.0.0.2', '[::1]:53']);
    expect(schema.parse(undefined)).toBeUndefined();
    for (const bad of ['dns.example.com', '127.0.0.1:99999', '127.0.0.1:', '1.2.3', 'http://1.1.1.1'])
      expect(schema.safeParse(bad).success).toBe(false);
  });

  it('HOST_VERIFICATION_HTTP_PORT is 80 unless a port is named', () => {
    const schema = HostVerificationEnvShape.HOST_VERIFICATION_HTTP_PORT;
    expect(schema.parse(undefined)).toBe(80);
    expect(schema.parse('3000')).toBe(3000);
    for (const bad of ['0', '65536', 'http', '80.5']) expect(schema.safeParse(bad).success).toBe(false);
  });
});
