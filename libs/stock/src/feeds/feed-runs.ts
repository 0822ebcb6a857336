import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { FeedRunEntity, type FeedRowError, type FeedRunCounts, type FeedRunStatus } from '@platform/db';
import { storableText } from '@platform/domain';
import { feedJobId, MAX_STALLED_COUNT, type QueueProducer } from '@platform/queues';
import type { FeedContentType } from './feed-format';

/** A run 'running' with no recorded progress for this long is stuck (a batch takes about a second). */
export const DEFAULT_FEED_RUN_STUCK_AFTER_MS = 60_000;
/**
 * The sweep queues a run again this many times (its job ended, vanished or stopped making
 * progress); the next time it fails it, so no run waits forever and the dealership's later runs go on.
 */
export const MAX_SWEEP_RESUMES = 3;
/**
 * A queued or running run the sweep looks at: untouched this long, so a run whose push is still
 * queuing its job is left alone. Short, since the sweep only acts when the job is not alive.
 */
export const SWEEP_GRACE_MS = 10_000;
/**
 * What the sweep and the ops list read of a run `r` to judge whether it is stuck: how long since it
 * last moved, by the database's clock, and whether an earlier run of its dealership is unfinished.
 */
const RUN_PROGRESS_COLUMNS = `(EXTRACT(EPOCH FROM now() - r.updated_at) * 1000)::float8 AS idle_ms,
  EXISTS (SELECT 1 FROM feed_runs e WHERE e.dealership_id = r.dealership_id AND e.status IN ('queued', 'running')
          AND (e.received_at, e.id) < (r.received_at, r.id)) AS behind`;
/** BullMQ states of a job that will still run (or is running). */
const LIVE_JOB_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

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
  /** Unfinished and not moving: no progress past the stuck threshold, or no job alive to run it. */
  stuck: boolean;
  /** Why it is stuck, and what the sweep does about it; null when it is not. */
  stuckReason: string | null;
}

/** The most stock numbers a held run keeps of the cars it would withdraw. */
export const HELD_WITHDRAWALS_MAX = 1000;

/** A partial run's detail: how many of its rows were rejected (the errors say which and why). */
export const partialRunDetail = (counts: Pick<FeedRunCounts, 'received' | 'rejected'>): string =>
  `${counts.rejected} of ${counts.received} rows were rejected; see errors.`;

/** A snapshot the mass-removal guard held: what it would remove, against what the dealership allows. */
export function heldSnapshotDetail(
  feedRunId: string,
  { removing, live, share }: { removing: number; live: number; share: number },
): string {
  const percent = (value: number): string => `${Math.round(value * 1000) / 10}%`;
  return `Held: this snapshot would remove ${removing} of ${live} live cars (${percent(removing / live)}), more than the ${percent(share)} allowed. Nothing was applied: an owner of the dealership (in the dealer console) or ops (POST /api/ops/feeds/runs/${feedRunId}/confirm) can confirm it or reject it.`;
}

/**
 * How a rejected held run's detail begins (reject writes it, with the status 'failed'): the console
 * tells a rejected snapshot from a run that failed by it.
 */
export const REJECTED_RUN_DETAIL_PREFIX = 'Rejected by ';

/** Who confirms or rejects a held run, in its detail: ops, or the dealership's owner from the console. */
export type RunActor = { by: 'ops' } | { by: 'dealer'; name: string };

/** Runs in the transaction of a control action (the dealer console's audit record). */
export type WithinRunChange = (manager: EntityManager) => Promise<void>;

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

  /**
   * Queues the run's ingest job; the one place a feed-ingest job is made. Returns the job id, which
   * the run keeps (written first, so a run never points at an older job than its newest) so the
   * sweep can tell whether its job is alive and a stale job's failure never fails the run. Every
   * occasion but the first has an id never used before: BullMQ keeps ended jobs for days and
   * silently ignores a new job under an id it still holds.
   */
  async enqueue(feedRunId: string, occasion: QueueOccasion): Promise<string> {
    if (!this.producer) throw new Error('FeedRuns needs a queue producer to queue runs');
    const base = feedJobId(feedRunId);
    const once = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const jobId =
      occasion === 'received'
        ? base
        : occasion === 'confirmed'
          ? `${base}-confirmed`
          : occasion === 'retried'
            ? `${base}-retry-${once}`
            : `${base}-resume-${occasion.resume}-${once}`;
    await this.dataSource.query(`UPDATE feed_runs SET job_id = $2 WHERE id = $1`, [feedRunId, jobId]);
    return this.producer.add('feedIngest', { feedRunId }, { jobId });
  }

  /** The BullMQ state of the run's job ('unknown' when Redis has no such job). */
  private async jobState(run: { id: string; job_id: string | null }): Promise<string> {
    if (!this.producer) throw new Error('FeedRuns needs a queue producer to look at jobs');
    return this.producer.queue('feedIngest').getJobState(run.job_id ?? feedJobId(run.id));
  }

  /**
   * Why an unfinished run is not moving, or null. Its job is not alive (failed, finished, or gone
   * with Redis); or it has made no progress past the stuck threshold, whatever its job is doing
   * (at work but hung, or waiting without end on a lock another job holds), unless it is queued
   * behind an earlier run of its dealership, which is that run's to finish. `idleMs` is measured by
   * the database's clock.
   */
  private async stall(run: {
    id: string;
    status: FeedRunStatus;
    job_id: string | null;
    idle_ms: number;
    behind: boolean;
  }): Promise<string | null> {
    if (run.status !== 'queued' && run.status !== 'running') return null;
    if (run.idle_ms < SWEEP_GRACE_MS) return null;
    const state = await this.jobState(run);
    if (!LIVE_JOB_STATES.has(state))
      return state === 'unknown'
        ? 'its job is missing (Redis lost it or was unreachable when the run was stored)'
        : `its job is ${state}`;
    if (run.idle_ms > this.stuckAfterMs && !run.behind)
      return `no progress for ${Math.round(run.idle_ms / 1000)} s while its job is ${state}`;
    return null;
  }

  /**
   * The sweep's part for feed runs (every few seconds): every unfinished run whose job is not alive,
   * or that has stopped making progress, is queued again under a new job id (its committed batches
   * are not applied twice), until it has been queued again MAX_SWEEP_RESUMES times; the next time it
   * fails with the reason. So a run never waits on a dead job, and the dealership's later runs go on.
   */
  async sweep(): Promise<{ requeued: number; resumed: number; failed: string[] }> {
    if (!this.producer) throw new Error('FeedRuns needs a queue producer to sweep runs');
    const unfinished = (await this.dataSource.query(
      `SELECT r.id, r.status, r.job_id, r.sweep_resumes, ${RUN_PROGRESS_COLUMNS} FROM feed_runs r
       WHERE r.status IN ('queued', 'running') AND r.updated_at < now() - make_interval(secs => $1)
       ORDER BY r.received_at, r.id`,
      [SWEEP_GRACE_MS / 1000],
    )) as {
      id: string;
      status: FeedRunStatus;
      job_id: string | null;
      sweep_resumes: number;
      idle_ms: number;
      behind: boolean;
    }[];
    let requeued = 0;
    let resumed = 0;
    const failed: string[] = [];
    for (const run of unfinished) {
      const why = await this.stall(run);
      if (!why) continue;
      if (run.sweep_resumes >= MAX_SWEEP_RESUMES) {
        const [, changed] = (await this.dataSource.query(
          `UPDATE feed_runs SET status = 'failed', finished_at = now(), updated_at = now(), detail = $3
           WHERE id = $1 AND status = $2 AND sweep_resumes = $4`,
          [
            run.id,
            run.status,
            `Failed: it stopped again after being queued ${MAX_SWEEP_RESUMES} more times (${why}), so it was ended to let the dealership's later runs go on. Rows already applied stay applied; ops can retry it.`,
            run.sweep_resumes,
          ],
        )) as [unknown, number];
        if (changed === 1) failed.push(run.id);
        continue;
      }
      const [, changed] = (await this.dataSource.query(
        `UPDATE feed_runs SET sweep_resumes = sweep_resumes + 1, updated_at = now()
         WHERE id = $1 AND status = $2 AND sweep_resumes = $3`,
        [run.id, run.status, run.sweep_resumes],
      )) as [unknown, number];
      if (changed !== 1) continue;
      try {
        await this.enqueue(run.id, { resume: run.sweep_resumes + 1 });
      } catch (error) {
        // Redis refused the job: this time does not count, and the next sweep tries again.
        await this.dataSource.query(`UPDATE feed_runs SET sweep_resumes = sweep_resumes - 1 WHERE id = $1`, [run.id]);
        throw error;
      }
      if (run.status === 'queued') requeued += 1;
      else resumed += 1;
    }
    return { requeued, resumed, failed };
  }

  /**
   * The guard held a snapshot: nothing applied, waiting for ops. False when the run is no longer
   * queued (ops cancelled it, or the sweep failed it, while it was being checked): nothing changes.
   */
  async hold(
    run: FeedRunEntity,
    change: {
      detail: string;
      received: number;
      warnings: string[];
      warningsOmitted: number;
      withdrawals?: string[];
    },
  ): Promise<boolean> {
    const [, changed] = (await this.dataSource.query(
      `UPDATE feed_runs SET status = 'held', detail = $3, counts = $4, warnings = $5, warnings_omitted = $6,
         held_withdrawals = $7, updated_at = now()
       WHERE id = $1 AND status = $2`,
      [
        run.id,
        run.status,
        storableText(change.detail),
        JSON.stringify({ ...run.counts, received: change.received }),
        JSON.stringify(change.warnings),
        change.warningsOmitted,
        change.withdrawals ? JSON.stringify(change.withdrawals.slice(0, HELD_WITHDRAWALS_MAX)) : null,
      ],
    )) as [unknown, number];
    return changed === 1;
  }

  /**
   * The ingest starts applying (or, for a held run ops confirmed, resumes). False when the run has
   * left the status it was read in (cancelled or failed meanwhile): then nothing may be applied.
   */
  async start(
    run: FeedRunEntity,
    startedAt: Date,
    checked?: { received: number; warnings: string[]; warningsOmitted: number },
  ): Promise<boolean> {
    const [, changed] = (await this.dataSource.query(
      `UPDATE feed_runs SET status = 'running', started_at = COALESCE(started_at, $3), updated_at = now(),
         counts = COALESCE($4::jsonb, counts), warnings = COALESCE($5::jsonb, warnings), warnings_omitted = COALESCE($6, warnings_omitted)
       WHERE id = $1 AND status = $2`,
      [
        run.id,
        run.status,
        startedAt.toISOString(),
        checked ? JSON.stringify({ ...run.counts, received: checked.received }) : null,
        checked ? JSON.stringify(checked.warnings) : null,
        checked ? checked.warningsOmitted : null,
      ],
    )) as [unknown, number];
    return changed === 1;
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
        partialRunDetail(result.counts),
        result.warningsOmitted,
      ],
    );
  }

  /**
   * The ingest refused the run as a whole (unreadable, every row rejected). Only an unfinished run
   * is failed: one ops cancelled meanwhile stays cancelled.
   */
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
    await this.dataSource.query(
      `UPDATE feed_runs SET status = 'failed', detail = $2, counts = $3, errors = $4, errors_omitted = $5, warnings = $6,
         warnings_omitted = $7, finished_at = $8, updated_at = now()
       WHERE id = $1 AND status IN ('queued', 'running')`,
      [
        run.id,
        storableText(failure.detail),
        JSON.stringify(failure.counts),
        JSON.stringify(failure.errors),
        failure.errorsOmitted,
        JSON.stringify(failure.warnings),
        failure.warningsOmitted,
        failure.at.toISOString(),
      ],
    );
  }

  /**
   * Ops: apply a held snapshot despite the guard, then queue it. Refused when the run is not held,
   * or when a later run of the dealership has been applied: runs apply in the order received, and
   * an older snapshot confirmed after a newer one would bring back stock the dealer has changed.
   */
  async confirm(feedRunId: string, within?: WithinRunChange): Promise<{ ok: true; jobId: string } | ControlRefusal> {
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
    const changed = await this.dataSource.transaction(async (manager) => {
      const [, count] = (await manager.query(
        `UPDATE feed_runs SET status = 'queued', confirmed_at = now(), updated_at = now() WHERE id = $1 AND status = 'held'`,
        [feedRunId],
      )) as [unknown, number];
      if (count === 1 && within) await within(manager);
      return count;
    });
    if (changed !== 1)
      return { refused: 'conflict', detail: 'The run changed while it was being confirmed; look at it again.' };
    // A new job id: the run's first job completed when the run was held.
    return { ok: true, jobId: await this.enqueue(feedRunId, 'confirmed') };
  }

  /**
   * Ops (or the dealership's owner): discard a held snapshot; nothing is applied. One conditional
   * update, so of two rejects, or a reject and a confirm, at once, one wins and the other is refused.
   */
  async reject(
    feedRunId: string,
    actor: RunActor = { by: 'ops' },
    within?: WithinRunChange,
  ): Promise<{ ok: true } | ControlRefusal> {
    const run = await this.find(feedRunId);
    if (!run) return { refused: 'not_found' };
    if (run.status !== 'held') return notHeld(run.status);
    const who = actor.by === 'ops' ? 'ops' : storableText(actor.name).slice(0, 120);
    const changed = await this.dataSource.transaction(async (manager) => {
      const [, count] = (await manager.query(
        `UPDATE feed_runs SET status = 'failed', finished_at = now(), updated_at = now(),
           detail = 'Rejected by ' || $2 || ': the held snapshot was discarded and nothing was applied.'
         WHERE id = $1 AND status = 'held'`,
        [feedRunId, who],
      )) as [unknown, number];
      if (count === 1 && within) await within(manager);
      return count;
    });
    if (changed !== 1)
      return { refused: 'conflict', detail: 'The run changed while it was being rejected; look at it again.' };
    return { ok: true };
  }

  /** The job ran out of attempts: the run fails with the reason, so it never stays 'running'. */
  async failAfterLastAttempt(feedRunId: string, reason: string, jobId?: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE feed_runs SET status = 'failed', detail = $2, finished_at = now(), updated_at = now()
       WHERE id = $1 AND status IN ('queued', 'running') AND ($3::text IS NULL OR job_id IS NULL OR job_id = $3)`,
      [feedRunId, storableText(`Failed after its last attempt: ${reason}`).slice(0, 2000), jobId ?? null],
    );
  }

  /**
   * The run's job stalled out: the worker process stopped while running it more often than a job
   * may. Before any row was applied that is an input that kills the process (parse and check come
   * first), so the run fails at once and the dealership's later runs go on. Once rows have been
   * applied the run was getting somewhere between deaths (a deploy, kills), so it is left to the
   * sweep, which queues it again a bounded number of times. Only the run's current job counts.
   */
  async failStalledOut(feedRunId: string, jobId?: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE feed_runs SET status = 'failed', finished_at = now(), updated_at = now(), detail = $2
       WHERE id = $1 AND status IN ('queued', 'running') AND rows_applied = 0
         AND ($3::text IS NULL OR job_id IS NULL OR job_id = $3)`,
      [
        feedRunId,
        `Failed: the worker stopped ${MAX_STALLED_COUNT + 1} times while applying this run (it crashed or was killed), so the run was stopped to let the dealership's later runs go on. Rows already applied stay applied; ops can retry it.`,
        jobId ?? null,
      ],
    );
  }

  /**
   * Ops: run a failed run, or an unfinished one whose job is not at work (stuck, or its job is dead
   * or waiting), again from where it stopped. The caller queues it.
   */
  async retry(feedRunId: string): Promise<{ ok: true } | ControlRefusal> {
    const run = await this.find(feedRunId);
    if (!run) return { refused: 'not_found' };
    const unfinished = run.status === 'queued' || run.status === 'running';
    if (run.status !== 'failed' && !unfinished)
      return {
        refused: 'conflict',
        detail: `Only a failed or unfinished run can be retried; this one is '${run.status}'.`,
      };
    if (unfinished && (await this.jobState(run)) === 'active' && !this.noProgress(run))
      return {
        refused: 'conflict',
        detail: `This run is '${run.status}' and its job is at work now, making progress; look at it again in a minute.`,
      };
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
      `SELECT r.id, d.slug AS dealership, r.mode, r.status, r.detail, r.counts, r.rows_applied, r.errors_omitted, r.received_at, r.updated_at, r.finished_at, r.job_id, ${RUN_PROGRESS_COLUMNS}
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
      job_id: string | null;
      idle_ms: number;
      behind: boolean;
    }[];
    const withReasons = [];
    for (const row of rows)
      withReasons.push({
        ...row,
        // The list is what ops open in an outage: a Redis that does not answer makes no run stuck.
        stuckReason: this.producer
          ? await this.stall(row).catch(() => null)
          : row.status === 'running' && row.idle_ms > this.stuckAfterMs
            ? `no progress for ${Math.round(row.idle_ms / 1000)} s`
            : null,
      });
    return withReasons.map((row) => ({
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
      stuck: row.stuckReason !== null,
      stuckReason: row.stuckReason,
    }));
  }

  private noProgress(run: Pick<FeedRunEntity, 'status' | 'updated_at'>): boolean {
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
