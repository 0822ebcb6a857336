import type { EntityManager } from 'typeorm';

/**
 * How long sign-in leftovers are kept. A code is useless once it expires (minutes), but the last
 * hour of codes is what limits how many a number may request, so a day is kept. Development SMS
 * copies hold a phone number and a code: gone after a week. Sessions go once they expire or a day
 * after sign-out.
 */
export const SIGN_IN_CODE_RETENTION_HOURS = 24;
export const SMS_MESSAGE_RETENTION_DAYS = 7;
export const REVOKED_SESSION_RETENTION_HOURS = 24;

export interface ShopperDataPurge {
  codes: number;
  sessions: number;
  smsMessages: number;
}

/** Deletes expired sign-in codes, ended sessions and old development SMS copies. */
export async function purgeExpiredShopperData(
  db: Pick<EntityManager, 'query'>,
  now = new Date(),
): Promise<ShopperDataPurge> {
  const [row] = (await db.query(
    `WITH codes AS (
       DELETE FROM sign_in_codes WHERE created_at < $1::timestamptz - make_interval(hours => $2) RETURNING 1),
     sessions AS (
       DELETE FROM shopper_sessions
       WHERE expires_at < $1::timestamptz OR revoked_at < $1::timestamptz - make_interval(hours => $3) RETURNING 1),
     sms AS (
       DELETE FROM sms_messages WHERE created_at < $1::timestamptz - make_interval(days => $4) RETURNING 1)
     SELECT (SELECT count(*) FROM codes)::int AS codes, (SELECT count(*) FROM sessions)::int AS sessions, (SELECT count(*) FROM sms)::int AS sms`,
    [now.toISOString(), SIGN_IN_CODE_RETENTION_HOURS, REVOKED_SESSION_RETENTION_HOURS, SMS_MESSAGE_RETENTION_DAYS],
  )) as { codes: number; sessions: number; sms: number }[];
  return { codes: row?.codes ?? 0, sessions: row?.sessions ?? 0, smsMessages: row?.sms ?? 0 };
}
