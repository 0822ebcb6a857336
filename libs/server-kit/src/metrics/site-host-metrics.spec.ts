import type { QueueProducer } from '@platform/queues';
import { createStockFixture, createTestDatabase, metricValue, type TestDatabase } from '@platform/testing';
import { PlatformMetrics, SITE_HOST_PENDING_STALE_DAYS } from './platform-metrics';

describe('the custom domain metrics ops alert on (real PostgreSQL, read at scrape)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('server_kit_host_metrics');
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('count failing hosts and hosts pending too long, of live sites only, never development hosts', async () => {
    const metrics = new PlatformMetrics({
      appName: 'api',
      dataSource: db.dataSource,
      // Only the host series are read here: no queue is asked.
      producer: {} as QueueProducer,
      stuckAfterMs: 60_000,
    });
    const scrape = async () =>
      [
        await metrics.registry.getSingleMetricAsString('site_hosts_failing'),
        await metrics.registry.getSingleMetricAsString('site_hosts_pending_stale'),
      ].join('\n');
    const value = async (name: string) => metricValue(await scrape(), name, { app: 'api' });
    expect(await value('site_hosts_failing')).toBe(0);
    expect(await value('site_hosts_pending_stale')).toBe(0);

    const live = await createStockFixture(db.dataSource, 'live');
    const suspended = await createStockFixture(db.dataSource, 'suspended');
    const retired = await createStockFixture(db.dataSource, 'retired');
    await db.dataSource.query(`UPDATE sites SET status = 'suspended' WHERE id = $1`, [suspended.siteId]);
    await db.dataSource.query(`UPDATE sites SET retired_at = now() WHERE id = $1`, [retired.siteId]);
    const stale = `now() - make_interval(days => ${SITE_HOST_PENDING_STALE_DAYS}) - interval '1 minute'`;
    const fresh = `now() - make_interval(days => ${SITE_HOST_PENDING_STALE_DAYS}) + interval '1 minute'`;
    await db.dataSource.query(
      `INSERT INTO site_hosts (host, site_id, status, created_at) VALUES
         ('www.live.com.au', $1, 'failing', now()),
         ('www.suspended.com.au', $2, 'failing', now()),
         ('www.retired.com.au', $3, 'failing', now()),
         ('live.com.au', $1, 'pending', ${stale}),
         ('shop.live.com.au', $1, 'pending', ${fresh}),
         ('suspended.com.au', $2, 'pending', ${stale}),
         ('retired.com.au', $3, 'pending', ${stale}),
         ('live.localhost', $1, 'pending', ${stale}),
         ('old.live.com.au', $1, 'verified', ${stale})`,
      [live.siteId, suspended.siteId, retired.siteId],
    );

    // A suspended site's domains are still its own (it comes back); a retired site's are no one's.
    expect(await value('site_hosts_failing')).toBe(2);
    expect(await value('site_hosts_pending_stale')).toBe(2);

    // The dealer sets the record: the next scrape sees it.
    await db.dataSource.query(
      `UPDATE site_hosts SET status = 'verified' WHERE host IN ('www.live.com.au', 'live.com.au')`,
    );
    expect(await value('site_hosts_failing')).toBe(1);
    expect(await value('site_hosts_pending_stale')).toBe(1);
  });
});
