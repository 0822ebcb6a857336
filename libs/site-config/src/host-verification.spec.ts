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
  dnsTxtResolver,
  HostVerificationEnvShape,
  HostVerifier,
  lookUpVerification,
  type HostVerificationLog,
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
    expect(check).toMatchObject({ previous: 'pending', status: 'verified', matched: true, check_failures: 0 });
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
        data: { host: 'www.flaky.com.au', siteId: fixture.siteId, misses: 3, error: 'no such name (NXDOMAIN)' },
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

describe('host verification rules', () => {
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
});
