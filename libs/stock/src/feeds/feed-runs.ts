import type { DataSource, EntityManager } from 'typeorm';
import { FeedRunEntity, type FeedRowError, type FeedRunCounts, type FeedRunStatus } from '@platform/db';
import { storableText } from '@platform/domain';
import { feedJobId, MAX_STALLED_COUNT, type QueueProducer } from '@platform/queues';
import type { FeedContentType } from './feed-format';

/** A run 'running' with no recorded progress for this long is stuck (batches take seconds). */
export const DEFAULT_FEED_RUN_STUCK_AFTER_MS = 10 * 60_000;
/** The sweep resumes a stuck run this many times; the next time it fails it, so no run runs forever. */
export const MAX_SWEEP_RESUMES = 3;

export interface FeedRunSummary {
  feedRunId: string;
  dealership: string;
  mode: FeedRunEntity['mode'];
  status: FeedRunStatus;
  detail: string | null;
  received: number;
  rejected: number;
  rowsApplied: number;
  errorsOmitted: number;
  receivedAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** Running with no progress for longer than the stuck threshold. */
  stuck: boolean;
}

export type ControlRefusal = { refused: 'not_found' } | { refused: 'conflict'; detail: string; title?: string };

export const EMPTY_COUNTS: FeedRunCounts = {
  received: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  sold: 0,
  withdrawn: 0,
  rejected: 0,
};

/** Why a run's ingest job is queued; each occasion has its own job id, so none is dropped as a duplicate. */
export type QueueOccasion = 'received' | 'confirmed' | 'retried' | { resume: number };

/** A queued run untouched this long may have lost its job (Redis was down when it was stored). */
export const STRANDED_AFTER_MS = 60_000;

export interface FeedRunsOptions {
  /** Needed by the methods that queue the run's ingest job. */
  producer?: QueueProducer;
  stuckAfterMs?: number;
}

/**
 * The lifecycle of a feed run, and the only writer of feed_runs: created with its payload, queued,
 * started, its batches' progress, held by the guard, confirmed or rejected by ops, finished,
 * failed, retried, cancelled, swept when stuck. Every transition is one conditional UPDATE (on the
 * status it leaves), so two of them racing (ops cancels while the sweep resumes) leave one answer,
 * never a mix; the ingest's own transitions take its transaction's EntityManager.
 */
export class FeedRuns {
  private readonly stuckAfterMs: number;
  private readonly producer: QueueProducer | undefined;

  constructor(
    private readonly dataSource: DataSource,
    options: FeedRunsOptions = {},
  ) {
    this.stuckAfterMs = options.stuckAfterMs ?? DEFAULT_FEED_RUN_STUCK_AFTER_MS;
    this.producer = options.producer;
  }

  /** A new run, 'queued', written in the caller's transaction beside its payload. */
  async create(
    manager: EntityManager,
    run: {
      id: string;
      dealershipId: number;
      mode: FeedRunEntity['mode'];
      contentType: FeedContentType;
      payloadBytes: number;
    },
  ): Promise<void> {
    await manager.insert(FeedRunEntity, {
      id: run.id,
      dealership_id: run.dealershipId,
      mode: run.mode,
      content_type: run.contentType,
      payload_bytes: run.payloadBytes,
      status: 'queued',
      counts: EMPTY_COUNTS,
    });
  }

  /** Queues the run's ingest job; the one place a feed-ingest job is made. Returns the job id. */
  async enqueue(feedRunId: string, occasion: QueueOccasion): Promise<string> {
    if (!this.producer) throw new Error('FeedRuns needs a queue producer to queue runs');
    const base = feedJobId(feedRunId);
    const jobId =
      occasion === 'received'
        ? base
        : occasion === 'confirmed'
          ? `${base}-confirmed`
          : occasion === 'retried'
            ? `${base}-retry-${Date.now()}`
            : `${base}-resume-${occasion.resume}`;
    return this.producer.add('feedIngest', { feedRunId }, { jobId });
  }

  /**
   * The sweep's part for feed runs: queues runs whose job never reached Redis, resumes runs stuck
   * in 'running' and fails those resumed too often. Returns what it did.
   */
  async sweep(): Promise<{ requeued: number; resumed: number; failed: string[] }> {
    if (!this.producer) throw new Error('FeedRuns needs a queue producer to sweep runs');
    const stranded = (await this.dataSource.query(
      `SELECT id FROM feed_runs WHERE status = 'queued' AND updated_at < $1`,
      [new Date(Date.now() - STRANDED_AFTER_MS).toISOString()],
    )) as { id: string }[];
    let requeued = 0;
    for (const { id } of stranded) {
      // A job that exists after all (queued late, not lost) is left to run.
      if (await this.producer.queue('feedIngest').getJob(feedJobId(id))) continue;
      await this.enqueue(id, 'received');
      requeued += 1;
    }
    const stuck = await this.sweepStuck();
    for (const { id, attempt } of stuck.resume) await this.enqueue(id, { resume: attempt });
    return { requeued, resumed: stuck.resume.length, failed: stuck.failed };
  }

  /** The guard held a snapshot: nothing applied, waiting for ops. */
  async hold(
    run: FeedRunEntity,
    change: { detail: string; received: number; warnings: string[]; warningsOmitted: number },
  ): Promise<void> {
    await this.dataSource.getRepository(FeedRunEntity).update(run.id, {
      status: 'held',
      detail: change.detail,
      counts: { ...run.counts, received: change.received },
      warnings: change.warnings,
      warnings_omitted: change.warningsOmitted,
    });
  }

  /** The ingest starts applying (or, for a held run ops confirmed, resumes). */
  async start(
    run: FeedRunEntity,
    startedAt: Date,
    checked?: { received: number; warnings: string[]; warningsOmitted: number },
  ): Promise<void> {
    await this.dataSource.getRepository(FeedRunEntity).update(run.id, {
      status: 'running',
      started_at: run.started_at ?? startedAt,
      ...(checked
        ? {
            counts: { ...run.counts, received: checked.received },
            warnings: checked.warnings,
            warnings_omitted: checked.warningsOmitted,
          }
        : {}),
    });
  }

  /** One applied batch, in the batch's transaction. */
  async recordBatch(
    manager: EntityManager,
    feedRunId: string,
    progress: { rowsApplied: number; counts: FeedRunCounts; errors: FeedRowError[]; errorsOmitted: number },
  ): Promise<void> {
    await manager.query(
      `UPDATE feed_runs SET rows_applied = $2, counts = $3, errors = $4, errors_omitted = $5, updated_at = now() WHERE id = $1`,
      [
        feedRunId,
        progress.rowsApplied,
        JSON.stringify(progress.counts),
        JSON.stringify(progress.errors),
        progress.errorsOmitted,
      ],
    );
  }

  /** Every row applied and missing cars removed: succeeded, or partial when rows were rejected. */
  async finish(
    manager: EntityManager,
    feedRunId: string,
    result: { status: 'succeeded' | 'partial'; counts: FeedRunCounts; warnings: string[]; warningsOmitted: number },
  ): Promise<void> {
    await manager.query(
      `UPDATE feed_runs SET status = $2, counts = $3, warnings = $4, warnings_omitted = $6, finished_at = now(), updated_at = now(),
         detail = CASE WHEN $2 = 'partial' THEN $5 ELSE detail END WHERE id = $1`,
      [
        feedRunId,
        result.status,
        JSON.stringify(result.counts),
        JSON.stringify(result.warnings),
        `${result.counts.rejected} of ${result.counts.received} rows were rejected; see errors.`,
        result.warningsOmitted,
      ],
    );
  }

  /** The ingest refused the run as a whole (unreadable, every row rejected, its dealership gone). */
  async fail(
    run: FeedRunEntity,
    failure: {
      detail: string;
      counts: FeedRunCounts;
      errors: FeedRowError[];
      errorsOmitted: number;
      warnings: string[];
      warningsOmitted: number;
      at: Date;
    },
  ): Promise<void> {
    await this.dataSource.getRepository(FeedRunEntity).update(run.id, {
      status: 'failed',
      detail: storableText(failure.detail),
      counts: failure.counts,
      errors: failure.errors,
      errors_omitted: failure.errorsOmitted,
      warnings: failure.warnings,
      warnings_omitted: failure.warningsOmitted,
      finished_at: failure.at,
    });
  }

  /**
   * Ops: apply a held snapshot despite the guard, then queue it. Refused when the run is not held,
   * or when a later run of the dealership has been applied: runs apply in the order received, and
   * an older snapshot confirmed after a newer one would bring back stock the dealer has changed.
   */
  async confirm(feedRunId: string): Promise<{ ok: true; jobId: string } | ControlRefusal> {
    const run = await this.find(feedRunId);
    if (!run) return { refused: 'not_found' };
    if (run.status !== 'held') return notHeld(run.status);
    const [later] = (await this.dataSource.query(
      `SELECT id FROM feed_runs WHERE dealership_id = $1 AND received_at > $2 AND status IN ('succeeded', 'partial') LIMIT 1`,
      [run.dealership_id, run.received_at.toISOString()],
    )) as { id: string }[];
    if (later) {
      return {
        refused: 'conflict',
        title: 'A later feed run has been applied',
        detail: `Run ${later.id}, received after this one, is already applied; confirming this older snapshot would undo it. Reject this run instead.`,
      };
    }
    const [, changed] = (await this.dataSource.query(
      `UPDATE feed_runs SET status = 'queued', confirmed_at = now(), updated_at = now() WHERE id = $1 AND status = 'held'`,
      [feedRunId],
    )) as [unknown, number];
    if (changed !== 1)
      return { refused: 'conflict', detail: 'The run changed while it was being confirmed; look at it again.' };
    // A new job id: the run's first job completed when the run was held.
    return { ok: true, jobId: await this.enqueue(feedRunId, 'confirmed') };
  }

  /** Ops: discard a held snapshot; nothing is applied. */
  async reject(feedRunId: string): Promise<{ ok: true } | ControlRefusal> {
    const run = await this.find(feedRunId);
    if (!run) return { refused: 'not_found' };
    if (run.status !== 'held') return notHeld(run.status);
    await this.dataSource.query(
      `UPDATE feed_runs SET status = 'failed', finished_at = now(), updated_at = now(),
         detail = 'Rejected by ops: the held snapshot was discarded and nothing was applied.'
       WHERE id = $1 AND status = 'held'`,
      [feedRunId],
    );
    return { ok: true };
  }

  /** The job ran out of attempts: the run fails with the reason, so it never stays 'running'. */
  async failAfterLastAttempt(feedRunId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE feed_runs SET status = 'failed', detail = $2, finished_at = now(), updated_at = now() WHERE id = $1 AND status IN ('queued', 'running')`,
      [feedRunId, storableText(`Failed after its last attempt: ${reason}`).slice(0, 2000)],
    );
  }

  /**
   * The run's job stalled out: the worker process stopped while applying it more often than a job
   * may (a crash each time, as an input that kills the process causes, or kills). It fails so the
   * dealership's later runs go on; committed batches stay applied, and ops can retry it.
   */
  async failStalledOut(feedRunId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE feed_runs SET status = 'failed', finished_at = now(), updated_at = now(), detail = $2
       WHERE id = $1 AND status IN ('queued', 'running')`,
      [
        feedRunId,
        `Failed: the worker stopped ${MAX_STALLED_COUNT + 1} times while applying this run (it crashed or was killed), so the run was stopped to let the dealership's later runs go on. Rows already applied stay applied; ops can retry it.`,
      ],
    );
  }

  /**
   * Runs stuck in 'running': each is resumed (the caller queues it again; applied batches are not
   * applied twice) until it has been resumed MAX_SWEEP_RESUMES times, then failed.
   */
  async sweepStuck(): Promise<{ resume: { id: string; attempt: number }[]; failed: string[] }> {
    const cutoff = new Date(Date.now() - this.stuckAfterMs).toISOString();
    const failed = (await this.dataSource.query(
      `UPDATE feed_runs SET status = 'failed', finished_at = now(), updated_at = now(),
         detail = 'Failed: it made no progress for ' || $3 || ' minutes after being resumed ' || $2 || ' times.'
       WHERE status = 'running' AND updated_at < $1 AND sweep_resumes >= $2 RETURNING id`,
      [cutoff, MAX_SWEEP_RESUMES, Math.round(this.stuckAfterMs / 60_000)],
    )) as [{ id: string }[], number];
    const resumed = (await this.dataSource.query(
      `UPDATE feed_runs SET sweep_resumes = sweep_resumes + 1, updated_at = now()
       WHERE status = 'running' AND updated_at < $1 AND sweep_resumes < $2 RETURNING id, sweep_resumes`,
      [cutoff, MAX_SWEEP_RESUMES],
    )) as [{ id: string; sweep_resumes: number }[], number];
    return {
      resume: resumed[0].map((row) => ({ id: row.id, attempt: row.sweep_resumes })),
      failed: failed[0].map((row) => row.id),
    };
  }

  /** Ops: run a failed or stuck run again from where it stopped. The caller queues it. */
  async retry(feedRunId: string): Promise<{ ok: true } | ControlRefusal> {
    const run = await this.find(feedRunId);
    if (!run) return { refused: 'not_found' };
    const stuck = this.isStuck(run);
    if (run.status !== 'failed' && !stuck) {
      return {
        refused: 'conflict',
        detail: `Only a failed or stuck run can be retried; this one is '${run.status}'${run.status === 'running' ? ' and still making progress' : ''}.`,
      };
    }
    const [{ n }] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM feed_payloads WHERE feed_run_id = $1`,
      [feedRunId],
    )) as [{ n: number }];
    if (n === 0)
      return {
        refused: 'conflict',
        detail: 'The stored payload of this run has been purged; ask the dealer to push the feed again.',
      };
    const [, changed] = (await this.dataSource.query(
      `UPDATE feed_runs SET status = CASE WHEN status = 'failed' THEN 'queued' ELSE status END, detail = NULL, finished_at = NULL, sweep_resumes = 0, updated_at = now()
       WHERE id = $1 AND status = $2`,
      [feedRunId, run.status],
    )) as [unknown, number];
    return changed === 1
      ? { ok: true }
      : { refused: 'conflict', detail: 'The run changed while it was being retried; look at it again.' };
  }

  /** Ops: stop a run that has not finished. Batches already applied stay applied. */
  async cancel(feedRunId: string): Promise<{ ok: true } | ControlRefusal> {
    const run = await this.find(feedRunId);
    if (!run) return { refused: 'not_found' };
    const [, changed] = (await this.dataSource.query(
      `UPDATE feed_runs SET status = 'cancelled', finished_at = now(), updated_at = now(),
         detail = 'Cancelled by ops' || CASE WHEN rows_applied > 0 THEN ' after ' || rows_applied || ' rows were applied; those stay applied.' ELSE '; nothing was applied.' END
       WHERE id = $1 AND status IN ('queued', 'running', 'held')`,
      [feedRunId],
    )) as [unknown, number];
    if (changed === 1) return { ok: true };
    return {
      refused: 'conflict',
      detail: `Only a queued, running or held run can be cancelled; this one is '${run.status}'.`,
    };
  }

  async list(filter: { status?: FeedRunStatus; dealership?: string; limit: number }): Promise<FeedRunSummary[]> {
    const rows = (await this.dataSource.query(
      `SELECT r.id, d.slug AS dealership, r.mode, r.status, r.detail, r.counts, r.rows_applied, r.errors_omitted, r.received_at, r.updated_at, r.finished_at
       FROM feed_runs r JOIN dealerships d ON d.id = r.dealership_id
       WHERE ($1::text IS NULL OR r.status = $1) AND ($2::text IS NULL OR d.slug = $2)
       ORDER BY r.received_at DESC, r.id LIMIT $3`,
      [filter.status ?? null, filter.dealership ?? null, filter.limit],
    )) as {
      id: string;
      dealership: string;
      mode: FeedRunEntity['mode'];
      status: FeedRunStatus;
      detail: string | null;
      counts: FeedRunEntity['counts'];
      rows_applied: number;
      errors_omitted: number;
      received_at: Date;
      updated_at: Date;
      finished_at: Date | null;
    }[];
    return rows.map((row) => ({
      feedRunId: row.id,
      dealership: row.dealership,
      mode: row.mode,
      status: row.status,
      detail: row.detail,
      received: row.counts.received,
      rejected: row.counts.rejected,
      rowsApplied: row.rows_applied,
      errorsOmitted: row.errors_omitted,
      receivedAt: row.received_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
      stuck: this.isStuck({ status: row.status, updated_at: row.updated_at }),
    }));
  }

  private isStuck(run: Pick<FeedRunEntity, 'status' | 'updated_at'>): boolean {
    return run.status === 'running' && Date.now() - run.updated_at.getTime() > this.stuckAfterMs;
  }

  /** The run, or null for an id that is not a run's (never a database error for a malformed one). */
  private async find(feedRunId: string): Promise<FeedRunEntity | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(feedRunId)) return null;
    return this.dataSource.getRepository(FeedRunEntity).findOne({ where: { id: feedRunId } });
  }
}

function notHeld(status: FeedRunStatus): ControlRefusal {
  return {
    refused: 'conflict',
    title: 'Feed run not held',
    detail: `Only a held run can be confirmed or rejected; this one is '${status}'.`,
  };
}
