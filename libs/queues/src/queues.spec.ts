import fc from 'fast-check';
import { mediaJobId, mediaVariantsJobId, QUEUES, QUEUE_NAMES, queueKeyOf, type QueueKey } from './queues';

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

  it('take a variants job for one photo and one content hash, nothing else', () => {
    const hash = 'a'.repeat(64);
    expect(QUEUES.mediaVariants.payload.parse({ photoId: 7, hash })).toEqual({ photoId: 7, hash });
    for (const bad of [
      { photoId: 7 },
      { photoId: 0, hash },
      { photoId: 7, hash: 'A'.repeat(64) },
      { photoId: 7, hash: 'a'.repeat(63) },
      { photoId: 7, hash, eager: true },
    ])
      expect(QUEUES.mediaVariants.payload.safeParse(bad).success).toBe(false);
  });

  it('name a variants job by its photo and hash alone, so one found owed twice is queued once', () => {
    const hex = fc.stringMatching(/^[0-9a-f]{64}$/);
    const photo = fc.integer({ min: 1, max: 2_147_483_647 });
    fc.assert(
      fc.property(photo, hex, photo, hex, (a, hashA, b, hashB) => {
        expect(QUEUES.mediaVariants.payload.parse({ photoId: a, hash: hashA })).toEqual({ photoId: a, hash: hashA });
        expect(mediaVariantsJobId(a, hashA)).toBe(mediaVariantsJobId(a, hashA));
        expect(mediaVariantsJobId(a, hashA) === mediaVariantsJobId(b, hashB)).toBe(a === b && hashA === hashB);
        // BullMQ keys jobs by id under the queue's prefix: an id never holds its separator.
        expect(mediaVariantsJobId(a, hashA)).not.toContain(':');
        expect(mediaVariantsJobId(a, hashA)).not.toBe(mediaJobId(a, hashA));
      }),
    );
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
