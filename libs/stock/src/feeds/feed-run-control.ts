import type { DataSource } from 'typeorm';
import { FeedRunEntity, type FeedRunStatus } from '@platform/db';

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

export type ControlRefusal = { refused: 'not_found' } | { refused: 'conflict'; detail: string };

/**
 * Every change of a feed run's status outside the ingest itself: a job out of attempts, the
 * sweep's stuck runs, and ops' retry and cancel. Each is one conditional UPDATE, so two of them
 * racing (ops cancels while the sweep resumes) leave one answer, never a mix.
 */
export class FeedRunControl {
  constructor(
    private readonly dataSource: DataSource,
    private readonly stuckAfterMs = DEFAULT_FEED_RUN_STUCK_AFTER_MS,
  ) {}

  /** The job ran out of attempts: the run fails with the reason, so it never stays 'running'. */
  async failAfterLastAttempt(feedRunId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE feed_runs SET status = 'failed', detail = $2, finished_at = now(), updated_at = now() WHERE id = $1 AND status IN ('queued', 'running')`,
      [feedRunId, `Failed after its last attempt: ${reason}`.slice(0, 2000)],
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

  private async find(feedRunId: string): Promise<FeedRunEntity | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(feedRunId)) return null;
    return this.dataSource.getRepository(FeedRunEntity).findOne({ where: { id: feedRunId } });
  }
}
