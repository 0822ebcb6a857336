import { Queue, type JobsOptions } from 'bullmq';
import type Redis from 'ioredis';
import { QUEUES, type PayloadOf, type QueueKey } from './queues';

/**
 * Adds validated jobs to the platform's queues. One BullMQ Queue per name, created on first use,
 * sharing the caller's Redis connection (prefix = REDIS_PREFIX so installs and test runs never mix).
 */
export class QueueProducer {
  private readonly queues = new Map<QueueKey, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
  ) {}

  queue(key: QueueKey): Queue {
    let queue = this.queues.get(key);
    if (!queue) {
      const contract = QUEUES[key];
      queue = new Queue(contract.name, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: contract.defaultJobOptions,
      });
      // A lost connection already fails the commands that need it (and their callers decide what to
      // do); the queue's own copy of the error would otherwise be printed once per reconnect attempt.
      queue.on('error', () => undefined);
      this.queues.set(key, queue);
    }
    return queue;
  }

  /** Validates the payload against the queue's schema, then adds the job; returns its id. */
  async add<K extends QueueKey>(key: K, payload: PayloadOf<K>, options: JobsOptions = {}): Promise<string> {
    const data = QUEUES[key].payload.parse(payload);
    const job = await this.queue(key).add(QUEUES[key].name, data, options);
    if (!job.id) throw new Error(`Queue ${QUEUES[key].name} returned a job without an id`);
    return job.id;
  }

  /**
   * Which of these jobs Redis still holds, in one round trip (a pipelined EXISTS on each job's key):
   * false for a job gone with Redis's data. Cheap enough to check thousands of outbox rows.
   */
  async jobsExist(key: QueueKey, jobIds: readonly string[]): Promise<boolean[]> {
    if (jobIds.length === 0) return [];
    const queue = this.queue(key);
    const pipeline = this.connection.pipeline();
    for (const id of jobIds) pipeline.exists(queue.toKey(id));
    const answers = (await pipeline.exec()) ?? [];
    return jobIds.map((id, index) => {
      const [error, value] = answers[index] ?? [new Error(`no answer for job ${id}`), 0];
      if (error) throw error;
      return value === 1;
    });
  }

  all(): Queue[] {
    return (Object.keys(QUEUES) as QueueKey[]).map((key) => this.queue(key));
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
