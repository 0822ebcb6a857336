import type { EntityManager } from 'typeorm';
import {
  customerKeys,
  DEFAULT_ALERT_ZONE,
  DEFAULT_RESPONSE_TARGET_MINUTES,
  DUPLICATE_WINDOW_MINUTES,
  isDuplicateOf,
  responseDueAt,
  type CustomerKeys,
  type SiteConfig,
} from '@platform/domain';
import { dealershipHours } from '@platform/site-config';
import { recordDealerAudit } from './dealer-audit';
import { queueAcknowledgement } from './lead-replies';
import { deskUsers, nextInRotation } from './rotation';

/** Writes a desk notice (the worker sends it); answers its id. A task's reminder names its task. */
export async function queueDeskNotice(
  manager: EntityManager,
  leadId: string,
  kind: 'assigned' | 'unassigned' | 'overdue' | 'escalated' | 'reassigned' | 'task_due',
  userIds: readonly string[],
  taskId: string | null = null,
): Promise<string | null> {
  if (userIds.length === 0) return null;
  const [row] = (await manager.query(
    `INSERT INTO lead_desk_notices (lead_id, kind, user_ids, task_id) VALUES ($1, $2, $3::uuid[], $4) RETURNING id`,
    [leadId, kind, userIds, taskId],
  )) as { id: string }[];
  return row!.id;
}

/**
 * What the desk does the moment a lead is stored, in the transaction that stores it (so a lead is
 * never without its clock, nor assigned twice): its response due time from the dealership's target
 * and sales hours, its salesperson when the dealership assigns round-robin (audited as the
 * platform's doing), and the notice that tells them (or, unassigned, the dealership's sales users
 * and owners), and the dealership's automatic acknowledgement to the shopper when it sends one.
 * Every writer of leads calls it: the forms, a paid reservation or purchase, passing
 * the dealership's lead settings it already holds (read in the writer's transaction, so even a
 * dealership created in the same transaction, as the seed's, has them).
 */
export async function onLeadArrival(
  manager: EntityManager,
  leadId: string,
  config: Pick<SiteConfig['leads'], 'response_target_minutes' | 'assignment' | 'reply_templates'>,
): Promise<void> {
  const [lead] = (await manager.query(
    `SELECT dealership_id, created_at, form, car_id, fields FROM leads WHERE id = $1`,
    [leadId],
  )) as {
    dealership_id: number | null;
    created_at: Date;
    form: string;
    car_id: number | null;
    fields: Record<string, unknown>;
  }[];
  if (!lead) throw new Error(`lead ${leadId} is not stored`);
  const keys = customerKeys(lead.fields);
  await manager.query(`UPDATE leads SET customer_email = $2, customer_phone = $3 WHERE id = $1`, [
    leadId,
    keys.email,
    keys.phone,
  ]);
  if (lead.dealership_id === null) {
    // No dealership (a site without one): no one to assign; the clock still runs for ops' reports.
    await manager.query(`UPDATE leads SET response_due_at = created_at + make_interval(mins => $2) WHERE id = $1`, [
      leadId,
      DEFAULT_RESPONSE_TARGET_MINUTES,
    ]);
    return;
  }
  if (await markIfDuplicate(manager, leadId, { ...lead, dealership_id: lead.dealership_id }, keys)) return;
  await queueAcknowledgement(
    manager,
    { ...lead, id: leadId, dealership_id: lead.dealership_id },
    config.reply_templates,
  );
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

/**
 * A shopper who presses Send twice, or comes back minutes later with the same question about the
 * same car, is one enquiry: the repeat points at the first (`duplicate_of`) and takes its assignee
 * and due time, so the desk neither hands it to the next salesperson in turn (two people would
 * call the same shopper) nor announces it again, and its clock is finished (escalation level 3) so
 * the first lead alone is chased. The reports leave it out. Recorded as 'lead.duplicate' on the
 * repeat, so its history says why nobody was told. Answers whether it was a repeat.
 *
 * Two submissions at the same moment, in two transactions, would each miss the other: a
 * transaction lock on each of the shopper's keys (per dealership) makes the second wait for the
 * first to commit, and then see it.
 */
async function markIfDuplicate(
  manager: EntityManager,
  leadId: string,
  lead: { dealership_id: number; created_at: Date; form: string; car_id: number | null },
  keys: CustomerKeys,
): Promise<boolean> {
  const lockKeys = [keys.email && `e:${keys.email}`, keys.phone && `p:${keys.phone}`].filter((key): key is string =>
    Boolean(key),
  );
  if (lockKeys.length === 0) return false;
  // Sorted, so two transactions take the same keys in the same order and never deadlock.
  for (const key of lockKeys.sort())
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('lead-customer'), hashtext($1 || ':' || $2))`, [
      lead.dealership_id,
      key,
    ]);
  // The SQL narrows to candidates the index finds; the domain rule decides.
  const earlier = (await manager.query(
    `SELECT id, created_at, form, car_id, customer_email, customer_phone, duplicate_of
     FROM leads
     WHERE dealership_id = $1 AND id <> $2 AND form = $3 AND car_id IS NOT DISTINCT FROM $4
       AND (customer_email = $5 OR customer_phone = $6)
       AND created_at BETWEEN $7::timestamptz - make_interval(mins => $8) AND $7::timestamptz + make_interval(mins => $8)
     ORDER BY created_at DESC, id DESC`,
    [
      lead.dealership_id,
      leadId,
      lead.form,
      lead.car_id,
      keys.email,
      keys.phone,
      lead.created_at,
      DUPLICATE_WINDOW_MINUTES,
    ],
  )) as {
    id: string;
    created_at: Date;
    form: string;
    car_id: number | null;
    customer_email: string | null;
    customer_phone: string | null;
    duplicate_of: string | null;
  }[];
  const self = {
    dealershipId: lead.dealership_id,
    form: lead.form,
    carId: lead.car_id,
    createdAt: lead.created_at,
    keys,
  };
  const match = earlier.find((row) =>
    isDuplicateOf(self, {
      dealershipId: lead.dealership_id,
      form: row.form,
      carId: row.car_id,
      createdAt: row.created_at,
      keys: { email: row.customer_email, phone: row.customer_phone },
    }),
  );
  if (!match) return false;
  // A third press points at the first lead, not the second: one enquiry, one lead that counts.
  const firstId = match.duplicate_of ?? match.id;
  await manager.query(
    `UPDATE leads l SET duplicate_of = f.id, response_due_at = f.response_due_at, assigned_user_id = f.assigned_user_id,
       assigned_at = f.assigned_at, escalation_level = 3
     FROM leads f WHERE l.id = $1 AND f.id = $2`,
    [leadId, firstId],
  );
  await recordDealerAudit(manager, {
    dealershipId: lead.dealership_id,
    userId: null,
    actor: 'system',
    action: 'lead.duplicate',
    subject: { type: 'lead', id: leadId },
    detail: { of: firstId, window_minutes: DUPLICATE_WINDOW_MINUTES },
  });
  return true;
}
