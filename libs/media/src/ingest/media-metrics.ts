/**
 * What photo ingest reports for ops (issue 38); the worker passes PlatformMetrics' media counters,
 * tests and scripts the silent default. `host` is the dealer host (photoHostOf); the metrics keep
 * its label bounded.
 */
export interface MediaMetrics {
  /** Checks moved from the outbox onto the media queue. */
  queued(count: number): void;
  /** One fetch ended: bytes came back (fetched), a 304 (not-modified), or no usable answer (failed). */
  fetch(host: string, outcome: 'fetched' | 'not-modified' | 'failed', seconds: number): void;
  refused(reason: string): void;
  unreachable(reason: string): void;
  /** Bytes written to the store (originals and variants). */
  stored(bytes: number): void;
  variants(count: number): void;
  /** A host's photos were put off because its circuit breaker is open. */
  deferred(host: string): void;
  /** Whether the media store takes writes, as this worker last saw it (the storage-health gauge). */
  storeHealth(healthy: boolean): void;
  /** A write to the store failed: the platform's own failure (ENOSPC, EIO, SlowDown, s3-503...). */
  storeFailed(failure: string): void;
}

export const NO_MEDIA_METRICS: MediaMetrics = {
  queued: () => undefined,
  fetch: () => undefined,
  refused: () => undefined,
  unreachable: () => undefined,
  stored: () => undefined,
  variants: () => undefined,
  deferred: () => undefined,
  storeHealth: () => undefined,
  storeFailed: () => undefined,
};
