/** What a loop reports about the dependency it waits on: its log lines, and its state for metrics. */
export interface BackoffLog {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
  /** The loop's state changed: true while it backs off. */
  state?(loop: string, failing: boolean): void;
}

export interface BackoffTiming {
  /** The first wait after a failure. */
  baseMs?: number;
  /** The longest wait, however long the dependency stays sick. */
  maxMs?: number;
}

/**
 * A sick dependency is tried again at most every 8 s: a probe that often costs nothing, and work
 * resumes within seconds of the dependency's recovery (the fault suite allows 20 s).
 */
export const DEFAULT_BACKOFF: Required<BackoffTiming> = { baseMs: 250, maxMs: 8_000 };

/**
 * How long to wait before try number `failures` + 1: exponential from `baseMs`, capped at `maxMs`,
 * with "equal jitter" (half fixed, half random), so many processes that failed together do not
 * all come back at the same instant, and none ever retries at once.
 */
export function backoffDelay(failures: number, timing: BackoffTiming = {}, random: () => number = Math.random): number {
  const { baseMs, maxMs } = { ...DEFAULT_BACKOFF, ...timing };
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  const ceiling = Math.min(maxMs, baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * The health of one dependency (Redis refusing writes when it is out of memory, PostgreSQL
 * refusing connections) as one repeating loop sees it. A failure answers how long to wait before
 * the next try (backoffDelay); the log hears of it once when the loop turns sick, with the first
 * error, and once when it is well again, with how many failures it saw and for how long: never a
 * line per attempt (a worker once wrote 22,668 lines a second against a Redis out of memory).
 */
export class DependencyBackoff {
  /** Failures seen since the loop turned sick, for the log. */
  private failures = 0;
  /** Tries that failed, for the delay: failures noted while already waiting do not lengthen it. */
  private tries = 0;
  private since = 0;

  constructor(
    /** The loop, in the log and the metric: 'workers:lead-delivery', 'lead-relay'. */
    readonly loop: string,
    private readonly log: BackoffLog,
    private readonly timing: BackoffTiming = {},
    private readonly random: () => number = Math.random,
    private readonly now: () => number = Date.now,
  ) {}

  get failing(): boolean {
    return this.failures > 0;
  }

  /** Records a failed try; answers the milliseconds to wait before trying again. */
  failed(error: unknown, context: Record<string, unknown> = {}): number {
    this.note(error, context);
    this.tries += 1;
    return backoffDelay(this.tries, this.timing, this.random);
  }

  /** Counts a failure seen while already waiting (another worker's error on the same Redis). */
  note(error: unknown, context: Record<string, unknown> = {}): void {
    this.failures += 1;
    if (this.failures === 1) {
      this.since = this.now();
      this.log.warn(
        { loop: this.loop, ...context, err: error instanceof Error ? error.message : String(error) },
        'dependency failing; backing off until it answers again',
      );
      this.log.state?.(this.loop, true);
    }
  }

  /** Records a success; the first after failures is logged with their count. */
  succeeded(): void {
    if (this.failures === 0) return;
    this.log.info(
      { loop: this.loop, failures: this.failures, seconds: Math.round((this.now() - this.since) / 100) / 10 },
      'dependency answering again; resumed',
    );
    this.failures = 0;
    this.tries = 0;
    this.log.state?.(this.loop, false);
  }
}
