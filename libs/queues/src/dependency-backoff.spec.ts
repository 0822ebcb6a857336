import fc from 'fast-check';
import { backoffDelay, DependencyBackoff, DEFAULT_BACKOFF } from './dependency-backoff';

describe('backoffDelay', () => {
  it('grows from the base to the cap, never waits nothing, and never past the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 600_000 }),
        (failures, random, baseMs, extra) => {
          const maxMs = baseMs + extra;
          const wait = backoffDelay(failures, { baseMs, maxMs }, () => random);
          const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
          expect(wait).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(wait).toBeLessThanOrEqual(Math.ceil(ceiling));
          expect(wait).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('doubles with each failure until the cap', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => backoffDelay(n, {}, () => 1));
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000]);
    expect(DEFAULT_BACKOFF.maxMs).toBe(8_000);
  });
});

describe('DependencyBackoff', () => {
  const recorder = () => {
    const lines: { level: string; data: Record<string, unknown>; message: string }[] = [];
    const states: [string, boolean][] = [];
    return {
      lines,
      states,
      log: {
        info: (data: Record<string, unknown>, message: string) => lines.push({ level: 'info', data, message }),
        warn: (data: Record<string, unknown>, message: string) => lines.push({ level: 'warn', data, message }),
        state: (loop: string, failing: boolean) => states.push([loop, failing]),
      },
    };
  };

  it('logs once when the dependency turns sick and once when it is well, with the count, however many failures between', () => {
    const { lines, states, log } = recorder();
    let now = 1_000;
    const health = new DependencyBackoff(
      'lead-relay',
      log,
      {},
      () => 0.5,
      () => now,
    );
    const waits: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      waits.push(health.failed(new Error('OOM command not allowed')));
      now += 100;
    }
    health.note(new Error('OOM again'));
    expect(health.failing).toBe(true);
    health.succeeded();
    health.succeeded();
    expect(lines).toEqual([
      {
        level: 'warn',
        data: { loop: 'lead-relay', err: 'OOM command not allowed' },
        message: 'dependency failing; backing off until it answers again',
      },
      {
        level: 'info',
        data: { loop: 'lead-relay', failures: 10_001, seconds: 1000 },
        message: 'dependency answering again; resumed',
      },
    ]);
    expect(states).toEqual([
      ['lead-relay', true],
      ['lead-relay', false],
    ]);
    expect(waits[0]).toBe(188);
    expect(Math.max(...waits)).toBeLessThanOrEqual(8_000);
    // Well again, the next failure starts from the base.
    expect(health.failed(new Error('again'))).toBe(188);
  });

  it('counts failures noted while waiting without lengthening the wait', () => {
    const { log } = recorder();
    const health = new DependencyBackoff('workers', log, {}, () => 1);
    expect(health.failed(new Error('x'))).toBe(250);
    for (let i = 0; i < 50; i++) health.note(new Error('y'));
    expect(health.failed(new Error('x'))).toBe(500);
  });
});
