import Redis from 'ioredis';
import { feedJobId, QueueProducer } from '@platform/queues';
import {
  createStockFixture,
  createTestDatabase,
  feedCar,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { FeedIntake } from './feed-intake';
import { FeedRuns, STRANDED_AFTER_MS } from './feed-runs';

describe('FeedRuns: the one owner of a feed run’s lifecycle (real PostgreSQL and Redis)', () => {
  let db: TestDatabase;
  let redis: Redis;
  let producer: QueueProducer;
  let runs: FeedRuns;
  let intake: FeedIntake;
  let fixture: StockFixture;

  beforeAll(async () => {
    db = await createTestDatabase('platform_feed_runs');
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    producer = new QueueProducer(redis, uniqueRedisPrefix());
    runs = new FeedRuns(db.dataSource, { producer });
    intake = new FeedIntake(db.dataSource, runs);
    fixture = await createStockFixture(db.dataSource, 'runs');
  });

  afterAll(async () => {
    await producer?.close();
    redis?.disconnect();
    await db?.destroy();
  });

  const receive = () =>
    intake.receive({
      dealershipId: fixture.north.id,
      mode: 'snapshot',
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify([feedCar('R1')])),
    });
  const statusOf = async (id: string) =>
    (
      (await db.dataSource.query(`SELECT status, detail, confirmed_at FROM feed_runs WHERE id = $1`, [id])) as {
        status: string;
        detail: string | null;
        confirmed_at: Date | null;
      }[]
    )[0]!;
  const setStatus = (id: string, status: string, receivedAgo = 0) =>
    db.dataSource.query(
      `UPDATE feed_runs SET status = $2, received_at = now() - make_interval(secs => $3) WHERE id = $1`,
      [id, status, receivedAgo],
    );
  const jobExists = async (jobId: string) => (await producer.queue('feedIngest').getJob(jobId)) !== undefined;

  it('creates a run queued beside its payload, and queues its job under the run’s id', async () => {
    const id = await receive();
    expect((await statusOf(id)).status).toBe('queued');
    expect(await runs.enqueue(id, 'received')).toBe(feedJobId(id));
    expect(await jobExists(feedJobId(id))).toBe(true);
  });

  it('confirms only a held run, queues it under a job id of its own, and refuses the rest', async () => {
    const id = await receive();
    expect(await runs.confirm(id)).toEqual({
      refused: 'conflict',
      title: 'Feed run not held',
      detail: "Only a held run can be confirmed or rejected; this one is 'queued'.",
    });
    await setStatus(id, 'held');
    expect(await runs.confirm(id)).toEqual({ ok: true, jobId: `${feedJobId(id)}-confirmed` });
    const after = await statusOf(id);
    expect(after.status).toBe('queued');
    expect(after.confirmed_at).not.toBeNull();
    expect(await jobExists(`${feedJobId(id)}-confirmed`)).toBe(true);
    expect(await runs.confirm('not-a-run-id')).toEqual({ refused: 'not_found' });
  });

  it('never confirms an older snapshot once a later run is applied; rejecting it applies nothing', async () => {
    const older = await receive();
    const later = await receive();
    await setStatus(older, 'held', 60);
    await setStatus(later, 'succeeded', 0);
    const refused = await runs.confirm(older);
    expect(refused).toMatchObject({ refused: 'conflict', title: 'A later feed run has been applied' });
    expect(await runs.reject(older)).toEqual({ ok: true });
    expect(await statusOf(older)).toMatchObject({
      status: 'failed',
      detail: 'Rejected by ops: the held snapshot was discarded and nothing was applied.',
    });
    expect(await runs.reject(older)).toMatchObject({ refused: 'conflict', title: 'Feed run not held' });
  });

  it('cancels an unfinished run once, and never a finished one', async () => {
    const id = await receive();
    expect(await runs.cancel(id)).toEqual({ ok: true });
    expect((await statusOf(id)).status).toBe('cancelled');
    expect(await runs.cancel(id)).toMatchObject({ refused: 'conflict' });
  });

  it('the sweep queues a run whose job never reached Redis, once', async () => {
    const id = await receive();
    await db.dataSource.query(`UPDATE feed_runs SET updated_at = now() - make_interval(secs => $2) WHERE id = $1`, [
      id,
      STRANDED_AFTER_MS / 1000 + 5,
    ]);
    const before = await jobExists(feedJobId(id));
    const first = await runs.sweep();
    expect(before).toBe(false);
    expect(first.requeued).toBe(1);
    expect(await jobExists(feedJobId(id))).toBe(true);
    expect((await runs.sweep()).requeued).toBe(0);
  });
});
