import { UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import { feedJobId, QUEUES, QueueProducer } from '@platform/queues';
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
import { FeedRunEntity } from '@platform/db';
import { FeedRuns, MAX_SWEEP_RESUMES, SWEEP_GRACE_MS } from './feed-runs';

describe('FeedRuns: the one owner of a feed run’s lifecycle (real PostgreSQL and Redis)', () => {
  let db: TestDatabase;
  let redis: Redis;
  let producer: QueueProducer;
  let runs: FeedRuns;
  let intake: FeedIntake;
  let fixture: StockFixture;
  let prefix: string;

  beforeAll(async () => {
    db = await createTestDatabase('platform_feed_runs');
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    prefix = uniqueRedisPrefix();
    producer = new QueueProducer(redis, prefix);
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

  /** Ends every other unfinished run, so a sweep's counts speak of this one alone. */
  const alone = (id: string) =>
    db.dataSource.query(
      `UPDATE feed_runs SET status = 'cancelled' WHERE status IN ('queued', 'running') AND id <> $1`,
      [id],
    );
  const idle = (id: string, status = 'queued') =>
    db.dataSource.query(
      `UPDATE feed_runs SET status = $2, updated_at = now() - make_interval(secs => $3) WHERE id = $1`,
      [id, status, SWEEP_GRACE_MS / 1000 + 5],
    );
  const jobIdOf = async (id: string) =>
    ((await db.dataSource.query(`SELECT job_id FROM feed_runs WHERE id = $1`, [id])) as { job_id: string | null }[])[0]!
      .job_id;
  /** Runs the queue's waiting jobs through a worker that fails each for good, as a run's job ends failed. */
  const failWaitingJobs = async () => {
    const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const worker = new Worker(
      QUEUES.feedIngest.name,
      async () => {
        throw new UnrecoverableError('a bug');
      },
      { connection, prefix },
    );
    const queue = producer.queue('feedIngest');
    while ((await queue.getWaitingCount()) + (await queue.getActiveCount()) > 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.close();
    connection.disconnect();
  };

  it('the sweep queues a run whose job never reached Redis under a new job id, once', async () => {
    const id = await receive();
    await alone(id);
    await idle(id);
    expect(await jobExists(feedJobId(id))).toBe(false);
    expect(
      (await runs.list({ dealership: fixture.north.slug, limit: 50 })).find((r) => r.feedRunId === id),
    ).toMatchObject({
      stuck: true,
      stuckReason: 'its job is missing (Redis lost it or was unreachable when the run was stored)',
    });
    const first = await runs.sweep();
    expect(first.requeued).toBe(1);
    const resumed = (await jobIdOf(id)) ?? '';
    expect(resumed).toMatch(new RegExp(`^${feedJobId(id)}-resume-1-`));
    expect(await jobExists(resumed)).toBe(true);
    await idle(id);
    expect((await runs.sweep()).requeued).toBe(0);
  });

  it('the sweep queues again a run whose job failed, and after its last time fails the run with why', async () => {
    const id = await receive();
    await alone(id);
    await runs.enqueue(id, 'received');
    for (let time = 1; time <= MAX_SWEEP_RESUMES; time++) {
      await failWaitingJobs();
      await idle(id, 'running');
      expect(await runs.sweep()).toEqual({ requeued: 0, resumed: 1, failed: [] });
      expect(await jobIdOf(id)).toMatch(new RegExp(`^${feedJobId(id)}-resume-${time}-`));
    }
    await failWaitingJobs();
    await idle(id, 'running');
    expect(await runs.sweep()).toEqual({ requeued: 0, resumed: 0, failed: [id] });
    expect(await statusOf(id)).toMatchObject({
      status: 'failed',
      detail:
        "Failed: it stopped again after being queued 3 more times (its job is failed), so it was ended to let the dealership's later runs go on. Rows already applied stay applied; ops can retry it.",
    });
  });

  it('leaves a run whose job is alive (waiting or retrying) to it', async () => {
    const id = await receive();
    await alone(id);
    await runs.enqueue(id, 'received');
    await idle(id, 'running');
    expect(await runs.sweep()).toEqual({ requeued: 0, resumed: 0, failed: [] });
    expect(
      (await runs.list({ dealership: fixture.north.slug, limit: 50 })).find((r) => r.feedRunId === id),
    ).toMatchObject({
      stuck: false,
      stuckReason: null,
    });
  });

  it('lets ops retry an unfinished run whose job is dead, and queues it under a new job id', async () => {
    const id = await receive();
    await runs.enqueue(id, 'received');
    await failWaitingJobs();
    await idle(id, 'running');
    expect(await runs.retry(id)).toEqual({ ok: true });
    const jobId = await runs.enqueue(id, 'retried');
    expect(await jobIdOf(id)).toBe(jobId);
    expect(await producer.queue('feedIngest').getJobState(jobId)).toBe('waiting');
  });

  it('never starts or holds a run ops cancelled while it was being checked', async () => {
    const id = await receive();
    const read = (await db.dataSource.getRepository(FeedRunEntity).findOneByOrFail({ id }))!;
    expect(await runs.cancel(id)).toEqual({ ok: true });
    expect(await runs.start(read, new Date(), { received: 1, warnings: [], warningsOmitted: 0 })).toBe(false);
    expect(await runs.hold(read, { detail: 'x', received: 1, warnings: [], warningsOmitted: 0 })).toBe(false);
    expect((await statusOf(id)).status).toBe('cancelled');
  });

  it('gives every resume a job id of its own, so one queued after an ops retry is never a duplicate BullMQ drops', async () => {
    const id = await receive();
    const first = await runs.enqueue(id, { resume: 1 });
    const again = await runs.enqueue(id, { resume: 1 });
    expect(again).not.toBe(first);
    expect(await producer.queue('feedIngest').getJobState(again)).toBe('waiting');
  });

  it('lets only the run’s current job fail it, and leaves a stalled-out run with rows applied to the sweep', async () => {
    const id = await receive();
    await runs.enqueue(id, 'received');
    await runs.failAfterLastAttempt(id, 'a bug', 'feed-some-older-job');
    await runs.failStalledOut(id, 'feed-some-older-job');
    expect((await statusOf(id)).status).toBe('queued');
    await db.dataSource.query(`UPDATE feed_runs SET status = 'running', rows_applied = 500 WHERE id = $1`, [id]);
    await runs.failStalledOut(id, feedJobId(id));
    expect((await statusOf(id)).status).toBe('running');
    await db.dataSource.query(`UPDATE feed_runs SET rows_applied = 0 WHERE id = $1`, [id]);
    await runs.failStalledOut(id, feedJobId(id));
    expect((await statusOf(id)).status).toBe('failed');
  });

  it('counts a run as stuck when it makes no progress past the threshold, whatever its job does, unless it waits behind an earlier run', async () => {
    const quick = new FeedRuns(db.dataSource, { producer, stuckAfterMs: 15_000 });
    const earlier = await receive();
    const later = await receive();
    await alone(earlier);
    await db.dataSource.query(`UPDATE feed_runs SET status = 'queued' WHERE id = $1`, [later]);
    await runs.enqueue(earlier, 'received');
    await runs.enqueue(later, 'received');
    await db.dataSource.query(
      `UPDATE feed_runs SET updated_at = now() - interval '20 seconds' WHERE id = ANY($1::uuid[])`,
      [[earlier, later]],
    );
    const listed = await quick.list({ dealership: fixture.north.slug, limit: 50 });
    expect(listed.find((run) => run.feedRunId === earlier)?.stuckReason).toMatch(
      /^no progress for 2\d s while its job is waiting$/,
    );
    expect(listed.find((run) => run.feedRunId === later)?.stuck).toBe(false);
  });
});
