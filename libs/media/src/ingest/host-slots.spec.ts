import Redis from 'ioredis';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '@platform/testing';
import { HostSlots } from './host-limits';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` answers truthy; the time it took, or null past `withinMs`. */
async function within(withinMs: number, probe: () => Promise<unknown>): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started <= withinMs) {
    if (await probe()) return Date.now() - started;
    await sleep(50);
  }
  return null;
}

describe('HostSlots: per-host fetch slots as short leases in Redis (real Redis)', () => {
  const connections: Redis[] = [];
  const connect = () => {
    const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    connection.on('error', () => undefined);
    connections.push(connection);
    return connection;
  };

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  });

  it('frees the slot of a holder that died within seconds (its renewals stop), not after minutes', async () => {
    const prefix = uniqueRedisPrefix();
    const dying = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    dying.on('error', () => undefined);
    await dying.connect();
    const holder = new HostSlots(dying, prefix, 1);
    const held = await holder.acquire('dealer.example', 60_000);
    expect(held).not.toBeNull();
    // The holder's process is gone: its connection with it, so nothing renews or releases the lease.
    dying.disconnect();
    const other = new HostSlots(connect(), prefix, 1);
    expect(await other.acquire('dealer.example', 60_000)).toBeNull();
    const freedAfter = await within(9_000, () => other.acquire('dealer.example', 60_000));
    expect(freedAfter).not.toBeNull();
    expect(freedAfter!).toBeLessThanOrEqual(7_000);
  }, 15_000);

  it('keeps a slot while its fetch runs, renewed past the lease, and frees it at once on release', async () => {
    const prefix = uniqueRedisPrefix();
    const holder = new HostSlots(connect(), prefix, 1, { leaseMs: 600 });
    const other = new HostSlots(connect(), prefix, 1, { leaseMs: 600 });
    const slot = await holder.acquire('slow.example', 10_000);
    expect(slot).not.toBeNull();
    // Three leases long: the fetch still runs, so nobody else gets the host's only slot.
    for (let i = 0; i < 6; i++) {
      await sleep(300);
      expect(await other.acquire('slow.example', 10_000)).toBeNull();
    }
    await slot!.release();
    const next = await other.acquire('slow.example', 10_000);
    expect(next).not.toBeNull();
    await next!.release();
  });

  it('renews a slot no longer than the work it guards (its timeout plus margin): a hung holder cannot keep a host', async () => {
    const prefix = uniqueRedisPrefix();
    const holder = new HostSlots(connect(), prefix, 1, { leaseMs: 400 });
    const other = new HostSlots(connect(), prefix, 1, { leaseMs: 400 });
    // Never released; bounded to 800 ms of work.
    expect(await holder.acquire('hung.example', 800)).not.toBeNull();
    expect(await other.acquire('hung.example', 800)).toBeNull();
    const freedAfter = await within(3_000, () => other.acquire('hung.example', 800));
    expect(freedAfter).not.toBeNull();
  });

  it('counts the limit per host: a full host leaves every other host its own slots', async () => {
    const prefix = uniqueRedisPrefix();
    const slots = new HostSlots(connect(), prefix, 2, { leaseMs: 2_000 });
    const busy = [await slots.acquire('slow.example', 5_000), await slots.acquire('slow.example', 5_000)];
    expect(busy.every(Boolean)).toBe(true);
    expect(await slots.acquire('slow.example', 5_000)).toBeNull();
    const elsewhere = await slots.acquire('fast.example', 5_000);
    expect(elsewhere).not.toBeNull();
    for (const slot of [...busy, elsewhere]) await slot!.release();
  });

  it('names the longest-waiting job when a slot is released, so it is woken rather than left to its backoff', async () => {
    const prefix = uniqueRedisPrefix();
    const slots = new HostSlots(connect(), prefix, 1, { leaseMs: 2_000 });
    const slot = await slots.acquire('busy.example', 5_000);
    expect(await slots.acquire('busy.example', 5_000, 'job-a')).toBeNull();
    expect(await slots.acquire('busy.example', 5_000, 'job-b')).toBeNull();
    // job-a asks again and is still first in line.
    expect(await slots.acquire('busy.example', 5_000, 'job-a')).toBeNull();
    expect(await slot!.release()).toBe('job-a');
    const next = await slots.acquire('busy.example', 5_000, 'job-a');
    expect(next).not.toBeNull();
    expect(await next!.release()).toBe('job-b');
    expect(await (await slots.acquire('busy.example', 5_000, 'job-b'))!.release()).toBeNull();
  });
});
