import { QUEUES, QUEUE_NAMES, queueKeyOf, type QueueKey } from './queues';

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
    expect(QUEUES.media.payload.parse({ photoId: 7 })).toEqual({ photoId: 7, eager: false, force: false });
    expect(QUEUES.media.payload.safeParse({ photoId: 0 }).success).toBe(false);
    expect(QUEUES.media.payload.safeParse({ photoId: 7, url: 'http://x' }).success).toBe(false);
  });

  /** The shortest time from a job's first attempt to its last, and the longest wait between two. */
  const retryWindow = (key: QueueKey): { coveredMs: number; longestWaitMs: number } => {
    const { attempts = 1, backoff } = QUEUES[key].defaultJobOptions;
    const { type, delay = 0, jitter = 0 } = typeof backoff === 'object' ? backoff : { type: 'fixed', delay: backoff };
    const waits = Array.from({ length: attempts - 1 }, (_, i) => (type === 'exponential' ? delay * 2 ** i : delay));
    return {
      coveredMs: waits.reduce((sum, wait) => sum + wait * (1 - jitter), 0),
      longestWaitMs: Math.max(0, ...waits),
    };
  };

  it('ride out a database outage of a minute: feeds retry every few seconds, events and indexing for minutes', () => {
    expect(retryWindow('feedIngest').coveredMs).toBeGreaterThanOrEqual(60_000);
    expect(retryWindow('feedIngest').longestWaitMs).toBeLessThanOrEqual(5_000);
    for (const key of ['phoneReveals', 'carViews', 'analyticsEvents', 'searchIndex', 'leadDelivery'] as const)
      expect(retryWindow(key).coveredMs).toBeGreaterThanOrEqual(5 * 60_000);
    expect(QUEUES.feedIngest.defaultJobOptions.removeOnFail).toMatchObject({ count: 5000 });
  });
});
