import type { EntityManager } from 'typeorm';

/** How a person first answered a lead: moved it on from New, logged a call, replied, or acted on its reservation. */
export type FirstResponseKind = 'status' | 'call' | 'reply' | 'reservation';

/**
 * Stops the lead's first-response clock, once: the first answer by a person is kept (who, when,
 * how), later ones change nothing. In the caller's transaction, beside the action that answered.
 */
export async function recordFirstResponse(
  manager: EntityManager,
  leadId: string,
  userId: string | null,
  kind: FirstResponseKind,
): Promise<void> {
  await manager.query(
    `UPDATE leads SET first_response_at = now(), first_response_by = $2, first_response_kind = $3
     WHERE id = $1 AND first_response_at IS NULL`,
    [leadId, userId, kind],
  );
}
