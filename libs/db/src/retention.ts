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
/**
 * Shopper alerts: a sent (or capped, or stopped) alert only feeds the watchlist's new-match counts,
 * so it goes after 90 days, as do the counts of matches never stored as alerts; a delivered alert message (or one withdrawn for want of consent) after 30 (dead ones stay for ops); a
 * development copy of an alert email (it holds an address) after a week, like the SMS copies.
 */
export const ALERT_RETENTION_DAYS = 90;
export const ALERT_MESSAGE_RETENTION_DAYS = 30;

export interface ShopperDataPurge {
  codes: number;
  sessions: number;
  smsMessages: number;
  alerts: number;
}

/** Deletes expired sign-in codes, ended sessions, old development SMS and alert email copies, and old alerts. */
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
       DELETE FROM sms_messages WHERE created_at < $1::timestamptz - make_interval(days => $4) RETURNING 1),
     alert_emails AS (
       DELETE FROM outbound_emails WHERE lead_id IS NULL AND created_at < $1::timestamptz - make_interval(days => $4) RETURNING 1),
     alerts AS (
       DELETE FROM shopper_alerts
       WHERE status IN ('sent', 'capped', 'stopped') AND created_at < $1::timestamptz - make_interval(days => $5) RETURNING 1),
     unstored AS (
       DELETE FROM saved_search_unstored_matches WHERE created_at < $1::timestamptz - make_interval(days => $5) RETURNING 1),
     messages AS (
       DELETE FROM alert_messages
       WHERE status IN ('delivered', 'withdrawn') AND created_at < $1::timestamptz - make_interval(days => $6) RETURNING 1)
     SELECT (SELECT count(*) FROM codes)::int AS codes, (SELECT count(*) FROM sessions)::int AS sessions, (SELECT count(*) FROM sms)::int AS sms,
            (SELECT count(*) FROM alerts)::int + (SELECT count(*) FROM unstored)::int + (SELECT count(*) FROM messages)::int
              + (SELECT count(*) FROM alert_emails)::int AS alerts`,
    [
      now.toISOString(),
      SIGN_IN_CODE_RETENTION_HOURS,
      REVOKED_SESSION_RETENTION_HOURS,
      SMS_MESSAGE_RETENTION_DAYS,
      ALERT_RETENTION_DAYS,
      ALERT_MESSAGE_RETENTION_DAYS,
    ],
  )) as { codes: number; sessions: number; sms: number; alerts: number }[];
  return { codes: row?.codes ?? 0, sessions: row?.sessions ?? 0, smsMessages: row?.sms ?? 0, alerts: row?.alerts ?? 0 };
}

/** A car's daily facts (issue 41) are kept this long: a year of history and a month to compare with. */
export const CAR_DAILY_FACT_RETENTION_DAYS = 400;

/** Deletes daily facts older than CAR_DAILY_FACT_RETENTION_DAYS (by the day they count). */
export async function purgeOldCarFacts(db: Pick<EntityManager, 'query'>, today: string): Promise<number> {
  const rows = (await db.query(
    `WITH gone AS (DELETE FROM car_daily_facts WHERE day < $1::date - $2::int RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [today, CAR_DAILY_FACT_RETENTION_DAYS],
  )) as { n: number }[];
  return rows[0]?.n ?? 0;
}
