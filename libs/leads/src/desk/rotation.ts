import type { EntityManager } from 'typeorm';

/** A user a lead may be given to. */
export interface DeskUser {
  id: string;
  name: string;
}

/**
 * The next salesperson in a dealership's rotation: its sales users taking leads (owners taking
 * leads when it has none), the one given a lead longest ago first, never a viewer, and never
 * `except` (the assignee a lead is moving away from). Under a per-dealership advisory lock held to
 * the end of the caller's transaction, so two leads arriving together go to two people, and the
 * chosen user's turn is taken (last_assigned_at) in the same transaction as the assignment.
 */
export async function nextInRotation(
  manager: EntityManager,
  dealershipId: number,
  except: string | null = null,
): Promise<DeskUser | null> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('lead-rotation'), $1)`, [dealershipId]);
  const [next] = (await manager.query(
    `SELECT u.id, u.name FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
     WHERE m.dealership_id = $1 AND m.takes_leads AND ($2::uuid IS NULL OR m.user_id <> $2)
       AND m.role = CASE WHEN EXISTS (SELECT 1 FROM dealer_memberships s WHERE s.dealership_id = $1 AND s.role = 'sales'
                                        AND s.takes_leads AND ($2::uuid IS NULL OR s.user_id <> $2))
                         THEN 'sales' ELSE 'owner' END
     ORDER BY m.last_assigned_at NULLS FIRST, m.created_at, m.user_id LIMIT 1`,
    [dealershipId, except],
  )) as DeskUser[];
  if (!next) return null;
  await manager.query(
    `UPDATE dealer_memberships SET last_assigned_at = clock_timestamp() WHERE user_id = $1 AND dealership_id = $2`,
    [next.id, dealershipId],
  );
  return next;
}

/** The users told of an unassigned lead: those of the dealership taking leads (sales, and owners). */
export async function deskUsers(
  manager: EntityManager,
  dealershipId: number,
  roles: readonly string[],
): Promise<string[]> {
  const rows = (await manager.query(
    `SELECT user_id FROM dealer_memberships WHERE dealership_id = $1 AND role = ANY($2::text[])
       AND (takes_leads OR role = 'owner') ORDER BY created_at, user_id`,
    [dealershipId, roles],
  )) as { user_id: string }[];
  return rows.map((row) => row.user_id);
}
