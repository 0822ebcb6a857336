import { QUEUES, QUEUE_NAMES, queueKeyOf } from './queues';

describe('queue contracts', () => {
  it('name every queue once', () => {
    expect(new Set(QUEUE_NAMES).size).toBe(QUEUE_NAMES.length);
    expect(queueKeyOf('feed-ingest')).toBe('feedIngest');
    expect(queueKeyOf('nope')).toBeUndefined();
  });

  it('refuse payloads that do not match the queue schema', () => {
    expect(QUEUES.feedIngest.payload.safeParse({ feedRunId: 'not-a-uuid' }).success).toBe(false);
    expect(QUEUES.searchIndex.payload.safeParse({ siteId: 3, extra: true }).success).toBe(false);
    expect(QUEUES.reindex.payload.parse({})).toEqual({});
  });

  it('retry feed ingest with exponential backoff and keep failed jobs for ops', () => {
    expect(QUEUES.feedIngest.defaultJobOptions).toMatchObject({ attempts: 5, backoff: { type: 'exponential' } });
    expect(QUEUES.feedIngest.defaultJobOptions.removeOnFail).toMatchObject({ count: 5000 });
  });
});
