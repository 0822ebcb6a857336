import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import Redis from 'ioredis';
import { DependencyBackoff, type BackoffTiming } from './dependency-backoff';
import { QUEUES, type PayloadOf, type QueueKey } from './queues';

/** What workers report; pino in the worker process, silent in tests. */
export interface WorkerLog {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
  /** Each attempt's outcome and duration, for metrics. */
  jobFinished?(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
  /** A loop began (true) or stopped (false) backing off from a sick dependency, for metrics. */
  state?(loop: string, failing: boolean): void;
}

export const QUIET_LOG: WorkerLog = { info: () => undefined, warn: () => undefined };

/** `token` is the job's lock token, for moving the job (moveToDelayed) from inside its processor. */
export type Processor<K extends QueueKey> = (payload: PayloadOf<K>, job: Job, token?: string) => Promise<unknown>;

/**
 * Called once a job has failed for good: its last attempt threw, its payload was invalid, or it
 * stalled more than MAX_STALLED_COUNT times (its process died while running it, as a poison input
 * would make it). The capability gives its record (a feed run, a delivery) a terminal state here.
 */
export type FinalFailureHandler<K extends QueueKey> = (
  payload: PayloadOf<K>,
  reason: string,
  jobId: string | undefined,
) => Promise<void>;

/**
 * How often a job may stall (its worker process died or froze while running it) and still run
 * again; the next stall fails it. A job whose input kills the process therefore stops after three
 * crashes instead of taking every restart down with it, while two kills in a row (a deploy and an
 * OOM) still finish the job.
 */
export const MAX_STALLED_COUNT = 2;

/** BullMQ's reason for a job failed by the stall limit. */
export const STALLED_OUT_REASON = 'job stalled more than allowable limit';

/**
 * How soon a job whose process died runs again: its lock lapses after `lockDurationMs` (renewed
 * every half of it while the job runs) and stalled jobs are looked for every `stalledIntervalMs`,
 * so a killed worker's job runs again within about lock + interval once a worker is up.
 * `scheduleCheckMs`: how often the group's schedules are checked and put back if Redis lost them.
 */
export interface WorkerTiming {
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  scheduleCheckMs?: number;
  /** The backoff while Redis refuses the workers' commands (see WorkerGroup's onWorkerError). */
  backoff?: BackoffTiming;
}

/**
 * The platform's timing (BullMQ's defaults are 30 s and 30 s, about a minute before a killed
 * worker's job runs again). The trade-off: a job that holds the event loop for longer than the
 * lock is taken for stalled and runs a second time, so processors yield on long loops (the feed
 * check does) and every job is safe to run twice (each is idempotent by design).
 */
export const DEFAULT_WORKER_TIMING: Required<WorkerTiming> = {
  lockDurationMs: 8_000,
  stalledIntervalMs: 4_000,
  scheduleCheckMs: 5_000,
  backoff: {},
};

/** A repeatable job a worker group keeps registered: its id, period and payload. */
interface Schedule<K extends QueueKey = QueueKey> {
  key: K;
  id: string;
  everyMs: number;
  payload: PayloadOf<K>;
}

interface ActiveJob {
  queue: string;
  jobId: string | undefined;
  startedAt: string;
}

// Every job this process is running, across its worker groups, so a crash can say which it was.
const ACTIVE_JOBS = new Map<string, ActiveJob>();

/** The jobs this process is running now: what the worker logs when it dies of an uncaught error. */
export const activeJobs = (): ActiveJob[] => [...ACTIVE_JOBS.values()];

/**
 * The BullMQ workers of one capability, started and closed together. Every payload is validated
 * against its queue contract first; an invalid one fails at once, unretried.
 */
export class WorkerGroup {
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private readonly schedules: Schedule[] = [];
  private readonly timing: Required<WorkerTiming>;
  private scheduleTimer: NodeJS.Timeout | null = null;
  private scheduleQueues = new Map<QueueKey, Queue>();
  private health: DependencyBackoff | null = null;
  /** Set while the workers are paused for a sick Redis: the next write probe. */
  private probeTimer: NodeJS.Timeout | null = null;
  private probeConnection: Redis | null = null;
  private closing = false;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly log: WorkerLog = QUIET_LOG,
    timing: WorkerTiming = {},
  ) {
    this.timing = { ...DEFAULT_WORKER_TIMING, ...timing };
  }

  /** The group's view of Redis, named for its queues in the log and the metric (workers:lead-delivery+...). */
  private get redisHealth(): DependencyBackoff {
    this.health ??= new DependencyBackoff(
      `workers:${this.workers.map((worker) => worker.name).join('+')}`,
      this.log,
      this.timing.backoff,
    );
    return this.health;
  }

  /**
   * A command Redis refused (out of memory under noeviction, read-only, loading). BullMQ waits out
   * a lost connection itself, but answers a refused command by fetching again at once, forever,
   * emitting an error each time: a worker once wrote 22,668 lines a second, and spent a tenth of a
   * core with nothing to do. So the group's workers pause (their running jobs go on), and a write
   * probe, backing off with jitter, resumes them once Redis takes writes again; the log hears of it
   * once each way, with the count.
   */
  private onWorkerError(queue: string, error: Error): void {
    if (this.closing) return;
    if (this.probeTimer) {
      this.redisHealth.note(error, { queue });
      return;
    }
    this.backOff(this.redisHealth.failed(error, { queue }));
  }

  private backOff(waitMs: number): void {
    for (const worker of this.workers) worker.pause(true).catch(() => undefined);
    this.probeTimer = setTimeout(() => void this.probe(), waitMs);
  }

  private async probe(): Promise<void> {
    if (this.closing) return;
    this.probeConnection ??= new Redis(this.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
    try {
      await this.probeConnection.set(`${this.prefix}:worker-probe`, String(Date.now()), 'PX', 60_000);
    } catch (error) {
      this.backOff(this.redisHealth.failed(error));
      return;
    }
    this.probeTimer = null;
    this.redisHealth.succeeded();
    for (const worker of this.workers) worker.resume().catch(() => undefined);
  }

  /**
   * Keeps a repeatable job registered: at `ready()`, whenever the connection to Redis is made again,
   * and every `scheduleCheckMs`, a schedule Redis no longer has (it restarted empty) is put back,
   * so sweeps never vanish until someone restarts the worker, and one with another period (an
   * older release's) is replaced. One as wanted is left alone (its next run keeps its time).
   */
  schedule<K extends QueueKey>(key: K, id: string, everyMs: number, payload: PayloadOf<K>): void {
    this.schedules.push({ key, id, everyMs, payload } as Schedule);
  }

  private async ensureSchedules(): Promise<void> {
    for (const { key, id, everyMs, payload } of this.schedules) {
      const queue = this.scheduleQueues.get(key);
      if (!queue) continue;
      const existing = await queue.getJobScheduler(id);
      // Kept when Redis has it as the code wants it (its next run keeps its time); put back when
      // Redis lost it, and replaced when its period changed in a release.
      if (existing && Number(existing.every) === everyMs) continue;
      await queue.upsertJobScheduler(id, { every: everyMs }, { name: id, data: QUEUES[key].payload.parse(payload) });
      this.log.info({ queue: QUEUES[key].name, scheduler: id, everyMs }, 'job schedule registered');
    }
  }

  private startSchedules(): void {
    if (this.schedules.length === 0) return;
    const connection = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    this.connections.push(connection);
    for (const key of new Set(this.schedules.map((entry) => entry.key))) {
      const queue = new Queue(QUEUES[key].name, {
        connection,
        prefix: this.prefix,
        defaultJobOptions: QUEUES[key].defaultJobOptions,
      });
      queue.on('error', () => undefined);
      this.scheduleQueues.set(key, queue);
    }
    let checking = false;
    const check = (): void => {
      // While the workers back off, the probe says when Redis takes writes again.
      if (checking || this.probeTimer) return;
      checking = true;
      this.ensureSchedules()
        .catch((error: Error) => this.onWorkerError('schedules', error))
        .finally(() => (checking = false));
    };
    connection.on('ready', check);
    this.scheduleTimer = setInterval(check, this.timing.scheduleCheckMs);
  }

  start<K extends QueueKey>(
    key: K,
    concurrency: number,
    processor: Processor<K>,
    onFinalFailure?: FinalFailureHandler<K>,
  ): void {
    const contract = QUEUES[key];
    // BullMQ leaves a connection it was given open, so each worker's own is closed on stop.
    const connection = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    this.connections.push(connection);
    const worker = new Worker(
      contract.name,
      async (job: Job, token?: string) => {
        const payload = contract.payload.safeParse(job.data);
        if (!payload.success)
          throw new UnrecoverableError(`Invalid ${contract.name} payload: ${payload.error.message}`);
        const slot = `${contract.name}:${job.id ?? ''}:${token ?? ''}`;
        ACTIVE_JOBS.set(slot, { queue: contract.name, jobId: job.id, startedAt: new Date().toISOString() });
        try {
          return await processor(payload.data as PayloadOf<K>, job, token);
        } finally {
          ACTIVE_JOBS.delete(slot);
        }
      },
      {
        connection,
        prefix: this.prefix,
        concurrency,
        maxStalledCount: MAX_STALLED_COUNT,
        lockDuration: this.timing.lockDurationMs,
        stalledInterval: this.timing.stalledIntervalMs,
      },
    );
    const seconds = (job: Job | undefined): number =>
      job?.processedOn && job.finishedOn ? (job.finishedOn - job.processedOn) / 1000 : 0;
    worker.on('completed', (job) => this.log.jobFinished?.(contract.name, 'completed', seconds(job)));
    worker.on('failed', (job, error) => {
      this.log.jobFinished?.(contract.name, 'failed', seconds(job));
      this.log.warn(
        { queue: contract.name, jobId: job?.id, attempts: job?.attemptsMade, err: error.message },
        'job failed',
      );
      const final = error.name === 'UnrecoverableError' || (job?.attemptsMade ?? 0) >= (job?.opts.attempts ?? 1);
      const payload = contract.payload.safeParse(job?.data);
      if (!final || !onFinalFailure || !payload.success) return;
      onFinalFailure(payload.data as PayloadOf<K>, error.message, job?.id).catch((failure: Error) =>
        this.log.warn(
          { queue: contract.name, jobId: job?.id, err: failure.message },
          'a failed job could not be recorded as failed; the sweep will catch up',
        ),
      );
    });
    worker.on('error', (error) => this.onWorkerError(contract.name, error));
    this.workers.push(worker);
  }

  /** Waits for the workers' connections and registers the group's schedules. */
  async ready(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
    this.startSchedules();
    await this.ensureSchedules();
  }

  /** Lets active jobs finish, then closes the workers' connections. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.scheduleTimer) clearInterval(this.scheduleTimer);
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeConnection?.disconnect();
    await Promise.all([...this.scheduleQueues.values()].map((queue) => queue.close()));
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }
}
