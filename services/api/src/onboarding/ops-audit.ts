import type { EntityManager } from 'typeorm';
import { currentOpsActor } from '../ops-access/ops-actor';

export interface OpsAuditRecord {
  /** 'onboarding', 'site.updated', 'site.retired', 'dealership.updated', 'manufacturer.created', ... */
  action: string;
  /** The site changed; null for what belongs to no one site (a brand record). */
  siteId: number | null;
  /** The natural key of what changed: 'site:geelong-mitsubishi', 'dealership:geelong-mitsubishi', 'manufacturer:kia'. */
  subject: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one row of ops_audit_log under the request's actor (OPS_TOKEN or an operator), inside the transaction that makes the change. */
export async function recordOpsAudit(manager: EntityManager, record: OpsAuditRecord): Promise<void> {
  await manager.query(
    `INSERT INTO ops_audit_log (actor, action, site_id, subject, before, after) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      currentOpsActor(),
      record.action,
      record.siteId,
      record.subject,
      record.before === null ? null : JSON.stringify(record.before),
      record.after === null ? null : JSON.stringify(record.after),
    ],
  );
}
