import Redis from 'ioredis';
import { QueueProducer, WorkerGroup } from '@platform/queues';
import { eventually, TEST_REDIS_URL, uniqueRedisPrefix } from '@platform/testing';
import { crashReportLine } from './crash-report';

describe('crash report (real BullMQ)', () => {
  it('names the jobs the process was running when it died, and none after they finish', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const prefix = uniqueRedisPrefix();
    const producer = new QueueProducer(redis, prefix);
    const group = new WorkerGroup(TEST_REDIS_URL, prefix);
    let release = (): void => undefined;
    let started = false;
    group.start('feedIngest', 1, async () => {
      started = true;
      await new Promise<void>((resolve) => (release = resolve));
    });
    try {
      await group.ready();
      const feedRunId = '8f0c2a4e-5b1d-4c3e-9a7f-0123456789ab';
      const jobId = await producer.add('feedIngest', { feedRunId }, { jobId: `feed-${feedRunId}` });
      await eventually(
        async () => started,
        (value) => value,
        'the job to start',
      );
      const line = JSON.parse(crashReportLine('uncaught exception', new Error('Added label "x"')));
      expect(line).toMatchObject({
        level: 60,
        msg: 'worker process crashed (uncaught exception)',
        err: { message: 'Added label "x"' },
        activeJobs: [{ queue: 'feed-ingest', jobId }],
      });
      release();
      await eventually(
        async () => JSON.parse(crashReportLine('x', 'y')).activeJobs as unknown[],
        (jobs) => jobs.length === 0,
        'the job to finish',
      );
    } finally {
      release();
      await group.close();
      await producer.close();
      redis.disconnect();
    }
  });
});
