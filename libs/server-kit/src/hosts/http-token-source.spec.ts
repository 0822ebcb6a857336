import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { HTTP_VERIFICATION_PATH, verificationValue } from '@platform/domain';
import { HostVerificationEnvShape } from '@platform/site-config';
import {
  createStockFixture,
  createTestDatabase,
  startTestDnsServer,
  type StockFixture,
  type TestDatabase,
  type TestDnsServer,
} from '@platform/testing';
import { allowedAddresses, OutboundAllowedAddressesSchema } from '../outbound/guarded-get';
import { guardedHttpTokenSource, HTTP_TOKEN_MAX_BYTES, platformHostVerifier } from './http-token-source';

/**
 * The HTTP way to verify a custom domain, whole: a real HTTP server on loopback stands in for the
 * web (it answers each Host's value at the verification path, as web/proxy.ts does), a real DNS
 * server on loopback (dns2) holds the names' addresses, and the guarded fetcher fetches between
 * them. The names exist only on that DNS server, so an answer proves the source asked its servers
 * (DNS_RESOLVER) and not the system's.
 */
interface Asked {
  host: string | undefined;
  path: string | undefined;
}

/** The stand-in web: what each host answers at the verification path; the rest 404. */
async function startWeb(): Promise<{ server: Server; port: number; asked: Asked[]; routes: Map<string, Route> }> {
  const asked: Asked[] = [];
  const routes = new Map<string, Route>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const host = request.headers.host?.replace(/:\d+$/, '');
    asked.push({ host, path: request.url });
    const route = host && request.url === HTTP_VERIFICATION_PATH ? routes.get(host) : undefined;
    if (!route) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
    route(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, asked, routes };
}
type Route = (response: ServerResponse) => void;
const text =
  (body: string, status = 200): Route =>
  (response) =>
    void response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);

describe('guardedHttpTokenSource (a real HTTP server and a real DNS server on loopback)', () => {
  let dns: TestDnsServer;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let other: Awaited<ReturnType<typeof startWeb>>;
  let source: ReturnType<typeof guardedHttpTokenSource>;

  beforeAll(async () => {
    [dns, web, other] = await Promise.all([startTestDnsServer(), startWeb(), startWeb()]);
    source = guardedHttpTokenSource({
      port: web.port,
      dnsServers: [dns.address],
      dnsTimeoutMs: 1_000,
      // The stand-in web's port alone: the other loopback server stays refused.
      allowed: allowedAddresses(`127.0.0.1:${web.port}`),
      timeoutMs: 1_000,
    });
  });

  afterAll(async () => {
    await dns?.close();
    for (const server of [web?.server, other?.server]) await new Promise((resolve) => server?.close(resolve));
  });

  beforeEach(() => {
    web.asked.length = 0;
    other.asked.length = 0;
  });

  it("fetches the host's value from the verification path, on the port given, with the host's own name", async () => {
    dns.setAddresses('www.token-dealer.com.au', ['127.0.0.1']);
    web.routes.set('www.token-dealer.com.au', text(`${verificationValue('tok-1')}\n`));
    expect(await source.fetch('www.token-dealer.com.au')).toEqual({ body: `${verificationValue('tok-1')}\n` });
    expect(web.asked).toEqual([{ host: 'www.token-dealer.com.au', path: HTTP_VERIFICATION_PATH }]);
  });

  it('says what the host answered instead: a status, a redirect (never followed), too big a body', async () => {
    dns.setAddresses('www.missing.com.au', ['127.0.0.1']);
    expect(await source.fetch('www.missing.com.au')).toEqual({ error: 'the host answered 404' });

    dns.setAddresses('www.broken.com.au', ['127.0.0.1']);
    web.routes.set('www.broken.com.au', text('Temporarily unavailable\n', 503));
    expect(await source.fetch('www.broken.com.au')).toEqual({ error: 'the host answered 503' });

    dns.setAddresses('www.redirects.com.au', ['127.0.0.1']);
    web.routes.set('www.redirects.com.au', (response) =>
      response
        .writeHead(308, { location: `http://www.token-dealer.com.au:${web.port}${HTTP_VERIFICATION_PATH}` })
        .end(),
    );
    expect(await source.fetch('www.redirects.com.au')).toEqual({
      error: 'the host answered a redirect, which the HTTP check does not follow',
    });
    expect(web.asked.map((entry) => entry.host)).toEqual([
      'www.missing.com.au',
      'www.broken.com.au',
      'www.redirects.com.au',
    ]);

    dns.setAddresses('www.chatty.com.au', ['127.0.0.1']);
    web.routes.set('www.chatty.com.au', text('x'.repeat(HTTP_TOKEN_MAX_BYTES + 1)));
    expect(await source.fetch('www.chatty.com.au')).toEqual({
      error: `the host answered more than ${HTTP_TOKEN_MAX_BYTES} bytes`,
    });
    web.routes.set('www.chatty.com.au', text('x'.repeat(HTTP_TOKEN_MAX_BYTES)));
    expect(await source.fetch('www.chatty.com.au')).toEqual({ body: 'x'.repeat(HTTP_TOKEN_MAX_BYTES) });
  });

  it('says why a name has no address, as its DNS server answered', async () => {
    expect(await source.fetch('www.nowhere.com.au')).toEqual({
      error: "the host's address could not be found (no such name (NXDOMAIN))",
    });
    dns.setTxt('www.txt-only.com.au', ['v=spf1 -all']);
    expect(await source.fetch('www.txt-only.com.au')).toEqual({
      error: "the host's address could not be found (no A or AAAA record)",
    });
    expect(web.asked).toEqual([]);
  });

  it('never connects to a private address the allowance does not name: another port, another address', async () => {
    const elsewhere = guardedHttpTokenSource({
      port: other.port,
      dnsServers: [dns.address],
      allowed: allowedAddresses(`127.0.0.1:${web.port}`),
      timeoutMs: 1_000,
    });
    dns.setAddresses('www.points-inside.com.au', ['127.0.0.1']);
    other.routes.set('www.points-inside.com.au', text(verificationValue('tok-2')));
    expect(await elsewhere.fetch('www.points-inside.com.au')).toEqual({
      error: `www.points-inside.com.au resolves only to addresses that are not public on port ${other.port}`,
    });
    dns.setAddresses('www.metadata.com.au', ['169.254.169.254']);
    expect(await source.fetch('www.metadata.com.au')).toEqual({
      error: `www.metadata.com.au resolves only to addresses that are not public on port ${web.port}`,
    });
    // With no allowance at all, loopback is refused on the web's port too.
    const strict = guardedHttpTokenSource({ port: web.port, dnsServers: [dns.address], timeoutMs: 1_000 });
    expect(await strict.fetch('www.token-dealer.com.au')).toEqual({
      error: `www.token-dealer.com.au resolves only to addresses that are not public on port ${web.port}`,
    });
    expect(other.asked).toEqual([]);
    expect(web.asked).toEqual([]);
  });

  it('gives up on a host that does not answer within its timeout', async () => {
    dns.setAddresses('www.slow.com.au', ['127.0.0.1']);
    web.routes.set('www.slow.com.au', () => undefined);
    const started = performance.now();
    expect(await source.fetch('www.slow.com.au')).toEqual({ error: 'the host did not answer within 1000 ms' });
    expect(performance.now() - started).toBeLessThan(2_500);
  });
});

describe('platformHostVerifier: the api and worker verifier, from their settings (real PostgreSQL)', () => {
  const EnvSchema = z.object({
    ...HostVerificationEnvShape,
    OUTBOUND_ALLOWED_ADDRESSES: OutboundAllowedAddressesSchema,
  });
  let db: TestDatabase;
  let dns: TestDnsServer;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let fixture: StockFixture;
  const sql = (query: string, params: unknown[] = []) => db.dataSource.query(query, params);
  const row = async (host: string) =>
    (await sql(`SELECT status, verified_by FROM site_hosts WHERE host = $1`, [host]))[0] as {
      status: string;
      verified_by: string | null;
    };

  beforeAll(async () => {
    [db, dns, web] = await Promise.all([createTestDatabase('server_kit_http_token'), startTestDnsServer(), startWeb()]);
    fixture = await createStockFixture(db.dataSource, 'http-token');
  });

  afterAll(async () => {
    await dns?.close();
    await new Promise((resolve) => web?.server.close(resolve));
    await db?.destroy();
  });

  it('verifies a pending host by its HTTP token when it has no TXT record, recording verified_by http', async () => {
    const env = EnvSchema.parse({
      DNS_RESOLVER: dns.address,
      DNS_TIMEOUT_MS: '1000',
      HOST_VERIFICATION_HTTP_PORT: String(web.port),
      OUTBOUND_ALLOWED_ADDRESSES: `127.0.0.1:${web.port}`,
    });
    const verifier = platformHostVerifier(db.dataSource, env, { httpTimeoutMs: 1_000 });
    await sql(
      `INSERT INTO site_hosts (host, site_id, "primary", status, verification_token) VALUES ('www.http-way.com.au', $1, false, 'pending', 'tok-way')`,
      [fixture.siteId],
    );
    const miss = await verifier.check('www.http-way.com.au');
    expect(miss).toMatchObject({
      status: 'pending',
      matched: false,
      method: null,
      error: 'no such name (NXDOMAIN)',
      http_error: "the host's address could not be found (no such name (NXDOMAIN))",
    });

    // The dealer points the name at the platform: the web answers its value, and that is enough.
    dns.setAddresses('www.http-way.com.au', ['127.0.0.1']);
    web.routes.set('www.http-way.com.au', text(`${verificationValue('tok-way')}\n`));
    expect(await verifier.check('www.http-way.com.au')).toMatchObject({
      previous: 'pending',
      status: 'verified',
      matched: true,
      method: 'http',
      http_error: null,
    });
    expect(await row('www.http-way.com.au')).toEqual({ status: 'verified', verified_by: 'http' });
    expect(web.asked.filter((entry) => entry.host === 'www.http-way.com.au')).toEqual([
      { host: 'www.http-way.com.au', path: HTTP_VERIFICATION_PATH },
    ]);
  });

  it('asks nothing over HTTP on port 80 of loopback unless OUTBOUND_ALLOWED_ADDRESSES lets it', async () => {
    const env = EnvSchema.parse({ DNS_RESOLVER: dns.address, DNS_TIMEOUT_MS: '1000' });
    expect(env.HOST_VERIFICATION_HTTP_PORT).toBe(80);
    const verifier = platformHostVerifier(db.dataSource, env, { httpTimeoutMs: 1_000 });
    await sql(
      `INSERT INTO site_hosts (host, site_id, "primary", status, verification_token) VALUES ('www.inside.com.au', $1, false, 'pending', 'tok-inside')`,
      [fixture.siteId],
    );
    dns.setAddresses('www.inside.com.au', ['127.0.0.1']);
    expect(await verifier.check('www.inside.com.au')).toMatchObject({
      status: 'pending',
      http_error: 'www.inside.com.au resolves only to addresses that are not public on port 80',
    });
    expect(await row('www.inside.com.au')).toEqual({ status: 'pending', verified_by: null });
  });
});
