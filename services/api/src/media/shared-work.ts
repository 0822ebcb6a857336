/**
 * Work keyed by what it makes, run at most `limit` at a time, where a second request for the same
 * key while the first runs waits for that one rather than starting its own: concurrent requests
 * for one photo variant make it once, and a burst of different ones cannot take every core the
 * api has (encoding is CPU-bound and decodes the whole original).
 */
export class SharedWork<T> {
  private readonly running = new Map<string, Promise<T>>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  /** Work started (not joined), for tests and metrics. */
  started = 0;

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('SharedWork needs a limit of at least 1');
  }

  run(key: string, work: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current) return current;
    const promise = this.slot(work).finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }

  private async slot(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    this.started += 1;
    try {
      return await work();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}
