import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  DEFAULT_ALERTS_PER_DAY,
  DEFAULT_DIGEST_HOUR,
  groupAlertsByShopper,
  lastDigestMoment,
  localDayStart,
  withinDailyLimit,
  type GroupedNotification,
} from '@platform/domain';
import { siteZone } from './site-zone';
import { smsSendAfter } from './sms-quiet-hours';

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
 * Decides which alerts become messages: instant alerts at once (grouped per shopper), digests once a
 * day at the site's local morning hour, both within the daily limit per shopper; texts wait out the
 * site's quiet hours. A notification becomes one alert_messages row per channel (the outbox the relay
 * queues), written in the same transaction that marks its alerts sent, so an alert is never sent
 * twice nor lost. Whether a consent still covers it is the sender's check, when it goes.
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
   * Sends waiting instant alerts, site by site, grouped: each shopper's waiting alerts become one
   * notification (`groupAlertsByShopper`: at most one message per channel, so a feed of five
   * matching cars makes one text), when the day's allowance (`withinDailyLimit`, counted in
   * notifications) has room; otherwise they are capped. A text made in the site's quiet hours
   * waits for their end (send_after), joining a text already waiting for that shopper. A few
   * set-based statements per site, however many shoppers. Returns how many notifications were made.
   */
  async dispatchInstant(): Promise<number> {
    const sites = (await this.dataSource.query(
      // A suspended or retired site's alerts wait (issue 51): none is sent while it is not active.
      `SELECT DISTINCT a.site_id FROM shopper_alerts a JOIN sites s ON s.id = a.site_id
       WHERE a.status = 'pending' AND s.status = 'active' AND s.retired_at IS NULL`,
    )) as { site_id: number }[];
    let made = 0;
    for (const { site_id } of sites) {
      made += await this.dataSource.transaction(async (manager) => {
        // One dispatcher per site at a time, so two never both spend a shopper's last allowance.
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('alert-dispatch'), $1)`, [site_id]);
        const now = this.now();
        const dayStart = localDayStart(now, await siteZone(manager, site_id));
        const pending = (await manager.query(
          `SELECT a.id, a.shopper_id, a.channels, a.email IS NOT NULL AS has_email,
                  (SELECT count(DISTINCT m.notification_id)::int FROM alert_messages m
                   WHERE m.shopper_id = a.shopper_id AND m.created_at >= $2) AS sent_today
           FROM shopper_alerts a WHERE a.site_id = $1 AND a.status = 'pending' ORDER BY a.created_at, a.id`,
          [site_id, dayStart.toISOString()],
        )) as { id: string; shopper_id: string; channels: string[]; has_email: boolean; sent_today: number }[];
        const sentToday = new Map(pending.map((row) => [row.shopper_id, row.sent_today]));
        const notifications = groupAlertsByShopper(
          pending.map((row) => ({
            id: row.id,
            shopperId: row.shopper_id,
            channels: row.channels,
            hasEmail: row.has_email,
          })),
        );
        const sending: GroupedNotification[] = [];
        let capped: string[] = [];
        for (const notification of notifications) {
          const { send } = withinDailyLimit([notification], sentToday.get(notification.shopperId) ?? 0, this.maxPerDay);
          if (send.length > 0) sending.push(notification);
          else capped = capped.concat(notification.alertIds);
        }
        await manager.query(
          `UPDATE shopper_alerts SET status = 'capped' WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
          [capped],
        );
        await writeMessages(
          manager,
          site_id,
          sending,
          false,
          now,
          await smsSendAfter(this.dataSource, manager, site_id, now),
        );
        return sending.length;
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
           WHERE shopper_id = $1 AND status = 'digest' AND created_at < $2
             AND site_id IN (SELECT id FROM sites WHERE status = 'active' AND retired_at IS NULL)
           ORDER BY created_at, id`,
          [shopper_id, moment.toISOString()],
        )) as WaitingAlert[];
        if (alerts.length === 0) return 0;
        const { send } = withinDailyLimit([alerts], await this.sentToday(manager, shopper_id, zone), this.maxPerDay);
        if (send.length === 0) {
          await markCapped(manager, alerts);
          return 0;
        }
        const [first] = alerts as [WaitingAlert, ...WaitingAlert[]];
        const [digest] = groupAlertsByShopper(
          alerts.map((alert) => ({
            id: alert.id,
            shopperId: alert.shopper_id,
            channels: alert.channels,
            hasEmail: alert.email !== null,
          })),
        );
        const now = this.now();
        await writeMessages(
          manager,
          first.site_id,
          digest ? [digest] : [],
          true,
          now,
          await smsSendAfter(this.dataSource, manager, first.site_id, now),
        );
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

/**
 * Writes the messages of notifications (one row per channel, a new notification id each) and marks
 * their alerts sent, in the caller's transaction. With `smsSendAfter` (the site's quiet hours) a
 * text waits until then, and joins the shopper's text already waiting, if any: the morning brings
 * one text, not one per pass of the night.
 */
async function writeMessages(
  manager: EntityManager,
  siteId: number,
  notifications: GroupedNotification[],
  digest: boolean,
  now: Date,
  smsSendAfter: Date | null,
): Promise<void> {
  if (notifications.length === 0) return;
  const rows = notifications.flatMap((notification) => {
    const id = randomUUID();
    return notification.messages.map((message) => ({
      notificationId: id,
      shopperId: notification.shopperId,
      channel: message.channel,
      alertIds: message.alertIds,
    }));
  });
  let joined = new Set<string>();
  const texts = rows.filter((row) => row.channel === 'sms');
  if (smsSendAfter && texts.length > 0) {
    const merged = (await manager.query(
      `UPDATE alert_messages m SET alert_ids = m.alert_ids || string_to_array(t.ids, ',')::uuid[], digest = m.digest OR $4, updated_at = now()
       FROM unnest($1::uuid[], $2::text[]) AS t(shopper_id, ids)
       WHERE m.shopper_id = t.shopper_id AND m.channel = 'sms' AND m.status = 'pending' AND m.send_after > $3
       RETURNING m.shopper_id`,
      [texts.map((row) => row.shopperId), texts.map((row) => row.alertIds.join(',')), now.toISOString(), digest],
    )) as [{ shopper_id: string }[], number];
    joined = new Set(merged[0].map((row) => row.shopper_id));
  }
  const fresh = rows.filter((row) => !(row.channel === 'sms' && joined.has(row.shopperId)));
  await manager.query(
    `INSERT INTO alert_messages (notification_id, shopper_id, site_id, channel, digest, alert_ids, send_after, created_at, updated_at)
     SELECT t.notification_id, t.shopper_id, $1, t.channel, $2, string_to_array(t.ids, ',')::uuid[],
            CASE WHEN t.channel = 'sms' THEN $7::timestamptz END, $8, $8
     FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[]) AS t(notification_id, shopper_id, channel, ids)`,
    [
      siteId,
      digest,
      fresh.map((row) => row.notificationId),
      fresh.map((row) => row.shopperId),
      fresh.map((row) => row.channel),
      fresh.map((row) => row.alertIds.join(',')),
      smsSendAfter?.toISOString() ?? null,
      now.toISOString(),
    ],
  );
  await manager.query(`UPDATE shopper_alerts SET status = 'sent' WHERE id = ANY($1::uuid[])`, [
    notifications.flatMap((notification) => notification.alertIds),
  ]);
}

async function markCapped(manager: EntityManager, alerts: WaitingAlert[]): Promise<void> {
  if (alerts.length === 0) return;
  await manager.query(`UPDATE shopper_alerts SET status = 'capped' WHERE id = ANY($1::uuid[])`, [
    alerts.map((a) => a.id),
  ]);
}
