import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import {
  breakerAdmits,
  breakerAfter,
  parseBreakerState,
  type BreakerConfig,
  type BreakerState,
} from '@platform/domain';

// Takes a slot when fewer than the limit are held; slots past their lease (a worker that died) are dropped first.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/**
 * At most `limit` fetches from one dealer host at a time, across every worker process (a sorted
 * set of leases per host in Redis). A lease lapses after `leaseMs`, so a worker that dies holding
 * one frees it; the lease is longer than the fetch timeout.
 */
export class HostSlots {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly leaseMs = 120_000,
  ) {}

  private key(host: string): string {
    return `${this.prefix}:media:slots:${host}`;
  }

  /** A slot's token, or null when the host is at its limit. */
  async acquire(host: string): Promise<string | null> {
    const token = randomUUID();
    const taken = await this.redis.eval(ACQUIRE, 1, this.key(host), Date.now(), this.leaseMs, this.limit, token);
    return taken === 1 ? token : null;
  }

  async release(host: string, token: string): Promise<void> {
    await this.redis.zrem(this.key(host), token);
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
