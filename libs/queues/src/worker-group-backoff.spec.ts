import Redis from 'ioredis';
import { createDisposableRedis, redisServerBinary, eventually, type DisposableRedis } from '@platform/testing';
import { QueueProducer } from './producer';
import { WorkerGroup } from './worker-group';

const binary = redisServerBinary();
if (!binary) console.warn('worker-group-backoff.spec skipped: no redis-server binary to run a Redis of its own');
const suite = binary ? describe : describe.skip;

suite('WorkerGroup against a Redis out of memory (a redis-server of its own, maxmemory with noeviction)', () => {
  let redis: DisposableRedis;
  let admin: Redis;

  beforeAll(async () => {
    redis = await createDisposableRedis(binary!);
    await redis.start();
    admin = new Redis(redis.url);
  });

  afterAll(async () => {
    admin?.disconnect();
    await redis?.stop();
  });

  it('pauses and backs off instead of spinning: a few log lines, not thousands, then resumes by itself and runs the work', async () => {
    const lines: string[] = [];
    const states: boolean[] = [];
    const log = {
      info: (_: object, message: string) => lines.push(message),
      warn: (_: object, message: string) => lines.push(message),
      state: (_: string, failing: boolean) => states.push(failing),
    };
    const group = new WorkerGroup(redis.url, 'oom', log, { backoff: { baseMs: 100, maxMs: 1000 } });
    const ran: string[] = [];
    group.start('feedIngest', 4, async (payload) => ran.push(payload.feedRunId));
    group.schedule('alertSweep', 'sweep', 500, { task: 'sweep' });
    group.start('alertSweep', 1, async () => 'swept');
    await group.ready();
    await new Promise((resolve) => setTimeout(resolve, 700));
    const before = lines.length;

    // Every write refused from now on, as a Redis full under noeviction refuses them.
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await admin.config('SET', 'maxmemory', '1');
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const whileSick = lines.slice(before);
    expect(whileSick.length).toBeLessThanOrEqual(3);
    expect(states).toEqual([true]);

    await admin.config('SET', 'maxmemory', '0');
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const producer = new QueueProducer(connection, 'oom');
    await producer.add('feedIngest', { feedRunId: '00000000-0000-4000-8000-000000000001' }, { jobId: 'after-oom' });
    await eventually(
      async () => ran.length,
      (n) => n === 1,
      'the job queued after Redis recovered',
      10_000,
    );
    await eventually(
      async () => states,
      (seen) => seen.length === 2,
      'the workers resumed',
      10_000,
    );
    expect(states).toEqual([true, false]);
    expect(lines.slice(before)).toEqual([
      'dependency failing; backing off until it answers again',
      'dependency answering again; resumed',
    ]);
    await producer.close();
    connection.disconnect();
    await group.close();
  }, 30_000);
});
