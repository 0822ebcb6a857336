import type { EntityManager } from 'typeorm';

export interface DealerAuditEntry {
  /** The dealer user who acted. */
  userId: string;
  dealershipId: number;
  /** What they did, e.g. 'reservation.completed', 'feed_key.created'. */
  action: string;
  /** What it was done to: 'reservation', 'feed_run', 'feed_key'... and its id. */
  subjectType: string;
  subjectId: string;
  detail?: Record<string, unknown>;
}

/**
 * Records a dealer user's action in the dealership's audit log, in the caller's transaction, so the
 * record exists exactly when the change does. The log's columns predate subjects: the user is the
 * actor and the subject travels in the detail.
 */
export async function recordDealerAudit(manager: EntityManager, entry: DealerAuditEntry): Promise<void> {
  await manager.query(`INSERT INTO dealer_audit_log (dealership_id, actor, action, detail) VALUES ($1, $2, $3, $4)`, [
    entry.dealershipId,
    entry.userId,
    entry.action,
    JSON.stringify({ ...entry.detail, subject_type: entry.subjectType, subject_id: entry.subjectId }),
  ]);
}
