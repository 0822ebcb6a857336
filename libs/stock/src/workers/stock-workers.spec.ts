import Redis from 'ioredis';
import { QueueProducer } from '@platform/queues';
import { PostgresSearchEngine } from '@platform/search';
import {
  createDisposableRedis,
  createTestDatabase,
  eventually,
  redisServerBinary,
  uniqueRedisPrefix,
  type DisposableRedis,
  type TestDatabase,
} from '@platform/testing';
import { SiteIndexer } from '../indexing/site-indexer';
import { startStockWorkers } from './stock-workers';

const binary = redisServerBinary();
if (!binary) {
  // Said out loud, so a CI log shows why the test did not run.
  console.warn('Schedule test skipped: no redis-server binary on PATH to restart a Redis of its own empty');
}
const describeWithRedisServer = binary ? describe : describe.skip;

describeWithRedisServer('stock workers when Redis comes back empty (its own redis-server, killed and started)', () => {
  let db: TestDatabase;
  let redisServer: DisposableRedis;

  beforeAll(async () => {
    db = await createTestDatabase('platform_stock_schedules');
    redisServer = await createDisposableRedis(binary as string);
    await redisServer.start();
  }, 30_000);

  afterAll(async () => {
    await redisServer?.stop();
    await db?.destroy();
  });

  it('put their sweep and purge schedules back by themselves, without a restart', async () => {
    const connection = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    const prefix = uniqueRedisPrefix();
    const producer = new QueueProducer(connection, prefix);
    const engine = new PostgresSearchEngine(db.dataSource);
    const stop = await startStockWorkers({
      dataSource: db.dataSource,
      engine,
      producer,
      indexer: new SiteIndexer(db.dataSource, engine),
      redisUrl: redisServer.url,
      prefix,
      timing: { scheduleCheckMs: 200 },
    });
    const schedules = async () =>
      (await producer.queue('maintenance').getJobSchedulers())
        .map((scheduler) => scheduler.key)
        .sort()
        .join(',');
    try {
      expect(await schedules()).toBe('purge-expired,sweep');
      await redisServer.stop();
      await redisServer.start();
      await eventually(
        () => schedules().catch(() => ''),
        (keys) => keys === 'purge-expired,sweep',
        'the schedules to be back',
        15_000,
      );
    } finally {
      await stop();
      await producer.close();
      connection.disconnect();
    }
  }, 60_000);
});
