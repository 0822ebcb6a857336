import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import {
  breakerAdmits,
  breakerAfter,
  parseBreakerState,
  type BreakerConfig,
  type BreakerState,
} from '@platform/domain';

// Takes a slot when fewer than the limit are held; slots past their lease (a holder that stopped
// renewing: its worker died) are dropped first. KEYS: slots, waiters. ARGV: now, lease, limit,
// token, waiter (a job id, or ''), the key's time to live. A waiter refused is kept in line (by
// when it first waited); one that gets a slot leaves the line. The key's own expiry only ever grows
// (it outlives every lease in it, and goes once the host is idle).
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[4])
  if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[6]) then redis.call('PEXPIRE', KEYS[1], ARGV[6]) end
  if ARGV[5] ~= '' then redis.call('ZREM', KEYS[2], ARGV[5]) end
  return 1
end
if ARGV[5] ~= '' then
  redis.call('ZADD', KEYS[2], 'NX', ARGV[1], ARGV[5])
  redis.call('PEXPIRE', KEYS[2], 600000)
end
return 0`;

// Renews a slot still held (one that lapsed and was dropped is not taken back). ARGV: new expiry,
// token, the key's time to live.
const RENEW = `
if redis.call('ZSCORE', KEYS[1], ARGV[2]) then
  redis.call('ZADD', KEYS[1], 'XX', tonumber(ARGV[1]), ARGV[2])
  if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
  return 1
end
return 0`;

// Frees a slot and names the job that has waited longest for the host, to be woken. ARGV: token.
const RELEASE = `
redis.call('ZREM', KEYS[1], ARGV[1])
local next = redis.call('ZPOPMIN', KEYS[2])
if next[1] then return next[1] end
return false`;

/** Default lease of a fetch slot: a worker that dies holding one frees it within this. */
export const DEFAULT_HOST_SLOT_LEASE_MS = 5_000;

export interface HostSlotTiming {
  /**
   * How long a slot outlives its holder's last renewal, so a worker that dies (SIGKILL, OOM, a lost
   * machine) frees its hosts within this. Default 5 s.
   */
  leaseMs?: number;
  /** How often a held slot is renewed while its fetch runs. Default a third of the lease. */
  renewEveryMs?: number;
}

/** One fetch slot of a host, held and renewed until released (or until the work it guards is past its bound). */
export class HostSlot {
  private timer: NodeJS.Timeout | null;
  private released = false;

  constructor(
    private readonly slots: HostSlots,
    readonly host: string,
    readonly token: string,
    /** When the work it guards is over by its own bound: renewals never carry it past this (plus one lease). */
    private readonly until: number,
    renewEveryMs: number,
  ) {
    this.timer = setInterval(() => this.renew(), renewEveryMs);
    this.timer.unref();
  }

  private renew(): void {
    if (Date.now() >= this.until) return this.stop();
    this.slots.renew(this).catch(() => undefined);
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Frees the slot; answers the job that waited longest for the host (to wake), if any. Once only. */
  async release(): Promise<string | null> {
    this.stop();
    if (this.released) return null;
    this.released = true;
    return this.slots.release(this);
  }
}

/**
 * At most `limit` fetches from one dealer host at a time, across every worker process (a sorted
 * set of leases per host in Redis). Each host counts its own slots: a slow or dead host fills its
 * own and no other's. A slot is a short lease (`leaseMs`) renewed while its fetch runs, for no longer
 * than the fetch's own bound (its timeout plus a margin), so a worker that dies frees its hosts
 * within seconds and a hung one within its bound. Jobs refused a slot wait in line per host; each
 * release names the longest-waiting one, so it can be woken rather than left to its backoff.
 */
export class HostSlots {
  private readonly leaseMs: number;
  private readonly renewEveryMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    timing: HostSlotTiming = {},
  ) {
    this.leaseMs = timing.leaseMs ?? DEFAULT_HOST_SLOT_LEASE_MS;
    this.renewEveryMs = timing.renewEveryMs ?? Math.max(50, Math.floor(this.leaseMs / 3));
  }

  private key(host: string): string {
    return `${this.prefix}:media:slots:${host}`;
  }

  private waitersKey(host: string): string {
    return `${this.prefix}:media:slot-waiters:${host}`;
  }

  /**
   * A slot of the host, or null when it is at its limit. `boundMs`: how long the guarded work can
   * take at most (the fetch's timeout plus a margin); the slot is renewed for no longer.
   * `waiter`: the job asking, kept in the host's line when refused.
   */
  async acquire(host: string, boundMs: number, waiter?: string): Promise<HostSlot | null> {
    const token = randomUUID();
    const now = Date.now();
    const taken = await this.redis.eval(
      ACQUIRE,
      2,
      this.key(host),
      this.waitersKey(host),
      now,
      Math.min(this.leaseMs, boundMs),
      this.limit,
      token,
      waiter ?? '',
      2 * this.leaseMs,
    );
    return taken === 1 ? new HostSlot(this, host, token, now + boundMs, this.renewEveryMs) : null;
  }

  /** @internal HostSlot's renewal: the lease runs on from now, never past the work's bound plus one lease. */
  async renew(slot: HostSlot): Promise<void> {
    await this.redis.eval(RENEW, 1, this.key(slot.host), Date.now() + this.leaseMs, slot.token, 2 * this.leaseMs);
  }

  /** @internal HostSlot's release. */
  async release(slot: HostSlot): Promise<string | null> {
    const next = (await this.redis.eval(RELEASE, 2, this.key(slot.host), this.waitersKey(slot.host), slot.token)) as
      string | null;
    return next ?? null;
  }
}

/**
 * The per-host circuit breakers (host-breaker in libs/domain), their state in Redis so every worker
 * process sees one host open at once. Each change is read, decided and written under WATCH, so two
 * workers' results are both counted; one process changes one state at a time (its own connection
 * carries the WATCH).
 */
export class HostBreakers {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly config: BreakerConfig,
  ) {}

  private key(host: string): string {
    return `${this.prefix}:media:breaker:${host}`;
  }

  async state(host: string): Promise<BreakerState> {
    return parseBreakerState(await this.redis.get(this.key(host)));
  }

  /** Whether a fetch from the host may start: null when it may, else when to come back. */
  async admit(host: string): Promise<number | null> {
    return this.change(host, (state, now) => {
      const admission = breakerAdmits(state, now, this.config);
      return admission.admit ? { next: admission.state, result: null } : { next: null, result: admission.retryAt };
    });
  }

  async record(host: string, result: 'success' | 'failure'): Promise<BreakerState> {
    return this.change(host, (state, now) => {
      const next = breakerAfter(state, result, now, this.config);
      return { next, result: next };
    });
  }

  private change<T>(
    host: string,
    decide: (state: BreakerState, now: number) => { next: BreakerState | null; result: T },
  ): Promise<T> {
    const run = this.chain.then(() => this.changeNow(host, decide));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async changeNow<T>(
    host: string,
    decide: (state: BreakerState, now: number) => { next: BreakerState | null; result: T },
  ): Promise<T> {
    const key = this.key(host);
    // A state untouched for a day is forgotten: a host that was open long ago starts closed.
    const ttlMs = 24 * 3_600_000;
    // Most decisions change nothing (a healthy host is admitted, its success leaves it closed): one
    // read decides those, with no WATCH round trips; only a change is written under WATCH.
    const seen = await this.redis.get(key);
    const first = decide(parseBreakerState(seen), Date.now());
    if (this.serialise(first.next, seen) === seen) return first.result;
    for (let attempt = 0; ; attempt += 1) {
      await this.redis.watch(key);
      const raw = await this.redis.get(key);
      const { next, result } = decide(parseBreakerState(raw), Date.now());
      const text = this.serialise(next, raw);
      if (text === raw) {
        await this.redis.unwatch();
        return result;
      }
      const multi = this.redis.multi();
      if (text === null) multi.del(key);
      else multi.set(key, text, 'PX', ttlMs);
      // Another worker changed the host meanwhile: decide again on its state (a few tries, then give up counting).
      if ((await multi.exec()) !== null || attempt >= 5) return result;
    }
  }

  /** The stored text of a decided state: unchanged (`next` null), none for a clean closed breaker. */
  private serialise(next: BreakerState | null, raw: string | null): string | null {
    if (next === null) return raw;
    return next.state === 'closed' && next.failures === 0 ? null : JSON.stringify(next);
  }
}
