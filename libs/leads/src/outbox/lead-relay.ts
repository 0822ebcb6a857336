import type { JobsOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import {
  leadDeliveryJobId,
  repeatEvery,
  QUIET_LOG,
  withTimeout,
  type BackoffTiming,
  type QueueProducer,
  type WorkerLog,
} from '@platform/queues';

/**
 * A queued row is looked at for a lost job once it has been untouched this long. Short, since a row
 * says 'queued' only after its job was added (in the relay's transaction), and the job of a
 * delivery not yet delivered or dead stays in Redis (dead jobs are kept; a row is marked delivered
 * before its job completes): a queued row whose job is missing was lost with Redis's data. Queuing
 * one again that was in fact delivered meanwhile is harmless: a delivered row is never sent again.
 */
export const LOST_JOB_AFTER_MS = 5_000;
/** How often the relay looks for queued deliveries whose jobs Redis lost. */
export const LOST_JOB_CHECK_EVERY_MS = 5_000;

export interface LeadRelayOptions {
  /** Attempts and backoff of delivery jobs (the contract's defaults unless set). */
  jobOptions?: Pick<JobsOptions, 'attempts' | 'backoff'>;
  batchSize?: number;
  /** A queued row untouched this long whose job is gone (Redis lost its data) is queued again. */
  lostAfterMs?: number;
  /** Rows read per page when looking for lost jobs. */
  lostCheckPageSize?: number;
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
    const pass = await this.dataSource.transaction(async (manager) => {
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
      return { queued: queued.length, pending: rows.length - queued.length, failure };
    });
    // What was queued is committed; the rest stays pending, and the relay's loop backs off and logs
    // this once for as long as the queue refuses (not once a pass).
    if (pass.failure)
      throw new Error(
        `queue unreachable, ${pass.pending} deliveries wait in the outbox (${pass.queued} queued): ${pass.failure.message}`,
      );
    return pass.queued;
  }

  /**
   * Queues again the queued rows whose job no longer exists (a Redis that restarted empty, or failed
   * over to a replica that had not seen the job). Every queued row untouched for LOST_JOB_AFTER_MS is
   * looked at, page by page, with one pipelined EXISTS per page, so rows whose jobs are alive
   * (waiting out a failing CRM's retries) neither hide lost ones behind them nor cost a call each.
   */
  async requeueLost(): Promise<number> {
    const timeoutMs = this.options.enqueueTimeoutMs ?? 2000;
    const pageSize = this.options.lostCheckPageSize ?? 500;
    const lostAfterSeconds = (this.options.lostAfterMs ?? LOST_JOB_AFTER_MS) / 1000;
    let after = '00000000-0000-0000-0000-000000000000';
    let requeued = 0;
    for (;;) {
      const rows = (await this.dataSource.query(
        `SELECT id FROM lead_outbox WHERE status = 'queued' AND updated_at < now() - make_interval(secs => $1) AND id > $2
         ORDER BY id LIMIT $3`,
        [lostAfterSeconds, after, pageSize],
      )) as { id: string }[];
      if (rows.length === 0) break;
      const alive = await withTimeout(
        this.producer.jobsExist(
          'leadDelivery',
          rows.map(({ id }) => leadDeliveryJobId(id)),
        ),
        timeoutMs,
        'reading lead delivery jobs',
      );
      for (const [index, { id }] of rows.entries()) {
        if (alive[index]) continue;
        await this.enqueue(id);
        await this.dataSource.query(
          `UPDATE lead_outbox SET queued_at = now(), updated_at = now() WHERE id = $1 AND status = 'queued'`,
          [id],
        );
        requeued += 1;
      }
      after = rows[rows.length - 1]!.id;
      if (rows.length < pageSize) break;
    }
    if (requeued > 0) this.log.warn({ requeued }, 'lead relay: re-queued deliveries whose jobs were lost');
    return requeued;
  }
}

/**
 * Runs the relay every intervalMs (and the lost-job check every lostCheckEveryMs) until the returned
 * stop is called; a failing pass backs off and is logged once each way (repeatEvery).
 */
export function startLeadRelay(
  relay: LeadRelay,
  {
    intervalMs = 1000,
    lostCheckEveryMs = LOST_JOB_CHECK_EVERY_MS,
    log = QUIET_LOG,
    backoff = {},
  }: { intervalMs?: number; lostCheckEveryMs?: number; log?: WorkerLog; backoff?: BackoffTiming } = {},
): () => Promise<void> {
  let stopped = false;
  let lastLostCheck = Date.now();
  const stop = repeatEvery(
    'lead-relay',
    intervalMs,
    async () => {
      while (!stopped && (await relay.relayPending()) > 0) {
        // A full batch may mean more are waiting: keep going until the outbox is drained.
      }
      if (!stopped && Date.now() - lastLostCheck >= lostCheckEveryMs) {
        lastLostCheck = Date.now();
        await relay.requeueLost();
      }
    },
    log,
    backoff,
  );
  return async () => {
    stopped = true;
    await stop();
  };
}
