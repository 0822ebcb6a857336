import { startLeadRelay, type LeadRelay } from './lead-relay';

describe('startLeadRelay against a sick Redis', () => {
  it('backs off while passes fail, logs the failure once and the recovery once with the count, then relays again', async () => {
    let sick = true;
    let passes = 0;
    let relayed = 0;
    const relay = {
      relayPending: async () => {
        passes += 1;
        if (sick) throw new Error("OOM command not allowed when used memory > 'maxmemory'");
        relayed += 1;
        return 0;
      },
      requeueLost: async () => 0,
    } as unknown as LeadRelay;
    const lines: string[] = [];
    const log = {
      info: (_: object, message: string) => lines.push(message),
      warn: (_: object, message: string) => lines.push(message),
    };
    const stop = startLeadRelay(relay, { intervalMs: 20, log, backoff: { baseMs: 20, maxMs: 400 } });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // At a fixed 20 ms a pass would have run about 100 times; backing off to 400 ms, about a dozen.
    expect(passes).toBeLessThanOrEqual(15);
    expect(lines).toEqual(['dependency failing; backing off until it answers again']);
    sick = false;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(relayed).toBeGreaterThan(0);
    expect(lines).toEqual([
      'dependency failing; backing off until it answers again',
      'dependency answering again; resumed',
    ]);
    await stop();
  });
});
