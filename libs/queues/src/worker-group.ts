import { UnrecoverableError, Worker, type Job } from 'bullmq';
import Redis from 'ioredis';
import { QUEUES, type PayloadOf, type QueueKey } from './queues';

/** What workers report; pino in the worker process, silent in tests. */
export interface WorkerLog {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
  /** Each attempt's outcome and duration, for metrics. */
  jobFinished?(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
}

export const QUIET_LOG: WorkerLog = { info: () => undefined, warn: () => undefined };

/** `token` is the job's lock token, for moving the job (moveToDelayed) from inside its processor. */
export type Processor<K extends QueueKey> = (payload: PayloadOf<K>, job: Job, token?: string) => Promise<unknown>;

/**
 * The BullMQ workers of one capability, started and closed together. Every payload is validated
 * against its queue contract first; an invalid one fails at once, unretried.
 */
export class WorkerGroup {
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly log: WorkerLog = QUIET_LOG,
  ) {}

  start<K extends QueueKey>(key: K, concurrency: number, processor: Processor<K>): void {
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
        return processor(payload.data as PayloadOf<K>, job, token);
      },
      { connection, prefix: this.prefix, concurrency },
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
    });
    worker.on('error', (error) => this.log.warn({ queue: contract.name, err: error.message }, 'worker error'));
    this.workers.push(worker);
  }

  async ready(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  /** Lets active jobs finish, then closes the workers' connections. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }
}
