import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { FeedRowError, FeedRunCounts, FeedRunStatus } from '@platform/db';
import { notFound, ProblemException } from '@platform/server-kit';
import {
  FeedKeys,
  FeedRuns,
  REJECTED_RUN_DETAIL_PREFIX,
  type ControlRefusal,
  type FeedKeySummary,
} from '@platform/stock';
import type { DealerPrincipal } from './dealer-accounts';
import { recordDealerAudit } from '@platform/leads';
import { FEED_ADMINS, requireRole } from './dealer-scope';

export interface DealerFeedRun {
  id: string;
  dealership: { slug: string; name: string };
  mode: 'snapshot' | 'delta';
  status: FeedRunStatus;
  /** A held snapshot the dealer rejected (its status is 'failed': nothing was applied). */
  rejected: boolean;
  detail: string | null;
  counts: FeedRunCounts;
  rowsApplied: number;
  errorCount: number;
  warningCount: number;
  receivedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  confirmedAt: string | null;
}

export interface DealerFeedRunDetail extends DealerFeedRun {
  /** Rows refused: the row number, its stock number, the field and what is wrong. */
  errors: { row: number; stocknum: string | null; field: string; message: string }[];
  errorsOmitted: number;
  warnings: string[];
  warningsOmitted: number;
  /** A held snapshot: the cars confirming it would withdraw (as the guard found them). */
  held: {
    withdrawals: { stocknum: string; title: string | null; slug: string | null; live: boolean }[];
    /** False for a run held before the guard recorded its withdrawals. */
    recorded: boolean;
    /** The newest run applied after this one: confirming is refused once there is one. */
    laterRun: { id: string; receivedAt: string } | null;
  } | null;
  /** What this user may do now. */
  can: { confirm: boolean; reject: boolean };
}

export type DealerFeedKey = FeedKeySummary & { dealership: { slug: string; name: string } };

type RunRow = {
  id: string;
  dealership_id: number;
  dealership_slug: string;
  dealership_name: string;
  mode: 'snapshot' | 'delta';
  status: FeedRunStatus;
  detail: string | null;
  counts: FeedRunCounts;
  rows_applied: number;
  errors: FeedRowError[];
  errors_omitted: number;
  warnings: string[];
  warnings_omitted: number;
  held_withdrawals: string[] | null;
  received_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  confirmed_at: Date | null;
};

const RUN_COLUMNS = `r.id, r.dealership_id, d.slug AS dealership_slug, d.name AS dealership_name, r.mode, r.status, r.detail,
  r.counts, r.rows_applied, r.errors, r.errors_omitted, r.warnings, r.warnings_omitted, r.held_withdrawals,
  r.received_at, r.started_at, r.finished_at, r.confirmed_at`;

const summaryOf = (row: RunRow): DealerFeedRun => ({
  id: row.id,
  dealership: { slug: row.dealership_slug, name: row.dealership_name },
  mode: row.mode,
  status: row.status,
  rejected: row.status === 'failed' && (row.detail ?? '').startsWith(REJECTED_RUN_DETAIL_PREFIX),
  detail: row.detail,
  counts: row.counts,
  rowsApplied: row.rows_applied,
  errorCount: row.errors.length + row.errors_omitted,
  warningCount: row.warnings.length + row.warnings_omitted,
  receivedAt: row.received_at.toISOString(),
  startedAt: row.started_at?.toISOString() ?? null,
  finishedAt: row.finished_at?.toISOString() ?? null,
  confirmedAt: row.confirmed_at?.toISOString() ?? null,
});

/** A held run's detail in the console's words (the guard's names the ops API and the count of its day). */
function heldRunDetail(listedNow: number, recorded: boolean, overtaken: boolean): string {
  const cars = `${listedNow} car${listedNow === 1 ? '' : 's'}`;
  const what = recorded
    ? `Held by the mass-removal guard: confirming this snapshot would withdraw ${cars} listed today. Nothing has been applied.`
    : 'Held by the mass-removal guard: this snapshot would withdraw more cars than the dealership allows. Nothing has been applied.';
  return overtaken
    ? `${what} A later run has been applied since, and confirming this older snapshot would undo it: it can only be rejected.`
    : what;
}

export const runNotFound = (): ProblemException =>
  notFound('Feed run not found', 'No feed run of your dealerships has this id.');
export const keyNotFound = (): ProblemException =>
  notFound('Feed key not found', 'No active feed key of your dealerships has this id.');

/** A control refusal of the ops actions, as the console answers it. */
function refusal(result: ControlRefusal): ProblemException {
  if (result.refused === 'not_found') return runNotFound();
  return new ProblemException({ status: 409, title: result.title ?? 'Feed run cannot change', detail: result.detail });
}

/**
 * Feed health for a dealer user: the runs of their dealerships with errors, warnings and held
 * snapshots; an owner confirms or rejects a held run (the ops actions, scoped) and manages the
 * dealership's feed keys. Another dealership's run or key is not found, exactly as an unknown one.
 */
@Injectable()
export class DealerFeed {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly runs: FeedRuns,
    private readonly keys: FeedKeys,
  ) {}

  async list(ids: number[], limit: number): Promise<DealerFeedRun[]> {
    const rows = (await this.db.query(
      `SELECT ${RUN_COLUMNS} FROM feed_runs r JOIN dealerships d ON d.id = r.dealership_id
       WHERE r.dealership_id = ANY($1::int[]) ORDER BY r.received_at DESC, r.id LIMIT $2`,
      [ids, limit],
    )) as RunRow[];
    return rows.map(summaryOf);
  }

  async detail(dealer: DealerPrincipal, id: string): Promise<DealerFeedRunDetail | null> {
    const row = await this.scopedRun(dealer, id);
    if (!row) return null;
    let held: DealerFeedRunDetail['held'] = null;
    let heldDetail: string | null = null;
    if (row.status === 'held') {
      const stocknums = row.held_withdrawals ?? [];
      const cars = (await this.db.query(
        `SELECT stocknum, slug, concat_ws(' ', year, make, model, badge) AS title,
           (withdrawn_at IS NULL) AS live
         FROM cars WHERE dealership_id = $1 AND stocknum = ANY($2::text[])`,
        [row.dealership_id, stocknums],
      )) as { stocknum: string; slug: string; title: string; live: boolean }[];
      const byStock = new Map(cars.map((car) => [car.stocknum, car]));
      // Confirm refuses a snapshot once a later run is applied (it would undo that run): say so here
      // rather than offer a button that can only be refused.
      const [later] = (await this.db.query(
        `SELECT id, received_at FROM feed_runs WHERE dealership_id = $1 AND received_at > $2
           AND status IN ('succeeded', 'partial') ORDER BY received_at DESC LIMIT 1`,
        [row.dealership_id, row.received_at],
      )) as { id: string; received_at: Date }[];
      const withdrawals = stocknums.map((stocknum) => {
        const car = byStock.get(stocknum);
        return { stocknum, title: car?.title ?? null, slug: car?.slug ?? null, live: car?.live ?? false };
      });
      held = {
        recorded: row.held_withdrawals !== null,
        withdrawals,
        laterRun: later ? { id: later.id, receivedAt: later.received_at.toISOString() } : null,
      };
      // The guard's own detail names the ops API and counts the cars as they were when it held the
      // run; the console says it in its own words, with the cars still listed today.
      heldDetail = heldRunDetail(withdrawals.filter((w) => w.live).length, row.held_withdrawals !== null, !!later);
    }
    const owner = dealer.memberships.some((m) => m.dealershipId === row.dealership_id && FEED_ADMINS.includes(m.role));
    return {
      ...summaryOf(row),
      ...(heldDetail ? { detail: heldDetail } : {}),
      errors: row.errors.map((e) => ({ row: e.row, stocknum: e.stocknum, field: e.path, message: e.message })),
      errorsOmitted: row.errors_omitted,
      warnings: row.warnings,
      warningsOmitted: row.warnings_omitted,
      held,
      can: { confirm: owner && row.status === 'held' && !held?.laterRun, reject: owner && row.status === 'held' },
    };
  }

  /** An owner applies a held snapshot despite the guard: the ops confirm, with the audit record in its transaction. */
  async confirm(dealer: DealerPrincipal, id: string): Promise<{ id: string; status: 'queued' }> {
    const row = await this.ownedRun(dealer, id);
    const result = await this.runs.confirm(id, (manager) =>
      recordDealerAudit(manager, {
        userId: dealer.userId,
        dealershipId: row.dealership_id,
        action: 'feed_run.confirmed',
        subject: { type: 'feed_run', id: id },
        detail: { withdrawals: row.held_withdrawals?.length ?? null },
      }),
    );
    if (!('ok' in result)) throw refusal(result);
    return { id, status: 'queued' };
  }

  /** An owner discards a held snapshot: the ops reject, scoped and audited. */
  async reject(dealer: DealerPrincipal, id: string): Promise<{ id: string; status: 'failed' }> {
    const row = await this.ownedRun(dealer, id);
    const result = await this.runs.reject(id, { by: 'dealer', name: dealer.name }, (manager) =>
      recordDealerAudit(manager, {
        userId: dealer.userId,
        dealershipId: row.dealership_id,
        action: 'feed_run.rejected',
        subject: { type: 'feed_run', id: id },
      }),
    );
    if (!('ok' in result)) throw refusal(result);
    return { id, status: 'failed' };
  }

  /** The keys of the dealerships the user owns, never the secret. */
  async listKeys(dealer: DealerPrincipal): Promise<DealerFeedKey[]> {
    const owned = dealer.memberships.filter((m) => FEED_ADMINS.includes(m.role));
    if (owned.length === 0) throw notOwner();
    const keys = await this.keys.list(owned.map((m) => m.dealershipId));
    return keys.map(({ dealershipId, ...key }) => {
      const m = owned.find((o) => o.dealershipId === dealershipId)!;
      return { ...key, dealership: { slug: m.slug, name: m.name } };
    });
  }

  /** A new key for a dealership the user owns: the secret is in this answer only. */
  async createKey(
    dealer: DealerPrincipal,
    slug: string | undefined,
  ): Promise<{ id: number; key: string; prefix: string; dealership: { slug: string; name: string } }> {
    const owned = dealer.memberships.filter((m) => FEED_ADMINS.includes(m.role));
    let target = slug ? dealer.memberships.find((m) => m.slug === slug) : owned.length === 1 ? owned[0] : undefined;
    if (slug && !target) throw notFound('Dealership not found', `You have no dealership '${slug}'.`);
    if (!target) {
      if (owned.length === 0) throw notOwner();
      throw new ProblemException({
        status: 400,
        title: 'Invalid request',
        detail: 'You own more than one dealership: name the one the key is for.',
        errors: [{ path: 'dealership', message: 'Name the dealership the key is for, by its slug.' }],
      });
    }
    target = requireRole(dealer, target.dealershipId, FEED_ADMINS);
    const dealership = target;
    const issued = await this.db.transaction(async (manager) => {
      const key = await this.keys.issueFor(manager, dealership.dealershipId);
      await recordDealerAudit(manager, {
        userId: dealer.userId,
        dealershipId: dealership.dealershipId,
        action: 'feed_key.created',
        subject: { type: 'feed_key', id: String(key.id) },
        detail: { prefix: key.prefix },
      });
      return key;
    });
    return { ...issued, dealership: { slug: dealership.slug, name: dealership.name } };
  }

  /** Revokes an active key of a dealership the user owns. */
  async revokeKey(dealer: DealerPrincipal, keyId: number): Promise<{ id: number; revoked: true }> {
    const [key] = (await this.db.query(
      `SELECT id, dealership_id FROM feed_keys WHERE id = $1 AND dealership_id = ANY($2::int[]) AND revoked_at IS NULL`,
      [keyId, dealer.memberships.map((m) => m.dealershipId)],
    )) as { id: number; dealership_id: number }[];
    if (!key) throw keyNotFound();
    requireRole(dealer, key.dealership_id, FEED_ADMINS);
    const revoked = await this.db.transaction(async (manager) => {
      const n = await this.keys.revokeFor(manager, key.dealership_id, key.id);
      if (n === 1)
        await recordDealerAudit(manager, {
          userId: dealer.userId,
          dealershipId: key.dealership_id,
          action: 'feed_key.revoked',
          subject: { type: 'feed_key', id: String(key.id) },
        });
      return n;
    });
    // Revoked by someone else between the read and the write: as for any key no longer active.
    if (revoked !== 1) throw keyNotFound();
    return { id: key.id, revoked: true };
  }

  private async scopedRun(dealer: DealerPrincipal, id: string): Promise<RunRow | null> {
    const [row] = (await this.db.query(
      `SELECT ${RUN_COLUMNS} FROM feed_runs r JOIN dealerships d ON d.id = r.dealership_id
       WHERE r.id = $1 AND r.dealership_id = ANY($2::int[])`,
      [id, dealer.memberships.map((m) => m.dealershipId)],
    )) as RunRow[];
    return row ?? null;
  }

  private async ownedRun(dealer: DealerPrincipal, id: string): Promise<RunRow> {
    const row = await this.scopedRun(dealer, id);
    if (!row) throw runNotFound();
    requireRole(dealer, row.dealership_id, FEED_ADMINS);
    return row;
  }
}

function notOwner(): ProblemException {
  return new ProblemException({
    status: 403,
    title: 'Not allowed for your role',
    detail: "Feed keys are managed by a dealership's owners. Ask an owner of the dealership.",
  });
}
