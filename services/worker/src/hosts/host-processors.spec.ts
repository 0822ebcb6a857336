import { VERIFICATION_LABEL, verificationValue } from '@platform/domain';
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
});
