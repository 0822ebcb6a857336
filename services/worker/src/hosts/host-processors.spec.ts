import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_VERIFICATION_PATH, VERIFICATION_LABEL, verificationValue } from '@platform/domain';
import { platformHostVerifier } from '@platform/server-kit';
import { dnsTxtResolver, HostVerifier } from '@platform/site-config';
import {
  createStockFixture,
  createTestDatabase,
  eventually,
  startTestDnsServer,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type TestDatabase,
  type TestDnsServer,
} from '@platform/testing';
import { WorkerEnvSchema } from '../env';
import { startHostVerificationWorkers } from './host-processors';

describe('host verification sweep on its schedule (BullMQ, PostgreSQL, a DNS server on loopback)', () => {
  let db: TestDatabase;
  let dns: TestDnsServer;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    [db, dns] = await Promise.all([createTestDatabase('worker_hosts'), startTestDnsServer()]);
  });

  afterAll(async () => {
    await close?.();
    await dns?.close();
    await db?.destroy();
  });

  it('verifies a pending host once its TXT record appears, with no one asking', async () => {
    const fixture = await createStockFixture(db.dataSource, 'sweep');
    await db.dataSource.query(
      `INSERT INTO site_hosts (host, site_id, status, verification_token) VALUES ('www.sweep.com.au', $1, 'pending', 'tok')`,
      [fixture.siteId],
    );
    const workers = await startHostVerificationWorkers({
      verifier: new HostVerifier(db.dataSource, dnsTxtResolver([dns.address], 1_000)),
      redisUrl: TEST_REDIS_URL,
      prefix: uniqueRedisPrefix(),
      sweepEveryMs: 300,
    });
    close = workers.close;
    await eventually(
      () => Promise.resolve(dns.queries.length),
      (n) => n > 0,
      'a first sweep',
    );
    const status = async () =>
      (
        (await db.dataSource.query(`SELECT status FROM site_hosts WHERE host = 'www.sweep.com.au'`)) as {
          status: string;
        }[]
      )[0]?.status;
    expect(await status()).toBe('pending');
    // Checked again a minute later (the pending cadence); here the last check is moved back.
    dns.setTxt(`${VERIFICATION_LABEL}.www.sweep.com.au`, [verificationValue('tok')]);
    await db.dataSource.query(`UPDATE site_hosts SET checked_at = now() - interval '2 minutes'`);
    await eventually(status, (value) => value === 'verified', 'the host verified by the sweep');
  });

  it('verifies a pending host by its HTTP token, with the verifier the worker makes from its settings', async () => {
    // The first sweep stops: it would check this host too, without the HTTP way.
    await close?.();
    close = undefined;
    const fixture = await createStockFixture(db.dataSource, 'sweep-http');
    await db.dataSource.query(
      `INSERT INTO site_hosts (host, site_id, status, verification_token) VALUES ('www.sweep-http.com.au', $1, 'pending', 'tok-http')`,
      [fixture.siteId],
    );
    // A stand-in for the web on loopback, answering the host's value at the verification path.
    const asked: string[] = [];
    const web = http.createServer((req, res) => {
      asked.push(`${req.headers.host} ${req.url}`);
      if (req.url !== HTTP_VERIFICATION_PATH) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`${verificationValue('tok-http')}\n`);
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const { port } = web.address() as AddressInfo;
    try {
      dns.setAddresses('www.sweep-http.com.au', ['127.0.0.1']);
      const env = WorkerEnvSchema.parse({
        DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        DNS_RESOLVER: dns.address,
        DNS_TIMEOUT_MS: '1000',
        HOST_VERIFICATION_HTTP_PORT: String(port),
        OUTBOUND_ALLOWED_ADDRESSES: `127.0.0.1:${port}`,
      });
      const workers = await startHostVerificationWorkers({
        verifier: platformHostVerifier(db.dataSource, env),
        redisUrl: TEST_REDIS_URL,
        prefix: uniqueRedisPrefix(),
        sweepEveryMs: 300,
      });
      close = workers.close;
      const row = async () =>
        (
          (await db.dataSource.query(
            `SELECT status, verified_by FROM site_hosts WHERE host = 'www.sweep-http.com.au'`,
          )) as { status: string; verified_by: string | null }[]
        )[0];
      await eventually(row, (value) => value?.status === 'verified', 'the host verified by its HTTP token');
      expect(await row()).toEqual({ status: 'verified', verified_by: 'http' });
      expect(asked).toContain(`www.sweep-http.com.au:${port} ${HTTP_VERIFICATION_PATH}`);
    } finally {
      await new Promise((resolve) => web.close(resolve));
    }
  });
});
