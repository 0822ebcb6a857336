import type Redis from 'ioredis';

/**
 * How the media workers back off a failing store: the first try again after `firstMs`, each failed
 * try doubling the wait up to `maxMs`. `probeLeaseMs`: how long one worker's try holds the others
 * off (its worker may die trying).
 */
export interface StoreRetry {
  firstMs: number;
  maxMs: number;
  probeLeaseMs: number;
}

export const DEFAULT_STORE_RETRY: StoreRetry = { firstMs: 1_000, maxMs: 10_000, probeLeaseMs: 15_000 };

export type StoreHealthState =
  | { healthy: true }
  | {
      healthy: false;
      /** When a write first failed (ms). */
      since: number;
      /** What the store answered last (ENOSPC, EIO, SlowDown, s3-503...). */
      failure: string;
      /** When the store may be tried again. */
      retryAt: number;
      /** Tries that failed since it went down. */
      probes: number;
    };

// A hash per deployment; gone while the store is healthy. ARGV[1] is now (ms) in every script.
const STATE_TTL_MS = 24 * 3_600_000;

// A write failed: down from now (a store down already keeps its back-off). ARGV: now, failure, firstMs.
const FAILED = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'failure', ARGV[2])
  return 0
end
redis.call('HSET', KEYS[1], 'since', ARGV[1], 'failure', ARGV[2], 'retryAt', tonumber(ARGV[1]) + tonumber(ARGV[3]), 'probes', 0, 'probeUntil', 0)
redis.call('PEXPIRE', KEYS[1], ${STATE_TTL_MS})
return 1`;

// Down, due, and no other worker trying: this caller tries. ARGV: now, probeLeaseMs.
const ADMIT = `
local state = redis.call('HMGET', KEYS[1], 'retryAt', 'probeUntil')
if not state[1] then return 1 end
local now = tonumber(ARGV[1])
if now < tonumber(state[1]) or now < tonumber(state[2] or 0) then return 0 end
redis.call('HSET', KEYS[1], 'probeUntil', now + tonumber(ARGV[2]))
return 1`;

// The try failed: down for twice as long (up to maxMs). ARGV: now, failure, firstMs, maxMs.
const PROBE_FAILED = `
local probes = tonumber(redis.call('HGET', KEYS[1], 'probes') or '0') + 1
local wait = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * math.pow(2, probes))
if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('HSET', KEYS[1], 'since', ARGV[1]) end
redis.call('HSET', KEYS[1], 'failure', ARGV[2], 'retryAt', tonumber(ARGV[1]) + wait, 'probes', probes, 'probeUntil', 0)
redis.call('PEXPIRE', KEYS[1], ${STATE_TTL_MS})
return probes`;

/**
 * Whether the platform's media store takes writes, as every worker process sees it (one hash in
 * Redis): a write that fails marks it down; while it is down the workers fetch nothing, and one of
 * them at a time tries the store again with a photo waiting in the spool, backing off from
 * `firstMs` to `maxMs`; a try that works marks it healthy for all. Each change is one script, so
 * two workers never both decide.
 */
export class StoreHealth {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly retry: StoreRetry = DEFAULT_STORE_RETRY,
  ) {}

  private get key(): string {
    return `${this.prefix}:media:store-health`;
  }

  async state(): Promise<StoreHealthState> {
    const raw = await this.redis.hgetall(this.key);
    const number = (value: string | undefined): number => (value && Number.isFinite(Number(value)) ? Number(value) : 0);
    if (!raw['since'] && !raw['retryAt']) return { healthy: true };
    return {
      healthy: false,
      since: number(raw['since']),
      failure: raw['failure'] ?? 'error',
      retryAt: number(raw['retryAt']),
      probes: number(raw['probes']),
    };
  }

  /** A write failed: the store is down (if it was not already). Answers whether this call marked it down. */
  async failed(failure: string): Promise<boolean> {
    return (await this.redis.eval(FAILED, 1, this.key, Date.now(), failure, this.retry.firstMs)) === 1;
  }

  /** Whether the caller should try the store now (down and due, nobody else trying). */
  async admitProbe(): Promise<boolean> {
    return (await this.redis.eval(ADMIT, 1, this.key, Date.now(), this.retry.probeLeaseMs)) === 1;
  }

  /** The caller's try failed: down for longer. */
  async probeFailed(failure: string): Promise<void> {
    await this.redis.eval(PROBE_FAILED, 1, this.key, Date.now(), failure, this.retry.firstMs, this.retry.maxMs);
  }

  /** A write went in: the store is healthy. Answers whether it was down. */
  async recovered(): Promise<boolean> {
    return (await this.redis.del(this.key)) === 1;
  }
}
