import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { LocalMediaStore } from '@platform/media';
import { QueueProducer } from '@platform/queues';
import { PostgresSearchEngine } from '@platform/search';
import {
  createTenantFixture,
  createTestDatabase,
  eventually,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@platform/testing';
import { RETENTION_ACTOR, SitePurge } from './site-purge';
import { startSiteRetentionWorkers } from './site-retention-processors';

describe('retired sites purged on the schedule (BullMQ, PostgreSQL)', () => {
  let db: TestDatabase;
  let storeDir: string;
  let close: (() => Promise<void>) | undefined;
  const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const prefix = uniqueRedisPrefix();
  const producer = new QueueProducer(connection, prefix);

  beforeAll(async () => {
    db = await createTestDatabase('worker_site_retention');
    storeDir = await mkdtemp(path.join(tmpdir(), 'site-retention-'));
  });

  afterAll(async () => {
    await close?.();
    await producer.close();
    connection.disconnect();
    await db?.destroy();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  it('purges a site once it is due, with no one asking, and leaves one retired within the period', async () => {
    const day = 86_400_000;
    const due = await createTenantFixture(db.dataSource, 'due', { retiredAt: new Date(Date.now() - 8 * day) });
    const recent = await createTenantFixture(db.dataSource, 'recent', { retiredAt: new Date(Date.now() - 6 * day) });
    const workers = await startSiteRetentionWorkers({
      purge: new SitePurge({
        dataSource: db.dataSource,
        engine: new PostgresSearchEngine(db.dataSource),
        store: new LocalMediaStore(storeDir),
        retentionDays: 7,
      }),
      redisUrl: TEST_REDIS_URL,
      prefix,
      sweepEveryMs: 300,
    });
    close = workers.close;
    const schedulers = await producer.queue('siteRetention').getJobSchedulers();
    expect(schedulers.map((scheduler) => [scheduler.key, Number(scheduler.every)])).toEqual([['site-retention', 300]]);

    const sites = async () =>
      ((await db.dataSource.query(`SELECT id FROM sites ORDER BY id`)) as { id: number }[]).map((row) => row.id);
    await eventually(sites, (ids) => !ids.includes(due.siteId), 'the due site purged by the sweep');
    expect(await sites()).toEqual([recent.siteId]);
    expect(await db.dataSource.query(`SELECT actor, site_id FROM ops_audit_log WHERE action = 'site.purged'`)).toEqual([
      { actor: RETENTION_ACTOR, site_id: due.siteId },
    ]);
    // Its dealerships' rows went with it; the other site's stayed.
    expect(
      await db.dataSource.query(
        `SELECT site_id, count(*)::int AS n FROM dealerships WHERE site_id = ANY($1::int[]) GROUP BY site_id`,
        [[due.siteId, recent.siteId]],
      ),
    ).toEqual([{ site_id: recent.siteId, n: 2 }]);
  });
});
