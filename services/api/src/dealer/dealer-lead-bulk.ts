import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  leadTransition,
  undoVerdict,
  undoWindow,
  type BulkAction,
  type DealerRole,
  type LeadStatus,
  type LeadWorkState,
} from '@platform/domain';
import { queueDeskNotice, recordDealerAudit, recordFirstResponse } from '@platform/leads';
import { notFound, ProblemException } from '@platform/server-kit';
import { siteConfigStore } from '@platform/site-config';
import type { DealerPrincipal } from './dealer-accounts';
import { LEAD_HANDLERS } from './dealer-leads';
import type { LeadBulk } from './dealer-lead-bulk.schemas';

export interface BulkOutcome {
  batchId: string | null;
  action: BulkAction;
  changed: number;
  /** The assignee's name, for the console's "Assigned 3 leads to Sam". */
  assignee: { id: string; name: string } | null;
  skipped: { id: string; reason: string }[];
}

export interface BulkOptions {
  assignees: { id: string; name: string }[];
  lostReasons: string[];
}

export interface UndoOutcome {
  batchId: string;
  restored: string[];
  /** Leads left as they are, and why (someone acted on them since). */
  left: { id: string; reason: string }[];
}

/** What a bulk change keeps of a lead, to put it back: the work state and the clock's marks. */
type Snapshot = LeadWorkState & { assignedAt: string | null; escalationLevel: number };

type LockedLead = {
  id: string;
  dealership_id: number;
  dealership_name: string;
  status: LeadStatus;
  lost_reason: string | null;
  assigned_user_id: string | null;
  assigned_at: Date | null;
  escalation_level: number;
};

const UNKNOWN = 'No lead of your dealerships has this id.';

export const batchNotFound = (): ProblemException =>
  notFound('Bulk change not found', 'You made no bulk change with this id.');

/**
 * Bulk assign and bulk close (issue 53 item 4): each lead goes through the single actions' rules
 * (never a viewer as assignee, leadTransition for closing, the first response when a lead leaves
 * New, each change audited, row locks), all in one transaction; another dealership's lead is
 * skipped as unknown. The batch keeps each lead's state before and after so its maker can undo it.
 */
@Injectable()
export class DealerLeadBulk {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * What the inbox's bulk bar offers: who may be given leads (owners and sales of the dealerships
   * where the user answers leads; never a viewer) and those dealerships' lost reasons.
   */
  async options(dealer: DealerPrincipal): Promise<BulkOptions> {
    const ids = dealer.memberships.filter((m) => LEAD_HANDLERS.includes(m.role)).map((m) => m.dealershipId);
    if (ids.length === 0) return { assignees: [], lostReasons: [] };
    const assignees = (await this.db.query(
      `SELECT u.id, u.name FROM dealer_users u
       WHERE EXISTS (SELECT 1 FROM dealer_memberships m WHERE m.user_id = u.id AND m.dealership_id = ANY($1::int[])
                       AND m.role = ANY($2::text[]))
       ORDER BY u.name, u.id`,
      [ids, LEAD_HANDLERS],
    )) as { id: string; name: string }[];
    const reasons = new Set<string>();
    for (const id of ids)
      for (const reason of (await siteConfigStore(this.db).dealership(id)).leads.lost_reasons) reasons.add(reason);
    return { assignees, lostReasons: [...reasons] };
  }

  async apply(dealer: DealerPrincipal, body: LeadBulk): Promise<BulkOutcome> {
    const handling = dealer.memberships.filter((m) => LEAD_HANDLERS.includes(m.role));
    if (handling.length === 0)
      throw new ProblemException({
        status: 403,
        title: 'Read only',
        detail: 'Your role is viewer: you can see leads but not change them. Ask an owner for the sales role.',
      });
    return this.db.transaction(async (manager) => {
      // Locked in id order, so two bulk actions over the same leads never deadlock.
      const leads = (await manager.query(
        `SELECT l.id, l.dealership_id, d.name AS dealership_name, l.status, l.lost_reason, l.assigned_user_id,
           l.assigned_at, l.escalation_level
         FROM leads l JOIN dealerships d ON d.id = l.dealership_id
         WHERE l.id = ANY($1::uuid[]) AND l.dealership_id = ANY($2::int[])
         ORDER BY l.id FOR UPDATE OF l`,
        [body.leadIds, dealer.memberships.map((m) => m.dealershipId)],
      )) as LockedLead[];
      const byId = new Map(leads.map((lead) => [lead.id, lead]));
      const assignee =
        body.action === 'assign' ? await this.assignee(manager, dealer, body.userId ?? null, leads) : null;
      const [batch] = (await manager.query(
        `INSERT INTO lead_bulk_batches (user_id, action) VALUES ($1, $2) RETURNING id`,
        [dealer.userId, body.action],
      )) as { id: string }[];
      const batchId = batch!.id;
      const skipped: BulkOutcome['skipped'] = [];
      let changed = 0;
      for (const id of body.leadIds) {
        const lead = byId.get(id);
        if (!lead) {
          skipped.push({ id, reason: UNKNOWN });
          continue;
        }
        const role = dealer.memberships.find((m) => m.dealershipId === lead.dealership_id)!.role;
        if (!LEAD_HANDLERS.includes(role)) {
          skipped.push({ id, reason: `Your role at ${lead.dealership_name} is viewer: read only.` });
          continue;
        }
        const reason =
          body.action === 'close'
            ? await this.close(manager, dealer, lead, body.reason ?? '', batchId)
            : await this.assign(manager, dealer, lead, assignee, batchId);
        if (reason === null) changed += 1;
        else skipped.push({ id, reason });
      }
      if (changed === 0) {
        // Nothing to undo: no batch is kept (the transaction still answers which leads and why).
        await manager.query(`DELETE FROM lead_bulk_batches WHERE id = $1`, [batchId]);
      }
      return {
        batchId: changed === 0 ? null : batchId,
        action: body.action,
        changed,
        assignee: assignee && assignee.id ? { id: assignee.id, name: assignee.name } : null,
        skipped,
      };
    });
  }

  /**
   * Who gets the leads: null unassigns. A user who answers leads (owner or sales) at none of the
   * leads' dealerships is refused naming userId; a dealership where they do not is a skip per lead.
   */
  private async assignee(
    manager: EntityManager,
    dealer: DealerPrincipal,
    userId: string | null,
    leads: LockedLead[],
  ): Promise<{ id: string | null; name: string; roles: Map<number, DealerRole> } | null> {
    if (userId === null) return { id: null, name: '', roles: new Map() };
    const members = (await manager.query(
      `SELECT u.name, m.dealership_id, m.role FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
       WHERE m.user_id = $1 AND m.dealership_id = ANY($2::int[])`,
      [userId, dealer.memberships.map((m) => m.dealershipId)],
    )) as { name: string; dealership_id: number; role: DealerRole }[];
    const roles = new Map(members.map((m) => [m.dealership_id, m.role]));
    const answers = members.filter((m) => LEAD_HANDLERS.includes(m.role));
    const relevant = leads.length === 0 || leads.some((lead) => LEAD_HANDLERS.includes(roles.get(lead.dealership_id)!));
    if (answers.length === 0 || !relevant) {
      const message =
        members.length > 0
          ? `${members[0]!.name} is read only (viewer): choose someone who can answer the leads.`
          : 'Choose a user of the leads’ dealership: this one is not.';
      throw new ProblemException({
        status: 400,
        title: members.length > 0 ? 'Read-only user' : 'Not a user of this dealership',
        detail: message,
        errors: [{ path: 'userId', message }],
      });
    }
    return { id: userId, name: answers[0]!.name, roles };
  }

  /** Closes one locked lead as lost: null when done, else why it was left. */
  private async close(
    manager: EntityManager,
    dealer: DealerPrincipal,
    lead: LockedLead,
    reason: string,
    batchId: string,
  ): Promise<string | null> {
    const move = leadTransition(lead.status, 'lost', reason);
    if (!move.ok) return move.message;
    await manager.query(`UPDATE leads SET status = $2, lost_reason = $3, status_changed_at = now() WHERE id = $1`, [
      lead.id,
      move.status,
      move.reason,
    ]);
    let recorded = false;
    // Moving a lead on from New means a person has dealt with it: the clock stops, as for one lead.
    if (lead.status === 'new') {
      const [row] = (await manager.query(`SELECT first_response_at FROM leads WHERE id = $1`, [lead.id])) as {
        first_response_at: Date | null;
      }[];
      recorded = row!.first_response_at === null;
      await recordFirstResponse(manager, lead.id, dealer.userId, 'status');
    }
    await this.keep(manager, batchId, lead, { status: move.status, lostReason: move.reason }, recorded);
    await recordDealerAudit(manager, {
      dealershipId: lead.dealership_id,
      userId: dealer.userId,
      action: 'lead.status_changed',
      subject: { type: 'lead', id: lead.id },
      detail: { from: lead.status, to: move.status, reason: move.reason, batch: batchId },
    });
    return null;
  }

  /** Assigns one locked lead: null when done, else why it was left. */
  private async assign(
    manager: EntityManager,
    dealer: DealerPrincipal,
    lead: LockedLead,
    assignee: { id: string | null; name: string; roles: Map<number, DealerRole> } | null,
    batchId: string,
  ): Promise<string | null> {
    const to = assignee?.id ?? null;
    if (to !== null) {
      const role = assignee!.roles.get(lead.dealership_id);
      if (!role) return `${assignee!.name} is not a user of ${lead.dealership_name}.`;
      if (!LEAD_HANDLERS.includes(role)) return `${assignee!.name} is read only (viewer) at ${lead.dealership_name}.`;
    }
    if (lead.assigned_user_id === to) return to ? `Already ${assignee!.name}'s.` : 'Already unassigned.';
    // As for one lead: a person who hands an overdue lead on takes the escalation ladder's place.
    await manager.query(
      `UPDATE leads SET assigned_user_id = $2, assigned_at = CASE WHEN $2::uuid IS NULL THEN NULL ELSE now() END,
         escalation_level = CASE WHEN escalation_level >= 1 THEN 3 ELSE escalation_level END
       WHERE id = $1`,
      [lead.id, to],
    );
    if (to !== null && to !== dealer.userId) await queueDeskNotice(manager, lead.id, 'assigned', [to]);
    await this.keep(manager, batchId, lead, { assigneeId: to }, false);
    await recordDealerAudit(manager, {
      dealershipId: lead.dealership_id,
      userId: dealer.userId,
      action: 'lead.assigned',
      subject: { type: 'lead', id: lead.id },
      detail: { from: lead.assigned_user_id, to, ...(to ? { to_name: assignee!.name } : {}), batch: batchId },
    });
    return null;
  }

  /** Records what the batch did to a lead: its state before, and after. */
  private async keep(
    manager: EntityManager,
    batchId: string,
    lead: LockedLead,
    change: Partial<LeadWorkState>,
    recordedFirstResponse: boolean,
  ): Promise<void> {
    const before: Snapshot = {
      status: lead.status,
      lostReason: lead.lost_reason,
      assigneeId: lead.assigned_user_id,
      assignedAt: lead.assigned_at?.toISOString() ?? null,
      escalationLevel: lead.escalation_level,
    };
    const after: LeadWorkState = {
      status: before.status,
      lostReason: before.lostReason,
      assigneeId: before.assigneeId,
      ...change,
    };
    await manager.query(
      `INSERT INTO lead_bulk_changes (batch_id, lead_id, dealership_id, before, after, recorded_first_response)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [batchId, lead.id, lead.dealership_id, JSON.stringify(before), JSON.stringify(after), recordedFirstResponse],
    );
  }

  /**
   * Undoes the user's own batch within BULK_UNDO_MINUTES, once: each lead nobody acted on since
   * goes back to its status, lost reason and assignee (its first response cleared when the batch
   * recorded it); the others are left as they are, and the answer says which and why. Another
   * user's batch reads as unknown.
   */
  async undo(dealer: DealerPrincipal, batchId: string, now = new Date()): Promise<UndoOutcome> {
    return this.db.transaction(async (manager) => {
      const [batch] = (await manager.query(
        `SELECT id, created_at, undone_at FROM lead_bulk_batches WHERE id = $1 AND user_id = $2 FOR UPDATE`,
        [batchId, dealer.userId],
      )) as { id: string; created_at: Date; undone_at: Date | null }[];
      if (!batch) throw batchNotFound();
      const window = undoWindow({ createdAt: batch.created_at, undoneAt: batch.undone_at }, now);
      if (!window.ok)
        throw new ProblemException({
          status: 409,
          title: window.title,
          detail: window.message,
          errors: [{ path: 'batchId', message: window.message }],
        });
      const changes = (await manager.query(
        `SELECT c.lead_id, c.dealership_id, c.before, c.after, c.recorded_first_response
         FROM lead_bulk_changes c WHERE c.batch_id = $1 ORDER BY c.lead_id`,
        [batchId],
      )) as {
        lead_id: string;
        dealership_id: number;
        before: Snapshot;
        after: LeadWorkState;
        recorded_first_response: boolean;
      }[];
      const ids = changes.map((c) => c.lead_id);
      const current = (await manager.query(
        `SELECT l.id, l.status, l.lost_reason, l.assigned_user_id, l.dealership_id,
           ARRAY(SELECT a.action FROM dealer_audit_log a
                 WHERE a.subject_type = 'lead' AND a.subject_id = l.id::text
                   AND coalesce(a.detail->>'batch', '') <> $2
                   -- After the batch's own rows: ids are taken as rows are written, and a later
                   -- change waited for the batch's row locks.
                   AND a.id > (SELECT coalesce(max(b.id), 0) FROM dealer_audit_log b
                               WHERE b.subject_type = 'lead' AND b.subject_id = l.id::text AND b.detail->>'batch' = $2)
                 ORDER BY a.id) AS later
         FROM leads l WHERE l.id = ANY($1::uuid[]) ORDER BY l.id FOR UPDATE OF l`,
        [ids, batchId],
      )) as {
        id: string;
        status: LeadStatus;
        lost_reason: string | null;
        assigned_user_id: string | null;
        dealership_id: number;
        later: string[];
      }[];
      const byId = new Map(current.map((row) => [row.id, row]));
      const restored: string[] = [];
      const left: UndoOutcome['left'] = [];
      for (const change of changes) {
        const row = byId.get(change.lead_id);
        // A lead of a dealership the user has since left is not theirs to put back.
        const role = dealer.memberships.find((m) => m.dealershipId === change.dealership_id)?.role;
        if (!role || !LEAD_HANDLERS.includes(role)) {
          left.push({ id: change.lead_id, reason: 'You can no longer change leads of this dealership.' });
          continue;
        }
        const verdict = undoVerdict(
          change,
          row ? { status: row.status, lostReason: row.lost_reason, assigneeId: row.assigned_user_id } : null,
          row?.later ?? [],
        );
        if (!verdict.restore) {
          left.push({ id: change.lead_id, reason: verdict.reason });
          continue;
        }
        await this.restore(
          manager,
          dealer,
          batchId,
          change.dealership_id,
          change.lead_id,
          change.after,
          change.before,
          {
            clearFirstResponse: change.recorded_first_response,
          },
        );
        restored.push(change.lead_id);
      }
      await manager.query(`UPDATE lead_bulk_batches SET undone_at = now() WHERE id = $1`, [batchId]);
      return { batchId, restored, left };
    });
  }

  private async restore(
    manager: EntityManager,
    dealer: DealerPrincipal,
    batchId: string,
    dealershipId: number,
    leadId: string,
    from: LeadWorkState,
    to: Snapshot,
    { clearFirstResponse }: { clearFirstResponse: boolean },
  ): Promise<void> {
    await manager.query(
      `UPDATE leads SET status = $2, lost_reason = $3, assigned_user_id = $4, assigned_at = $5::timestamptz,
         escalation_level = $6,
         status_changed_at = CASE WHEN status = $2 THEN status_changed_at ELSE now() END,
         first_response_at = CASE WHEN $7 THEN NULL ELSE first_response_at END,
         first_response_by = CASE WHEN $7 THEN NULL ELSE first_response_by END,
         first_response_kind = CASE WHEN $7 THEN NULL ELSE first_response_kind END
       WHERE id = $1`,
      [leadId, to.status, to.lostReason, to.assigneeId, to.assignedAt, to.escalationLevel, clearFirstResponse],
    );
    await manager.query(`UPDATE lead_bulk_changes SET restored_at = now() WHERE batch_id = $1 AND lead_id = $2`, [
      batchId,
      leadId,
    ]);
    const audit = { dealershipId, userId: dealer.userId, subject: { type: 'lead', id: leadId } } as const;
    if (from.status !== to.status || from.lostReason !== to.lostReason)
      await recordDealerAudit(manager, {
        ...audit,
        action: 'lead.status_changed',
        detail: { from: from.status, to: to.status, undo: batchId, batch: batchId },
      });
    if (from.assigneeId !== to.assigneeId)
      await recordDealerAudit(manager, {
        ...audit,
        action: 'lead.assigned',
        detail: { from: from.assigneeId, to: to.assigneeId, undo: batchId, batch: batchId },
      });
  }
}
