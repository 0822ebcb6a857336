import type { EntityManager } from 'typeorm';

/** One change to a dealership's data, as its audit log keeps it. */
export interface DealerAuditRecord {
  /** The dealership whose data changed: owners of it see the record. */
  dealershipId: number;
  /** The dealer user who made the change; null when ops or the platform did. */
  userId: string | null;
  /**
   * Who acted, for the log's reader when no user did ('ops', 'system'). Defaults to 'dealer' for a
   * user's change, whose name the log joins from dealer_users.
   */
  actor?: string;
  /** What happened, as `{subject}.{verb}`: 'lead.status_changed', 'reservation.completed', 'user.added', 'user.role_changed'. */
  action: string;
  /** What it happened to: `{ type: 'lead', id }`. The lead's status history reads its records by this. */
  subject?: { type: string; id: string } | null;
  /** The change itself (from and to, a reason): never a secret or a token. */
  detail?: Record<string, unknown>;
}

/**
 * Writes an audit record with `manager`, the transaction of the change itself: the change and its
 * record commit or roll back together, so the log never misses or invents a change.
 */
export async function recordDealerAudit(manager: EntityManager, record: DealerAuditRecord): Promise<void> {
  await manager.query(
    `INSERT INTO dealer_audit_log (dealership_id, user_id, actor, action, subject_type, subject_id, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      record.dealershipId,
      record.userId,
      record.actor ?? (record.userId ? 'dealer' : 'ops'),
      record.action,
      record.subject?.type ?? null,
      record.subject?.id ?? null,
      JSON.stringify(record.detail ?? {}),
    ],
  );
}
