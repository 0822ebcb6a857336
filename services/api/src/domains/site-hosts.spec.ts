import type { AddressInfo } from 'node:net';
import os from 'node:os';
import http from 'node:http';
import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import { HTTP_VERIFICATION_PATH, VERIFICATION_LABEL } from '@platform/domain';
import {
  createStockFixture,
  createTestDatabase,
  metricValue,
  startTestDnsServer,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
  type TestDnsServer,
} from '@platform/testing';
import { createApiApp } from '../bootstrap';
import { ApiEnvSchema } from '../env';
import { isLoopbackAddress } from './tls-ask.controller';

const OPS_TOKEN = 'test-ops-token-hosts-0123456789abcd';

/** A path segment from any string (a lone surrogate goes as U+FFFD, as a client's UTF-8 would carry it). */
const segmentOf = (value: string): string => encodeURIComponent(Buffer.from(value).toString());

/** A non-loopback address of this machine, to reach the api as a caller that is not on loopback. */
const outsideAddress = (): string | undefined =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

/**
 * A stand-in for the web on loopback: at the HTTP verification path it answers what the api says
 * for the request's host (GET /api/sites/by-host/{host}/verification), as web/proxy.ts does, and
 * 404 elsewhere. The api's verifier fetches from it (HOST_VERIFICATION_HTTP_PORT) once the test's
 * DNS server points a name at loopback.
 */
async function startStandInWeb(api: () => INestApplication): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (req.url !== HTTP_VERIFICATION_PATH) return void res.writeHead(404).end();
    void request(api().getHttpServer())
      .get(`/api/sites/by-host/${encodeURIComponent(host)}/verification`)
      .then((answer) =>
        answer.status === 200
          ? res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`${answer.body.value}\n`)
          : res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n'),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('custom domains: ops host endpoints and the TLS ask endpoint (real api, PostgreSQL, a DNS server on loopback)', () => {
  let db: TestDatabase;
  let dns: TestDnsServer;
  let web: { server: http.Server; port: number };
  let app: INestApplication;
  let fixture: StockFixture;
  let slug: string;
  const http_ = () => request(app.getHttpServer());
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);
  const sql = (text: string, params: unknown[] = []) => db.dataSource.query(text, params);
  const ask = (domain: string) => http_().get(`/api/tls/ask?domain=${segmentOf(domain)}`);
  const byHost = (host: string) => http_().get(`/api/sites/by-host/${segmentOf(host)}`);

  beforeAll(async () => {
    [db, dns, web] = await Promise.all([
      createTestDatabase('platform_api_hosts'),
      startTestDnsServer(),
      startStandInWeb(() => app),
    ]);
    fixture = await createStockFixture(db.dataSource, 'hosts');
    slug = `test-site-hosts`;
    await sql(`INSERT INTO site_hosts (host, site_id, "primary") VALUES ('hosts-site.localhost', $1, true)`, [
      fixture.siteId,
    ]);
    app = await createApiApp(
      ApiEnvSchema.parse({
        DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: uniqueRedisPrefix(),
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        OPS_TOKEN,
        DNS_RESOLVER: dns.address,
        DNS_TIMEOUT_MS: '1000',
        // The HTTP token is fetched from the stand-in web, on loopback: its port alone is let through.
        HOST_VERIFICATION_HTTP_PORT: String(web.port),
        OUTBOUND_ALLOWED_ADDRESSES: `127.0.0.1:${web.port}`,
        PLATFORM_CNAME_TARGET: 'sites.platform.example',
        PLATFORM_IPV4: '203.0.113.10',
        TLS_ASK_LIMIT_PER_MINUTE: '400',
      }),
    );
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await dns?.close();
    await new Promise((resolve) => web?.server.close(resolve));
    await db?.destroy();
  });

  it('adds a host pending with a random token and the DNS records to set (a CNAME below the apex, an A record at it), audited', async () => {
    const res = await ops(
      http_().post(`/api/ops/sites/${slug}/hosts`).send({ host: ' WWW.Hosts-Dealer.com.au ' }),
    ).expect(201);
    expect(res.body).toMatchObject({
      host: 'www.hosts-dealer.com.au',
      site: slug,
      primary: false,
      status: 'pending',
      serves: false,
      verified_at: null,
      check_failures: 0,
    });
    const [txt, cname] = res.body.dns_records;
    expect(txt).toMatchObject({
      type: 'TXT',
      name: `${VERIFICATION_LABEL}.www.hosts-dealer.com.au`,
      purpose: 'verify',
    });
    expect(txt.value).toMatch(/^dealer-platform-verification=[A-Za-z0-9_-]{32}$/);
    expect(cname).toEqual({
      type: 'CNAME',
      name: 'www.hosts-dealer.com.au',
      value: 'sites.platform.example',
      purpose: 'route',
    });

    const apex = await ops(http_().post(`/api/ops/sites/${slug}/hosts`).send({ host: 'hosts-dealer.com.au' })).expect(
      201,
    );
    expect(apex.body.dns_records[1]).toEqual({
      type: 'A',
      name: 'hosts-dealer.com.au',
      value: '203.0.113.10',
      purpose: 'route',
    });
    expect(apex.body.dns_records[0].value).not.toBe(txt.value);

    const [audit] = await sql(
      `SELECT actor, action, site_id, subject, before, after FROM ops_audit_log WHERE subject = 'host:www.hosts-dealer.com.au'`,
    );
    expect(audit).toMatchObject({ actor: 'ops-token', action: 'host.added', site_id: fixture.siteId, before: null });
    expect(audit.after).toMatchObject({ host: 'www.hosts-dealer.com.au', status: 'pending' });
  });

  it('a pending host serves nothing: no site by host, no certificate', async () => {
    await byHost('www.hosts-dealer.com.au').expect(404);
    const res = await ask('www.hosts-dealer.com.au').expect(404);
    expect(res.headers['cache-control']).toBe('no-store');
    await ask('nobody.example.com').expect(404);
  });

  it('verify now: still pending with what DNS answered, then verified once the TXT record carries the token; then it serves', async () => {
    const still = await ops(http_().post(`/api/ops/sites/${slug}/hosts/www.hosts-dealer.com.au/verify`)).expect(200);
    expect(still.body).toMatchObject({ status: 'pending', verified_by: null });
    // Both ways missed, each saying why: no TXT record, and the name has no address to fetch the token from.
    expect(still.body.check).toEqual({
      matched: false,
      method: null,
      seen: [],
      error: 'no such name (NXDOMAIN)',
      http_error: "the host's address could not be found (no such name (NXDOMAIN))",
    });
    const { value } = still.body.dns_records[0];
    dns.setTxt(`${VERIFICATION_LABEL}.www.hosts-dealer.com.au`, ['something else']);
    const wrong = await ops(http_().post(`/api/ops/sites/${slug}/hosts/www.hosts-dealer.com.au/verify`)).expect(200);
    expect(wrong.body).toMatchObject({ status: 'pending', check: { matched: false, seen: ['something else'] } });

    dns.setTxt(`${VERIFICATION_LABEL}.www.hosts-dealer.com.au`, [value]);
    const done = await ops(http_().post(`/api/ops/sites/${slug}/hosts/www.hosts-dealer.com.au/verify`)).expect(200);
    expect(done.body).toMatchObject({ status: 'verified', verified_by: 'dns', serves: true, check_failures: 0 });
    expect(done.body.check).toEqual({ matched: true, method: 'dns', seen: [value], error: null, http_error: null });
    expect(done.body.verified_at).toEqual(expect.any(String));

    expect((await ask('www.hosts-dealer.com.au').expect(200)).body).toEqual({
      domain: 'www.hosts-dealer.com.au',
      certificate: true,
    });
    const site = await byHost('www.hosts-dealer.com.au').expect(200);
    expect(site.body).toMatchObject({ slug, primary_host: 'hosts-site.localhost' });
    expect(
      (await sql(`SELECT action FROM ops_audit_log WHERE subject = 'host:www.hosts-dealer.com.au' ORDER BY id`)).map(
        (row: { action: string }) => row.action,
      ),
    ).toEqual(['host.added', 'host.verified', 'host.verified', 'host.verified']);
  });

  it('verify now by the HTTP token: a name already pointing here verifies without a TXT record, saying which way', async () => {
    const added = await ops(
      http_().post(`/api/ops/sites/${slug}/hosts`).send({ host: 'www.http-dealer.com.au' }),
    ).expect(201);
    const verify = () => ops(http_().post(`/api/ops/sites/${slug}/hosts/www.http-dealer.com.au/verify`)).expect(200);
    // The name points elsewhere (a private address the platform never fetches from): still pending, and why.
    dns.setAddresses('www.http-dealer.com.au', ['10.0.0.7']);
    const elsewhere = await verify();
    expect(elsewhere.body).toMatchObject({ status: 'pending', serves: false, verified_by: null });
    expect(elsewhere.body.check).toEqual({
      matched: false,
      method: null,
      seen: [],
      error: 'no such name (NXDOMAIN)',
      http_error: `www.http-dealer.com.au resolves only to addresses that are not public on port ${web.port}`,
    });

    // The dealer points it here: the web answers its value, fetched over plain HTTP, and that verifies it.
    dns.setAddresses('www.http-dealer.com.au', ['127.0.0.1']);
    const done = await verify();
    expect(done.body).toMatchObject({ status: 'verified', serves: true, verified_by: 'http', check_failures: 0 });
    expect(done.body.check).toEqual({
      matched: true,
      method: 'http',
      seen: [],
      error: 'no such name (NXDOMAIN)',
      http_error: null,
    });
    expect(added.body.dns_records[0].value).toMatch(/^dealer-platform-verification=/);
    await ask('www.http-dealer.com.au').expect(200);
    const [audit] = await sql(
      `SELECT after FROM ops_audit_log WHERE subject = 'host:www.http-dealer.com.au' AND action = 'host.verified' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.after).toMatchObject({ status: 'verified', verified_by: 'http' });

    // Removed (the property test below counts what is left serving), the web has no value for it any more.
    await ops(http_().delete(`/api/ops/sites/${slug}/hosts/www.http-dealer.com.au`)).expect(204);
    await http_().get(`/api/sites/by-host/www.http-dealer.com.au/verification`).expect(404);
  });

  it('lists the hosts, primary first; a development host is verified at once and has no records', async () => {
    const dev = await ops(http_().post(`/api/ops/sites/${slug}/hosts`).send({ host: 'hosts-other.localhost' })).expect(
      201,
    );
    expect(dev.body).toMatchObject({ status: 'verified', serves: true, dns_records: [] });
    const res = await ops(http_().get(`/api/ops/sites/${slug}/hosts`)).expect(200);
    expect(res.body.hosts.map((h: { host: string }) => h.host)).toEqual([
      'hosts-site.localhost',
      'hosts-dealer.com.au',
      'hosts-other.localhost',
      'www.hosts-dealer.com.au',
    ]);
  });

  it('makes a serving host primary (never a pending one); the primary and the last host cannot be removed', async () => {
    const pending = await ops(http_().put(`/api/ops/sites/${slug}/hosts/hosts-dealer.com.au/primary`)).expect(409);
    expect(pending.body).toMatchObject({ title: 'Host not verified yet', errors: [{ path: 'host' }] });
    const addPrimary = await ops(
      http_().post(`/api/ops/sites/${slug}/hosts`).send({ host: 'shop.hosts-dealer.com.au', primary: true }),
    ).expect(409);
    expect(addPrimary.body.errors).toEqual([expect.objectContaining({ path: 'primary' })]);

    const made = await ops(http_().put(`/api/ops/sites/${slug}/hosts/www.hosts-dealer.com.au/primary`)).expect(200);
    expect(made.body).toMatchObject({ primary: true });
    expect((await byHost('hosts-site.localhost').expect(200)).body.primary_host).toBe('www.hosts-dealer.com.au');
    const primary = await ops(http_().delete(`/api/ops/sites/${slug}/hosts/www.hosts-dealer.com.au`)).expect(409);
    expect(primary.body).toMatchObject({ title: 'Primary host', errors: [{ path: 'host' }] });
    await ops(http_().put(`/api/ops/sites/${slug}/hosts/hosts-site.localhost/primary`)).expect(200);
    expect(await sql(`SELECT host FROM site_hosts WHERE site_id = $1 AND "primary"`, [fixture.siteId])).toEqual([
      { host: 'hosts-site.localhost' },
    ]);

    // A site of one host.
    const [{ id: lone }] = await sql(`INSERT INTO sites (slug, name) VALUES ('lone-site', 'Lone') RETURNING id`);
    await sql(`INSERT INTO site_hosts (host, site_id, "primary") VALUES ('lone.localhost', $1, false)`, [lone]);
    const last = await ops(http_().delete(`/api/ops/sites/lone-site/hosts/lone.localhost`)).expect(409);
    expect(last.body).toMatchObject({ title: 'Last host', errors: [{ path: 'host' }] });
  });

  it('a removed host stops serving at once: no site by host, no certificate; its removal is audited', async () => {
    await byHost('www.hosts-dealer.com.au').expect(200);
    await ops(http_().delete(`/api/ops/sites/${slug}/hosts/www.hosts-dealer.com.au`)).expect(204);
    await byHost('www.hosts-dealer.com.au').expect(404);
    await ask('www.hosts-dealer.com.au').expect(404);
    const [audit] = await sql(
      `SELECT before, after FROM ops_audit_log WHERE action = 'host.removed' AND subject = 'host:www.hosts-dealer.com.au'`,
    );
    expect(audit).toMatchObject({ before: { host: 'www.hosts-dealer.com.au', status: 'verified' }, after: null });
    await ops(http_().delete(`/api/ops/sites/${slug}/hosts/www.hosts-dealer.com.au`)).expect(404);
  });

  it('the ask endpoint: a failing host and a suspended site keep their certificate; a retired site and a malformed domain do not', async () => {
    await sql(
      `INSERT INTO site_hosts (host, site_id, status, verification_token) VALUES ('failing.hosts-dealer.com.au', $1, 'failing', 't')`,
      [fixture.siteId],
    );
    await ask('failing.hosts-dealer.com.au').expect(200);
    await byHost('failing.hosts-dealer.com.au').expect(200);
    // Flagged to ops: the gauge counts it.
    const metrics = await ops(http_().get('/api/ops/metrics')).expect(200);
    expect(metricValue(metrics.text, 'site_hosts_failing', { app: 'api' })).toBe(1);
    await sql(`UPDATE sites SET status = 'suspended' WHERE id = $1`, [fixture.siteId]);
    await ask('failing.hosts-dealer.com.au').expect(200);
    await sql(`UPDATE sites SET status = 'active', retired_at = now() WHERE id = $1`, [fixture.siteId]);
    await ask('failing.hosts-dealer.com.au').expect(404);
    await byHost('failing.hosts-dealer.com.au').expect(404);
    await byHost('hosts-site.localhost').expect(404);
    await sql(`UPDATE sites SET retired_at = NULL WHERE id = $1`, [fixture.siteId]);
    await ask('FAILING.hosts-dealer.com.au').expect(200);

    for (const bad of [
      '',
      '127.0.0.1',
      'a b',
      'x'.repeat(300),
      'host:443',
      '-bad.example.com',
      'under_score.example.com',
    ]) {
      const res = await ask(bad);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(res.body.errors[0].path).toBe('domain');
    }
    await http_().get('/api/tls/ask').expect(400);
  });

  it('answers the proxy on this machine only: the connection’s address decides, never X-Forwarded-For', async () => {
    // From loopback, a forwarded address does not make the caller a stranger...
    await ask('hosts-site.localhost').set('X-Forwarded-For', '198.51.100.7').expect(200);
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect([address, isLoopbackAddress(address)]).toEqual([address, true]);
    for (const address of ['192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', '::', undefined, '1127.0.0.1', '127.0.0.1.evil'])
      expect([address, isLoopbackAddress(address)]).toEqual([address, false]);

    // ...and from another address of this machine, naming loopback in X-Forwarded-For does not help.
    const outside = outsideAddress();
    if (!outside) {
      process.stdout.write(
        'site-hosts.spec: no non-loopback interface on this machine; the 403 over a real connection was not tried\n',
      );
      return;
    }
    const server = http.createServer(app.getHttpAdapter().getInstance());
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://${outside}:${port}/api/tls/ask?domain=hosts-site.localhost`, {
        headers: { 'X-Forwarded-For': '127.0.0.1' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ title: 'Loopback only' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers hostile hosts and bodies with a problem naming the field (400, 404 or 409), never a 5xx', async () => {
    const hostile = fc.constantFrom(
      '__proto__',
      'constructor',
      'a\u0000b.com',
      '\ud800.com',
      'x'.repeat(5000),
      '..',
      '%2e%2e',
      'İstanbul.com',
      'xn--.com',
      '-a.com',
      'a.com.',
      '1.2.3.4',
      'localhost',
      'hosts-site.localhost',
    );
    const host = fc.oneof(hostile, fc.domain(), fc.string(), fc.webUrl());
    const body = fc.oneof(
      fc.record({ host, primary: fc.oneof(fc.boolean(), fc.string(), fc.constant(null)) }, { requiredKeys: ['host'] }),
      fc.dictionary(fc.oneof(hostile, fc.string()), fc.jsonValue()),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        host,
        fc.constantFrom('post', 'verify', 'primary', 'delete'),
        async (value, path, kind) => {
          const segment = segmentOf(path);
          const res =
            kind === 'post'
              ? await ops(
                  http_()
                    .post(`/api/ops/sites/${slug}/hosts`)
                    // As JSON text: any JSON value, a bare number or string included, as a client may send it.
                    .set('Content-Type', 'application/json')
                    .send(JSON.stringify(value)),
                )
              : kind === 'verify'
                ? await ops(http_().post(`/api/ops/sites/${slug}/hosts/${segment}/verify`))
                : kind === 'primary'
                  ? await ops(http_().put(`/api/ops/sites/${slug}/hosts/${segment}/primary`))
                  : await ops(http_().delete(`/api/ops/sites/${slug}/hosts/${segment}`));
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.body.status).toBe(res.status);
            // A bare JSON number, string or boolean is refused whole by the JSON parser (no field to name).
            const bare = kind === 'post' && (value === null || typeof value !== 'object');
            if ((res.status === 400 && !bare) || res.status === 409)
              expect(res.body.errors?.[0]?.path).toEqual(expect.any(String));
          }
          const asked = await ask(path);
          expect([200, 400, 404]).toContain(asked.status);
        },
      ),
      { numRuns: 80 },
    );
    // Nothing the property added is left behind to serve without its record.
    expect(
      await sql(`SELECT count(*)::int AS n FROM site_hosts WHERE status = 'verified' AND host NOT LIKE '%localhost'`),
    ).toEqual([{ n: 0 }]);
  });

  it('refuses a flood of questions with 429 (one count for every caller), which Caddy takes as no', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 420; i += 1) statuses.push((await ask(`flood-${i}.example.com`)).status);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(400);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  });
});
