import type { JobsOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import { leadDeliveryJobId, QUIET_LOG, withTimeout, type QueueProducer, type WorkerLog } from '@platform/queues';

export interface LeadRelayOptions {
  /** Attempts and backoff of delivery jobs (the contract's defaults unless set). */
  jobOptions?: Pick<JobsOptions, 'attempts' | 'backoff'>;
  batchSize?: number;
  /** A queued row older than this whose job is gone (Redis lost its data) is queued again. */
  lostAfterMs?: number;
  /** Longest wait for one enqueue before the pass gives up (Redis unreachable). */
  enqueueTimeoutMs?: number;
  log?: WorkerLog;
}

/**
 * Moves lead deliveries from the PostgreSQL outbox to the lead-delivery queue. The API only writes
 * rows, so a submission never waits on Redis and is never lost to it: when Redis is down the rows
 * wait, and the next pass after it returns queues them. Job ids are the delivery ids, so a row
 * queued twice still makes one job.
 */
export class LeadRelay {
  private readonly log: WorkerLog;

  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: QueueProducer,
    private readonly options: LeadRelayOptions = {},
  ) {
    this.log = options.log ?? QUIET_LOG;
  }

  private enqueue(deliveryId: string): Promise<string> {
    return withTimeout(
      this.producer.add(
        'leadDelivery',
        { deliveryId },
        { jobId: leadDeliveryJobId(deliveryId), ...this.options.jobOptions },
      ),
      this.options.enqueueTimeoutMs ?? 2000,
      'queueing a lead delivery',
    );
  }

  /** One pass: queues pending rows, oldest first; returns how many were queued. Throws when the queue is unreachable. */
  async relayPending(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      // SKIP LOCKED: several workers may relay at once without queuing a row twice or waiting on each other.
      const rows = (await manager.query(
        `SELECT id FROM lead_outbox WHERE status = 'pending' ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize ?? 100],
      )) as { id: string }[];
      const queued: string[] = [];
      let failure: Error | null = null;
      for (const { id } of rows) {
        try {
          await this.enqueue(id);
          queued.push(id);
        } catch (error) {
          failure = error as Error;
          break;
        }
      }
      if (queued.length > 0) {
        await manager.query(
          `UPDATE lead_outbox SET status = 'queued', queued_at = now(), updated_at = now() WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
          [queued],
        );
      }
      if (failure) {
        // Commit what was queued; the rest stays pending for the next pass.
        this.log.warn(
          { queued: queued.length, pending: rows.length - queued.length, err: failure.message },
          'lead relay: queue unreachable, deliveries wait in the outbox',
        );
      }
      return queued.length;
    });
  }

  /** Queues again the queued rows whose job no longer exists (a Redis that lost its data). */
  async requeueLost(): Promise<number> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM lead_outbox WHERE status = 'queued' AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`,
      [(this.options.lostAfterMs ?? 10 * 60_000) / 1000, this.options.batchSize ?? 100],
    )) as { id: string }[];
    const queue = this.producer.queue('leadDelivery');
    let requeued = 0;
    for (const { id } of rows) {
      const job = await withTimeout(
        queue.getJob(leadDeliveryJobId(id)),
        this.options.enqueueTimeoutMs ?? 2000,
        'reading a lead delivery job',
      );
      if (job) continue;
      await this.enqueue(id);
      await this.dataSource.query(
        `UPDATE lead_outbox SET queued_at = now(), updated_at = now() WHERE id = $1 AND status = 'queued'`,
        [id],
      );
      requeued += 1;
    }
    if (requeued > 0) this.log.warn({ requeued }, 'lead relay: re-queued deliveries whose jobs were lost');
    return requeued;
  }
}

/** Runs the relay every intervalMs (and the lost-job check every minute) until the returned stop is called. */
export function startLeadRelay(
  relay: LeadRelay,
  { intervalMs = 1000, log = QUIET_LOG }: { intervalMs?: number; log?: WorkerLog } = {},
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let lastLostCheck = Date.now();
  const tick = async (): Promise<void> => {
    try {
      while (!stopped && (await relay.relayPending()) > 0) {
        // A full batch may mean more are waiting: keep going until the outbox is drained.
      }
      if (!stopped && Date.now() - lastLostCheck > 60_000) {
        lastLostCheck = Date.now();
        await relay.requeueLost();
      }
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'lead relay pass failed; retrying');
    }
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
  };
  running = tick().finally(schedule);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
