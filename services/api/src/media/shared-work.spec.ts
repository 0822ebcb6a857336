import { SharedWork } from './shared-work';

/** A task that finishes when the test says so, recording how many run at once. */
function gate() {
  let active = 0;
  let most = 0;
  const releases: (() => void)[] = [];
  const task = (value: string) => async () => {
    active += 1;
    most = Math.max(most, active);
    await new Promise<void>((resolve) => releases.push(resolve));
    active -= 1;
    return value;
  };
  const releaseAll = async () => {
    while (releases.length > 0 || active > 0) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { task, releaseAll, most: () => most };
}

describe('SharedWork', () => {
  it('runs at most its limit of different keys at once, and every one in the end', async () => {
    const work = new SharedWork<string>(2);
    const g = gate();
    const results = Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => work.run(key, g.task(key))));
    await new Promise((resolve) => setImmediate(resolve));
    await g.releaseAll();
    expect(await results).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(g.most()).toBe(2);
    expect(work.started).toBe(5);
  });

  it('shares one run among concurrent requests for a key, and runs it again once that one has finished', async () => {
    const work = new SharedWork<string>(1);
    const g = gate();
    const first = Promise.all([
      work.run('k', g.task('one')),
      work.run('k', g.task('two')),
      work.run('k', g.task('three')),
    ]);
    await g.releaseAll();
    expect(await first).toEqual(['one', 'one', 'one']);
    expect(work.started).toBe(1);
    const later = work.run('k', g.task('four'));
    await g.releaseAll();
    expect(await later).toBe('four');
    expect(work.started).toBe(2);
  });

  it('frees the slot and the key when a run fails', async () => {
    const work = new SharedWork<string>(1);
    await expect(work.run('k', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    await expect(work.run('k', () => Promise.resolve('ok'))).resolves.toBe('ok');
    expect(() => new SharedWork(0)).toThrow();
  });
});
