import type { DataSource, EntityManager } from 'typeorm';
import {
  DEFAULT_ALERTS_PER_DAY,
  DEFAULT_DIGEST_HOUR,
  lastDigestMoment,
  localDayStart,
  withinDailyLimit,
} from '@platform/domain';
import { siteZone } from './site-zone';

export interface AlertDispatchOptions {
  /** Notifications one shopper gets per site-local day at most (an instant alert or a digest is one). */
  maxPerDay?: number;
  /** The site-local hour digests go out at. */
  digestHour?: number;
  now?: () => Date;
}

interface WaitingAlert {
  id: string;
  shopper_id: string;
  site_id: number;
  channels: string[];
  email: string | null;
}

/**
 * Decides which alerts become messages: instant alerts at once, digests once a day at the site's
 * local morning hour, both within the daily limit per shopper. A notification becomes one
 * alert_messages row per channel (the outbox the relay queues), written in the same transaction that
 * marks its alerts sent, so an alert is never sent twice nor lost.
 */
export class AlertDispatcher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: AlertDispatchOptions = {},
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * Sends waiting instant alerts, site by site in a few set-based statements each (10,000 shoppers
   * cost no more round trips than one): per shopper, `withinDailyLimit` picks the oldest alerts the
   * day's allowance leaves; those become notifications, the rest are capped. Returns how many
   * notifications were made.
   */
  async dispatchInstant(): Promise<number> {
    const sites = (await this.dataSource.query(
      `SELECT DISTINCT site_id FROM shopper_alerts WHERE status = 'pending'`,
    )) as { site_id: number }[];
    let made = 0;
    for (const { site_id } of sites) {
      made += await this.dataSource.transaction(async (manager) => {
        // One dispatcher per site at a time, so two never both spend a shopper's last allowance.
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('alert-dispatch'), $1)`, [site_id]);
        const dayStart = localDayStart(this.now(), await siteZone(manager, site_id));
        const pending = (await manager.query(
          `SELECT a.shopper_id, array_agg(a.id ORDER BY a.created_at, a.id) AS ids,
                  (SELECT count(DISTINCT m.notification_id)::int FROM alert_messages m
                   WHERE m.shopper_id = a.shopper_id AND m.created_at >= $2) AS sent_today
           FROM shopper_alerts a WHERE a.site_id = $1 AND a.status = 'pending' GROUP BY a.shopper_id`,
          [site_id, dayStart.toISOString()],
        )) as { shopper_id: string; ids: string[]; sent_today: number }[];
        const send: string[] = [];
        const capped: string[] = [];
        for (const shopper of pending) {
          const split = withinDailyLimit(shopper.ids, shopper.sent_today, this.maxPerDay);
          for (const id of split.send) send.push(id);
          for (const id of split.capped) capped.push(id);
        }
        await manager.query(
          `UPDATE shopper_alerts SET status = 'capped' WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
          [capped],
        );
        const [row] = (await manager.query(
          `WITH sending AS (
             UPDATE shopper_alerts SET status = 'sent' WHERE id = ANY($1::uuid[]) AND status = 'pending'
             RETURNING id, shopper_id, site_id, channels, email, gen_random_uuid() AS notification_id),
           messages AS (
             INSERT INTO alert_messages (notification_id, shopper_id, site_id, channel, digest, alert_ids)
             SELECT s.notification_id, s.shopper_id, s.site_id, channel, false, ARRAY[s.id]
             FROM sending s CROSS JOIN LATERAL unnest(s.channels) AS channel
             WHERE channel <> 'email' OR s.email IS NOT NULL RETURNING 1)
           SELECT (SELECT count(*) FROM sending)::int AS sent, (SELECT count(*) FROM messages)::int AS messages`,
          [send],
        )) as { sent: number }[];
        return row?.sent ?? 0;
      });
    }
    return made;
  }

  /** Sends each shopper's digest of alerts queued before the last digest moment of their site; returns how many. */
  async dispatchDigests(): Promise<number> {
    const shoppers = (await this.dataSource.query(
      `SELECT DISTINCT shopper_id FROM shopper_alerts WHERE status = 'digest'`,
    )) as { shopper_id: string }[];
    let made = 0;
    for (const { shopper_id } of shoppers) {
      made += await this.dataSource.transaction(async (manager) => {
        const zone = await lockShopper(manager, shopper_id);
        if (zone === null) return 0;
        const moment = lastDigestMoment(this.now(), zone, this.options.digestHour ?? DEFAULT_DIGEST_HOUR);
        const alerts = (await manager.query(
          `SELECT id, shopper_id, site_id, channels, email FROM shopper_alerts
           WHERE shopper_id = $1 AND status = 'digest' AND created_at < $2 ORDER BY created_at, id`,
          [shopper_id, moment.toISOString()],
        )) as WaitingAlert[];
        if (alerts.length === 0) return 0;
        const { send } = withinDailyLimit([alerts], await this.sentToday(manager, shopper_id, zone), this.maxPerDay);
        if (send.length === 0) {
          await markCapped(manager, alerts);
          return 0;
        }
        await notify(manager, alerts, true);
        return 1;
      });
    }
    return made;
  }

  private get maxPerDay(): number {
    return this.options.maxPerDay ?? DEFAULT_ALERTS_PER_DAY;
  }

  private async sentToday(manager: EntityManager, shopperId: string, zone: string): Promise<number> {
    const [{ n }] = (await manager.query(
      `SELECT count(DISTINCT notification_id)::int AS n FROM alert_messages WHERE shopper_id = $1 AND created_at >= $2`,
      [shopperId, localDayStart(this.now(), zone).toISOString()],
    )) as [{ n: number }];
    return n;
  }
}

/** Locks the shopper (one dispatcher per shopper at a time) and answers their site's zone; null when gone. */
async function lockShopper(manager: EntityManager, shopperId: string): Promise<string | null> {
  const [row] = (await manager.query(`SELECT site_id FROM shoppers WHERE id = $1 FOR UPDATE`, [shopperId])) as {
    site_id: number;
  }[];
  return row ? siteZone(manager, row.site_id) : null;
}

/** One notification of the given alerts: a message row per channel, and the alerts marked sent. */
async function notify(manager: EntityManager, alerts: WaitingAlert[], digest: boolean): Promise<void> {
  const [first] = alerts as [WaitingAlert, ...WaitingAlert[]];
  const channels = new Set(alerts.flatMap((alert) => alert.channels));
  const hasEmail = alerts.some((alert) => alert.email !== null);
  const wanted = [...channels].filter((channel) => channel !== 'email' || hasEmail);
  const ids = alerts.map((alert) => alert.id);
  await manager.query(
    `INSERT INTO alert_messages (notification_id, shopper_id, site_id, channel, digest, alert_ids)
     SELECT n.id, $1, $2, channel, $4, $5::uuid[] FROM unnest($3::text[]) AS channel, (SELECT gen_random_uuid() AS id) n`,
    [first.shopper_id, first.site_id, wanted, digest, ids],
  );
  await manager.query(`UPDATE shopper_alerts SET status = 'sent' WHERE id = ANY($1::uuid[])`, [ids]);
}

async function markCapped(manager: EntityManager, alerts: WaitingAlert[]): Promise<void> {
  if (alerts.length === 0) return;
  await manager.query(`UPDATE shopper_alerts SET status = 'capped' WHERE id = ANY($1::uuid[])`, [
    alerts.map((a) => a.id),
  ]);
}
