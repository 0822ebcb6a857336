import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import {
  breakerAdmits,
  breakerChange,
  laneBreakerAfter,
  parseBreakerState,
  type BreakerConfig,
  type BreakerState,
  type Deferral,
} from '@platform/domain';
import { QUIET_LOG, type WorkerLog } from '@platform/queues';

// Takes a slot when fewer than the limit are held (answers -1); slots past their lease (a worker
// that died) are dropped first. A full lane answers when its oldest slot's lease ends.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return -1
end
return tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])`;

/** A breaker (and its outage record) untouched for a day is forgotten: the lane starts closed. */
const STATE_TTL_MS = 24 * 3_600_000;

export interface DeliveryLanesOptions {
  /** Deliveries under way at once in one lane, across every worker process. */
  limit: number;
  /** How long a slot is held at most: a worker that dies holding one frees it after this. */
  leaseMs: number;
  breaker: BreakerConfig;
  log?: WorkerLog;
  /** A delivery was put off (metrics). */
  onDeferred?: (kind: Deferral['kind']) => void;
  now?: () => number;
}

/** A delivery's hold on its lane, from admission to the endpoint's answer. */
export interface LaneTicket {
  /**
   * Frees the slot and records what the endpoint did on the lane's breaker: 'success' for any
   * answer (a refusal too: the endpoint is alive), 'failure' for none (a timeout, a refused
   * connection) or a 5xx, null when the attempt never reached it. Only the first call counts;
   * it never throws (a slot it cannot free lapses with its lease).
   */
  finish(result: 'success' | 'failure' | null, detail?: string): Promise<void>;
}

export type LaneEntry = { admitted: true; ticket: LaneTicket } | { admitted: false; deferral: Deferral };

type Decision<T> = { next: BreakerState | null; result: T };

/**
 * The lead delivery lanes (delivery-lanes in libs/domain) in Redis, shared by every worker
 * process: each lane's slots are a sorted set of leases, its breaker one JSON value changed under
 * WATCH (so two workers' results are both counted and each change of state is made, and logged,
 * by exactly one of them), and while it is open an outage record counts the deliveries put off,
 * for the line logged when it closes. One process changes one breaker at a time (WATCH belongs to
 * its connection); the common decisions (a closed lane admits, a success leaves it closed) take
 * one read and no WATCH.
 */
export class DeliveryLanes {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly log: WorkerLog;
  private readonly now: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: DeliveryLanesOptions,
  ) {
    this.log = options.log ?? QUIET_LOG;
    this.now = options.now ?? Date.now;
  }

  private key(kind: 'slots' | 'breaker' | 'outage', lane: string): string {
    return `${this.prefix}:leads:${kind}:${lane}`;
  }

  async state(lane: string): Promise<BreakerState> {
    return parseBreakerState(await this.redis.get(this.key('breaker', lane)));
  }

  /** Every lane whose breaker is not clean and closed (open, probing, or closed with failures counted). */
  async states(): Promise<{ lane: string; state: BreakerState }[]> {
    const head = this.key('breaker', '');
    const pattern = `${head.replace(/[*?[\]\\]/g, '\\$&')}*`;
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 200);
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
    if (keys.length === 0) return [];
    const values = await this.redis.mget(...keys);
    return keys
      .map((key, index) => ({ lane: key.slice(head.length), raw: values[index] ?? null }))
      .filter(({ raw }) => raw !== null)
      .map(({ lane, raw }) => ({ lane, state: parseBreakerState(raw) }));
  }

  /**
   * Lets a delivery into its lane, or says why not: the lane is open (or a probe is out), or it
   * has its limit of deliveries under way (with how long the oldest of them has taken so far,
   * which sets how long the delivery is put off).
   */
  async enter(lane: string): Promise<LaneEntry> {
    const seen = await this.state(lane);
    const now = this.now();
    // An open lane's deliveries are put off without touching its slots.
    if (seen.state === 'open' && now < seen.until) return this.defer(lane, { kind: 'open', retryAt: seen.until });
    if (seen.state === 'half-open' && now < seen.probeUntil)
      return this.defer(lane, { kind: 'probing', retryAt: seen.probeUntil });
    const token = randomUUID();
    const slots = this.key('slots', lane);
    const oldestLeaseEnd = Number(
      await this.redis.eval(ACQUIRE, 1, slots, now, this.options.leaseMs, this.options.limit, token),
    );
    if (oldestLeaseEnd !== -1) {
      this.options.onDeferred?.('lane-busy');
      const busyForMs = Math.max(0, now - (oldestLeaseEnd - this.options.leaseMs));
      return { admitted: false, deferral: { kind: 'lane-busy', busyForMs } };
    }
    let refused: Deferral | null;
    try {
      refused = await this.change(lane, undefined, (state, at) => {
        const admission = breakerAdmits(state, at, this.options.breaker);
        if (admission.admit) return { next: admission.state, result: null };
        const kind = state.state === 'open' ? 'open' : 'probing';
        return { next: null, result: { kind, retryAt: admission.retryAt } as Deferral };
      });
    } catch (error) {
      await this.redis.zrem(slots, token).catch(() => undefined);
      throw error;
    }
    if (refused) {
      await this.redis.zrem(slots, token);
      return this.defer(lane, refused);
    }
    let finished = false;
    return {
      admitted: true,
      ticket: {
        finish: async (result, detail) => {
          if (finished) return;
          finished = true;
          try {
            await this.redis.zrem(slots, token);
            if (result)
              await this.change(lane, detail, (state, at) => ({
                next: laneBreakerAfter(state, result, at, this.options.breaker),
                result: null,
              }));
          } catch (error) {
            this.log.warn(
              { lane, err: (error as Error).message },
              'lead delivery lane not updated; its slot lapses with its lease',
            );
          }
        },
      },
    };
  }

  /** A delivery put off by its lane's breaker: counted on the outage record, for the line logged when it closes. */
  private async defer(lane: string, deferral: Deferral): Promise<LaneEntry> {
    const outage = this.key('outage', lane);
    await this.redis.multi().hincrby(outage, 'deferred', 1).pexpire(outage, STATE_TTL_MS).exec();
    this.options.onDeferred?.(deferral.kind);
    return { admitted: false, deferral };
  }

  private change<T>(
    lane: string,
    detail: string | undefined,
    decide: (state: BreakerState, now: number) => Decision<T>,
  ): Promise<T> {
    const run = this.chain.then(() => this.changeNow(lane, detail, decide));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async changeNow<T>(
    lane: string,
    detail: string | undefined,
    decide: (state: BreakerState, now: number) => Decision<T>,
  ): Promise<T> {
    const key = this.key('breaker', lane);
    const outage = this.key('outage', lane);
    const seen = await this.redis.get(key);
    const first = decide(parseBreakerState(seen), this.now());
    if (serialise(first.next, seen) === seen) return first.result;
    for (let attempt = 0; ; attempt += 1) {
      await this.redis.watch(key);
      const raw = await this.redis.get(key);
      const before = parseBreakerState(raw);
      const now = this.now();
      const { next, result } = decide(before, now);
      const text = serialise(next, raw);
      if (text === raw || next === null) {
        await this.redis.unwatch();
        return result;
      }
      const change = breakerChange(before, next);
      const multi = this.redis.multi();
      if (text === null) multi.del(key);
      else multi.set(key, text, 'PX', STATE_TTL_MS);
      // The outage record: begun when the lane opens, read with every change, read and removed when it closes.
      if (change === 'opened') multi.del(outage).hset(outage, 'since', now).pexpire(outage, STATE_TTL_MS);
      else if (change) multi.hgetall(outage);
      if (change === 'closed') multi.del(outage);
      const answers = await multi.exec();
      if (answers !== null) {
        const record = (change && change !== 'opened' ? answers[1]?.[1] : {}) as Record<string, string> | undefined;
        this.report(lane, before, next, now, record ?? {}, detail);
        return result;
      }
      // Another worker changed the lane meanwhile: decide again on its state (a few tries, then give up counting).
      if (attempt >= 5) return result;
    }
  }

  /** One line per change of state, with its counts. */
  private report(
    lane: string,
    before: BreakerState,
    after: BreakerState,
    now: number,
    outage: Record<string, string>,
    detail: string | undefined,
  ): void {
    const deferred = Number(outage['deferred'] ?? 0);
    const err = detail ? { err: detail } : {};
    switch (breakerChange(before, after)) {
      case 'opened':
        this.log.warn(
          {
            lane,
            failures: before.state === 'closed' ? before.failures + 1 : this.options.breaker.failureThreshold,
            coolDownSeconds: after.state === 'open' ? (after.until - now) / 1000 : 0,
            ...err,
          },
          'lead delivery lane open: its deliveries wait, no attempt spent',
        );
        return;
      case 'probing':
        this.log.info({ lane, deferred }, 'lead delivery lane probing: one delivery let through');
        return;
      case 'reopened':
        this.log.warn(
          {
            lane,
            openings: after.state === 'open' ? after.openings : 0,
            coolDownSeconds: after.state === 'open' ? (after.until - now) / 1000 : 0,
            deferred,
            ...err,
          },
          'lead delivery lane still failing: open again',
        );
        return;
      case 'closed': {
        const since = Number(outage['since']);
        this.log.info(
          { lane, deferred, openSeconds: Number.isFinite(since) && since > 0 ? (now - since) / 1000 : null },
          'lead delivery lane closed: deliveries resume',
        );
        return;
      }
      default:
        return;
    }
  }
}

/** The stored text of a decided state: unchanged (`next` null), none for a clean closed breaker. */
function serialise(next: BreakerState | null, raw: string | null): string | null {
  if (next === null) return raw;
  return next.state === 'closed' && next.failures === 0 ? null : JSON.stringify(next);
}
