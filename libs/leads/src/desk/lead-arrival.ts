import type { EntityManager } from 'typeorm';
import { DEFAULT_ALERT_ZONE, DEFAULT_RESPONSE_TARGET_MINUTES, responseDueAt, type SiteConfig } from '@platform/domain';
import { dealershipHours } from '@platform/site-config';
import { recordDealerAudit } from './dealer-audit';
import { deskUsers, nextInRotation } from './rotation';

/** Writes a desk notice (the worker sends it); answers its id. */
export async function queueDeskNotice(
  manager: EntityManager,
  leadId: string,
  kind: 'assigned' | 'unassigned' | 'overdue' | 'escalated' | 'reassigned',
  userIds: readonly string[],
): Promise<string | null> {
  if (userIds.length === 0) return null;
  const [row] = (await manager.query(
    `INSERT INTO lead_desk_notices (lead_id, kind, user_ids) VALUES ($1, $2, $3::uuid[]) RETURNING id`,
    [leadId, kind, userIds],
  )) as { id: string }[];
  return row!.id;
}

/**
 * What the desk does the moment a lead is stored, in the transaction that stores it (so a lead is
 * never without its clock, nor assigned twice): its response due time from the dealership's target
 * and sales hours, its salesperson when the dealership assigns round-robin (audited as the
 * platform's doing), and the notice that tells them (or, unassigned, the dealership's sales users
 * and owners). Every writer of leads calls it: the forms, a paid reservation or purchase, passing
 * the dealership's lead settings it already holds (read in the writer's transaction, so even a
 * dealership created in the same transaction, as the seed's, has them).
 */
export async function onLeadArrival(
  manager: EntityManager,
  leadId: string,
  config: Pick<SiteConfig['leads'], 'response_target_minutes' | 'assignment'>,
): Promise<void> {
  const [lead] = (await manager.query(`SELECT dealership_id, created_at FROM leads WHERE id = $1`, [leadId])) as {
    dealership_id: number | null;
    created_at: Date;
  }[];
  if (!lead) throw new Error(`lead ${leadId} is not stored`);
  if (lead.dealership_id === null) {
    // No dealership (a site without one): no one to assign; the clock still runs for ops' reports.
    await manager.query(`UPDATE leads SET response_due_at = created_at + make_interval(mins => $2) WHERE id = $1`, [
      leadId,
      DEFAULT_RESPONSE_TARGET_MINUTES,
    ]);
    return;
  }
  const hours = (await dealershipHours(manager, lead.dealership_id)) ?? { timeZone: DEFAULT_ALERT_ZONE, hours: [] };
  const dueAt = responseDueAt(lead.created_at, config.response_target_minutes, hours);
  const assignee = config.assignment === 'round_robin' ? await nextInRotation(manager, lead.dealership_id) : null;
  await manager.query(
    `UPDATE leads SET response_due_at = $2, assigned_user_id = coalesce($3, assigned_user_id),
       assigned_at = CASE WHEN $3::uuid IS NULL THEN assigned_at ELSE now() END WHERE id = $1`,
    [leadId, dueAt, assignee?.id ?? null],
  );
  if (assignee) {
    await recordDealerAudit(manager, {
      dealershipId: lead.dealership_id,
      userId: null,
      actor: 'system',
      action: 'lead.assigned',
      subject: { type: 'lead', id: leadId },
      detail: { from: null, to: assignee.id, to_name: assignee.name, rule: 'round_robin' },
    });
    await queueDeskNotice(manager, leadId, 'assigned', [assignee.id]);
  } else {
    await queueDeskNotice(
      manager,
      leadId,
      'unassigned',
      await deskUsers(manager, lead.dealership_id, ['sales', 'owner']),
    );
  }
}
