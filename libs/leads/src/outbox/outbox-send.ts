import type { DataSource } from 'typeorm';

/** Which try of a queued send this is (the job's attempt and the queue's most). */
export interface SendAttempt {
  number: number;
  max: number;
}

/** The outbox tables whose rows are messages sent once by a queued job (pending, sent, dead). */
export type MessageOutbox = 'lead_desk_notices' | 'lead_replies' | 'reservation_notices';

/**
 * Runs the send of one outbox row and records how it went: sent (with the attempt it took), or the
 * failure's attempt and reason, dead on the queue's last attempt, rethrown so the queue retries.
 * The row moves to sent only from pending, so a row skipped or sent meanwhile stays as it is.
 */
export async function sendOutboxRow(
  db: DataSource,
  table: MessageOutbox,
  id: string,
  attempt: SendAttempt,
  send: () => Promise<void>,
): Promise<'sent'> {
  try {
    await send();
  } catch (error) {
    await db.query(
      `UPDATE ${table} SET attempts = $2, last_error = $3, status = CASE WHEN $4 THEN 'dead' ELSE status END WHERE id = $1`,
      [id, attempt.number, (error as Error).message.slice(0, 1000), attempt.number >= attempt.max],
    );
    throw error;
  }
  await db.query(
    `UPDATE ${table} SET status = 'sent', sent_at = now(), attempts = $2, last_error = NULL WHERE id = $1 AND status = 'pending'`,
    [id, attempt.number],
  );
  return 'sent';
}
