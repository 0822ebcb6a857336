import Redis from 'ioredis';
import { CLOSED, leadBreakerConfig } from '@platform/domain';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '@platform/testing';
import { DeliveryLanes, type LaneEntry, type LaneTicket } from './delivery-lanes';

/** Log lines kept for assertions. */
const recorder = () => {
  const lines: { level: 'info' | 'warn'; message: string; data: Record<string, unknown> }[] = [];
  return {
    lines,
    log: {
      info: (data: Record<string, unknown>, message: string) => lines.push({ level: 'info', message, data }),
      warn: (data: Record<string, unknown>, message: string) => lines.push({ level: 'warn', message, data }),
    },
  };
};

const ticketOf = (entry: LaneEntry): LaneTicket => {
  if (!entry.admitted) throw new Error(`not admitted: ${JSON.stringify(entry.deferral)}`);
  return entry.ticket;
};

describe('delivery lanes in Redis (real Redis; two instances stand for two worker processes)', () => {
  const breaker = leadBreakerConfig({ failures: 3, coolDownMs: 5_000, attemptTimeoutMs: 10_000 });
  const connections: Redis[] = [];
  let prefix: string;
  let clock: number;
  const now = () => clock;

  const lanes = (options: { limit?: number; leaseMs?: number; log?: ReturnType<typeof recorder>['log'] } = {}) => {
    const redis = new Redis(TEST_REDIS_URL);
    connections.push(redis);
    return new DeliveryLanes(redis, prefix, {
      limit: options.limit ?? 2,
      leaseMs: options.leaseMs ?? 60_000,
      breaker,
      now,
      log: options.log,
    });
  };

  beforeEach(() => {
    prefix = uniqueRedisPrefix();
    clock = 1_000_000;
  });

  afterAll(async () => {
    await Promise.all(connections.map((redis) => redis.quit()));
  });

  it('hold a lane to its limit across processes, leave other lanes alone, and free a slot when a delivery ends', async () => {
    const a = lanes();
    const b = lanes();
    const first = ticketOf(await a.enter('dealership-1:crm'));
    clock += 100;
    ticketOf(await b.enter('dealership-1:crm'));
    clock += 200;
    // Busy, its oldest delivery under way for 300 ms (what the put-off's length follows).
    expect(await a.enter('dealership-1:crm')).toEqual({
      admitted: false,
      deferral: { kind: 'lane-busy', busyForMs: 300 },
    });
    expect(await b.enter('dealership-1:crm')).toEqual({
      admitted: false,
      deferral: { kind: 'lane-busy', busyForMs: 300 },
    });
    // Another dealership, and the same dealership's email, each have lanes of their own.
    ticketOf(await b.enter('dealership-2:crm'));
    ticketOf(await b.enter('dealership-1:email'));
    await first.finish('success');
    await first.finish('success'); // a second finish frees nothing more
    ticketOf(await b.enter('dealership-1:crm'));
    expect((await a.enter('dealership-1:crm')).admitted).toBe(false);
  });

  it('the lease: a slot whose worker died (never finished) lapses after the lease, so the lane is not held for ever', async () => {
    const dead = lanes({ limit: 1, leaseMs: 30_000 });
    const alive = lanes({ limit: 1, leaseMs: 30_000 });
    ticketOf(await dead.enter('dealership-1:crm'));
    clock += 29_000;
    expect((await alive.enter('dealership-1:crm')).admitted).toBe(false);
    clock += 1_001;
    ticketOf(await alive.enter('dealership-1:crm'));
  });

  it('the breaker: open for every process after the threshold of failures, one probe after the cool-down, closed by its success', async () => {
    const a = lanes({ limit: 5 });
    const b = lanes({ limit: 5 });
    const lane = 'dealership-7:crm';
    const attempts = await Promise.all([a, a, b, b].map(async (l) => ticketOf(await l.enter(lane))));
    await attempts[0]!.finish('failure', 'no answer within 10000 ms');
    await attempts[1]!.finish('failure');
    expect(await b.state(lane)).toEqual({ state: 'closed', failures: 2 });
    await attempts[2]!.finish('failure');
    expect(await a.state(lane)).toEqual({ state: 'open', until: clock + 5_000, openings: 1 });
    // An attempt let through before the lane opened fails too: the cool-down stays as it was.
    await attempts[3]!.finish('failure');
    expect(await b.state(lane)).toEqual({ state: 'open', until: clock + 5_000, openings: 1 });
    expect(await b.enter(lane)).toEqual({ admitted: false, deferral: { kind: 'open', retryAt: clock + 5_000 } });

    clock += 5_000;
    const [first, second] = await Promise.all([a.enter(lane), b.enter(lane)]);
    const probes = [first, second].filter((entry) => entry.admitted);
    expect(probes).toHaveLength(1);
    expect([first, second].find((entry) => !entry.admitted)).toEqual({
      admitted: false,
      deferral: { kind: 'probing', retryAt: clock + 15_000 },
    });
    await ticketOf(probes[0]!).finish('success');
    expect(await a.state(lane)).toEqual(CLOSED);
    ticketOf(await b.enter(lane));
  });

  it('a failed probe opens the lane again for twice the cool-down; an attempt that never reached the endpoint records nothing and its probe lease stands', async () => {
    const a = lanes();
    const lane = 'dealership-8:crm';
    for (let i = 0; i < 3; i += 1) await ticketOf(await a.enter(lane)).finish('failure');
    clock += 5_000;
    await ticketOf(await a.enter(lane)).finish('failure');
    expect(await a.state(lane)).toEqual({ state: 'open', until: clock + 10_000, openings: 2 });
    clock += 10_000;
    const probe = ticketOf(await a.enter(lane));
    await probe.finish(null);
    // Released without a verdict: the probe's lease still stands, nobody else probes meanwhile.
    expect(await a.state(lane)).toMatchObject({ state: 'half-open' });
    ticketOf(await lanes().enter('dealership-8:email'));
    clock += 15_000;
    await ticketOf(await a.enter(lane)).finish('success');
    expect(await a.state(lane)).toEqual(CLOSED);
  });

  it('log once per change of state, with counts (failures that opened it, deliveries put off meanwhile), never once per attempt', async () => {
    const seen = recorder();
    const a = lanes({ limit: 5, log: seen.log });
    const b = lanes({ limit: 5, log: seen.log });
    const lane = 'dealership-9:crm';
    const held = await Promise.all([a, b, a].map(async (l) => ticketOf(await l.enter(lane))));
    await Promise.all(held.map((ticket) => ticket.finish('failure', 'CRM webhook crm.example unreachable')));
    for (let i = 0; i < 4; i += 1) expect((await (i % 2 ? a : b).enter(lane)).admitted).toBe(false);
    clock += 5_000;
    await ticketOf(await a.enter(lane)).finish('failure', 'CRM webhook crm.example unreachable');
    expect((await b.enter(lane)).admitted).toBe(false);
    clock += 10_000;
    const probe = ticketOf(await b.enter(lane));
    expect((await a.enter(lane)).admitted).toBe(false);
    await probe.finish('success');
    ticketOf(await a.enter(lane));

    expect(seen.lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'lead delivery lane open: its deliveries wait, no attempt spent'],
      ['info', 'lead delivery lane probing: one delivery let through'],
      ['warn', 'lead delivery lane still failing: open again'],
      ['info', 'lead delivery lane probing: one delivery let through'],
      ['info', 'lead delivery lane closed: deliveries resume'],
    ]);
    expect(seen.lines[0]!.data).toMatchObject({
      lane,
      failures: 3,
      coolDownSeconds: 5,
      err: 'CRM webhook crm.example unreachable',
    });
    expect(seen.lines[2]!.data).toMatchObject({ lane, openings: 2, coolDownSeconds: 10, deferred: 4 });
    expect(seen.lines[4]!.data).toMatchObject({ lane, deferred: 6, openSeconds: 15 });
  });

  it('read every lane that is not closed, for the metrics', async () => {
    const a = lanes();
    for (let i = 0; i < 3; i += 1) await ticketOf(await a.enter('dealership-3:crm')).finish('failure');
    await ticketOf(await a.enter('dealership-4:email')).finish('failure');
    await ticketOf(await a.enter('dealership-5:crm')).finish('success');
    expect(await a.states()).toEqual(
      expect.arrayContaining([
        { lane: 'dealership-3:crm', state: { state: 'open', until: clock + 5_000, openings: 1 } },
        { lane: 'dealership-4:email', state: { state: 'closed', failures: 1 } },
      ]),
    );
    expect(await a.states()).toHaveLength(2);
  });
});
