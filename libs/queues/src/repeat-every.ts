import { DependencyBackoff, type BackoffLog, type BackoffTiming } from './dependency-backoff';

/**
 * Runs `pass` now and then every `everyMs` after each pass ends, until `stop` (which waits for the
 * pass under way). A pass that throws (Redis refusing writes, PostgreSQL refusing connections)
 * waits longer each time, with jitter, and is logged once when it starts failing and once when it
 * passes again, with the count (DependencyBackoff): never a line a second while a dependency is sick.
 */
export function repeatEvery(
  loop: string,
  everyMs: number,
  pass: () => Promise<unknown>,
  log: BackoffLog,
  backoff: BackoffTiming = {},
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const health = new DependencyBackoff(loop, log, backoff);
  const once = (): Promise<number> =>
    pass().then(
      () => {
        health.succeeded();
        return everyMs;
      },
      (error: unknown) => Math.max(everyMs, health.failed(error)),
    );
  let running = once();
  const next = (waitMs: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = once();
      void running.then(next);
    }, waitMs);
  };
  void running.then(next);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
