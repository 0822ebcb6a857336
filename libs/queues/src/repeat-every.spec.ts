import { repeatEvery } from './repeat-every';
import { QUIET_LOG } from './worker-group';

describe('repeatEvery', () => {
  it('runs a pass at once and then after each one ends, never two at a time, and stop waits for the pass under way', async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    const stop = repeatEvery(
      'test-loop',
      5,
      async () => {
        running += 1;
        most = Math.max(most, running);
        passes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
      },
      QUIET_LOG,
    );
    expect(passes).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stop();
    const after = passes;
    expect(running).toBe(0);
    expect(most).toBe(1);
    expect(after).toBeGreaterThan(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(passes).toBe(after);
  });
});
