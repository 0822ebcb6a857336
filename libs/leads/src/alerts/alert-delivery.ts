import { UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import {
  consentCovers,
  siteOrigin,
  type AlertChannel,
  type AlertKind,
  type ConsentRecord,
  type ConsentSubject,
} from '@platform/domain';
import { siteConfigStore } from '@platform/site-config';
import { DeliveryError } from '../delivery/delivery-error';
import type { LeadMailer } from '../delivery/lead-mailer';
import type { SmsSender } from '../sms/sms-sender';
import { alertEmail, alertPhotoOf, alertSms, type AlertItem, type AlertSite } from './alert-message';
import { unsubscribeToken, type UnsubscribeTarget } from './unsubscribe-token';
import { storedPhotosOf } from '@platform/stock';

export interface AlertDeliveryDeps {
  dataSource: DataSource;
  mailer: LeadMailer;
  sms: SmsSender;
  /** ALERT_LINK_SECRET: signs the unsubscribe link. */
  linkSecret: string;
  /** WEB_PORT: the port the web serves development (`*.localhost`) hosts on, for the message's links. */
  webPort?: number | null;
}

interface MessageRow {
  id: string;
  shopper_id: string;
  site_id: number;
  channel: AlertChannel;
  digest: boolean;
  alert_ids: string[];
  status: string;
  sent_at: Date | null;
  phone: string;
}

/**
 * Sends one alert message and records the outcome on its row. Only the alerts a live consent for
 * its channel covers are sent; with none, nothing is and the row is marked withdrawn. Like lead emails it is sent once:
 * the moment the mail server or gateway accepts it, `sent_at` is written on its own; a retry that
 * finds it does not send again. Failures are recorded (the reason, never the content or the
 * recipient) and rethrown for the queue to retry; the last attempt marks the row dead.
 */
export async function deliverAlertMessage(
  deps: AlertDeliveryDeps,
  messageId: string,
  attempt: { number: number; max: number },
): Promise<{ status: 'delivered' | 'skipped'; target?: string }> {
  const { dataSource: db } = deps;
  const [message] = (await db.query(
    `SELECT m.id, m.shopper_id, m.site_id, m.channel, m.digest, m.alert_ids, m.status, m.sent_at, s.phone
     FROM alert_messages m JOIN shoppers s ON s.id = m.shopper_id WHERE m.id = $1`,
    [messageId],
  )) as MessageRow[];
  // The shopper deleted their account meanwhile: nothing to send, nothing to retry.
  if (!message) throw new UnrecoverableError(`Alert message ${messageId} no longer exists`);
  if (message.status === 'delivered') return { status: 'skipped' };
  try {
    const target = message.sent_at ? 'already sent' : await send(deps, message);
    if (target === WITHDRAWN) {
      await db.query(
        `UPDATE alert_messages SET status = 'withdrawn', attempts = $2, target = NULL, last_error = NULL, updated_at = now() WHERE id = $1`,
        [messageId, attempt.number],
      );
      return { status: 'skipped', target };
    }
    await db.query(
      `UPDATE alert_messages SET status = 'delivered', delivered_at = now(), attempts = $2, target = $3, last_error = NULL, updated_at = now() WHERE id = $1`,
      [messageId, attempt.number, target],
    );
    return { status: 'delivered', target };
  } catch (error) {
    const retryable = !(error instanceof DeliveryError) || error.retryable;
    const dead = !retryable || attempt.number >= attempt.max;
    const reason = `${(error as Error).message}${dead ? ` (dead after attempt ${attempt.number} of ${attempt.max})` : ''}`;
    await db.query(
      `UPDATE alert_messages SET status = $2, attempts = $3, last_error = $4, updated_at = now() WHERE id = $1`,
      [messageId, dead ? 'dead' : 'queued', attempt.number, reason.slice(0, 1000)],
    );
    throw retryable ? error : new UnrecoverableError(reason);
  }
}

async function send(deps: AlertDeliveryDeps, message: MessageRow): Promise<string> {
  const { dataSource: db } = deps;
  const rows = (await db.query(
    `SELECT a.id, a.kind, a.price, a.old_price, a.saved_search_id, a.email, a.created_at, ss.name AS saved_search_name, ss.page_path AS saved_search_path,
            c.id AS car_id, c.dealership_id, c.slug, c.year, c.make, c.model, c.badge, c.data
     FROM shopper_alerts a JOIN cars c ON c.id = a.car_id LEFT JOIN saved_searches ss ON ss.id = a.saved_search_id
     WHERE a.id = ANY($1::uuid[]) ORDER BY a.created_at, a.id`,
    [message.alert_ids],
  )) as {
    id: string;
    kind: AlertKind;
    price: number | null;
    old_price: number | null;
    saved_search_id: string | null;
    email: string | null;
    created_at: Date;
    saved_search_name: string | null;
    saved_search_path: string | null;
    car_id: number;
    dealership_id: number;
    slug: string;
    year: number;
    make: string;
    model: string;
    badge: string | null;
    data: Record<string, unknown>;
  }[];
  if (rows.length === 0) return 'nothing left to send';
  // The consent rule, asked at the last moment: a consent withdrawn since the alert was found
  // (on the watchlist, by an unsubscribe link) stops it, and so does one never given.
  const consents = await liveConsents(db, message.shopper_id, message.channel);
  const covered = rows.filter((row) =>
    consentCovers(consents, message.channel, { savedSearchId: row.saved_search_id, carId: row.car_id }),
  );
  if (covered.length === 0) return WITHDRAWN;
  const photos = await storedPhotosOf(db, covered);
  const items: AlertItem[] = covered.map((row) => ({
    id: row.id,
    kind: row.kind,
    price: row.price,
    oldPrice: row.old_price,
    savedSearchId: row.saved_search_id,
    savedSearchName: row.saved_search_name,
    savedSearchPath: row.saved_search_path,
    createdAt: row.created_at,
    car: {
      id: row.car_id,
      slug: row.slug,
      year: row.year,
      make: row.make,
      model: row.model,
      badge: row.badge,
      data: row.data,
      photo: alertPhotoOf(row.data, photos(row.dealership_id)),
    },
  }));
  const site = await alertSite(db, message.site_id, deps.webPort ?? null);
  const [first] = items as [AlertItem, ...AlertItem[]];
  // The link stops what the message is about: its one saved search or car, else every alert.
  const oneSearch = first.savedSearchId !== null && items.every((item) => item.savedSearchId === first.savedSearchId);
  const oneCar =
    first.savedSearchId === null && items.every((item) => item.savedSearchId === null && item.car.id === first.car.id);
  const target: UnsubscribeTarget =
    message.digest || !(oneSearch || oneCar)
      ? { shopperId: message.shopper_id, kind: 'all' }
      : oneSearch
        ? { shopperId: message.shopper_id, kind: 'search', id: first.savedSearchId as string }
        : { shopperId: message.shopper_id, kind: 'car', id: first.car.id };
  const { origin } = site;
  const token = encodeURIComponent(unsubscribeToken(deps.linkSecret, target));
  const links = {
    // The one-click address for mail clients (RFC 8058 POST), through the site's own host: the web
    // forwards /api/sites/{its slug}/… to the api.
    oneClickUrl: `${origin}/api/sites/${site.slug}/alerts/unsubscribe?token=${token}`,
    // The page a person opens from the message: it asks before stopping anything.
    unsubscribeUrl: `${origin}/unsubscribe?token=${token}`,
    watchlistUrl: `${origin}/watchlist`,
  };

  let sentTo: string;
  if (message.channel === 'email') {
    const to = [...covered].reverse().find((row) => row.email !== null)?.email;
    if (!to) return 'no email address';
    sentTo = await deps.mailer.send(alertEmail(message.id, to, site, items, message.digest, links));
  } else {
    await deps.sms.send({
      siteId: message.site_id,
      to: message.phone,
      body: alertSms(site, items, message.digest, links),
    });
    sentTo = 'sms';
  }
  // The row keeps what actually went: alerts no consent covered were left out of the message.
  await db.query(`UPDATE alert_messages SET sent_at = now(), alert_ids = $2, updated_at = now() WHERE id = $1`, [
    message.id,
    items.map((item) => item.id),
  ]);
  return sentTo;
}

/** What send() answers when no live consent covers any alert of the message: nothing is sent. */
const WITHDRAWN = 'no live consent';

/** The shopper's consents for a channel that are not withdrawn. */
async function liveConsents(db: DataSource, shopperId: string, channel: AlertChannel): Promise<ConsentRecord[]> {
  const rows = (await db.query(
    `SELECT channel, subject, saved_search_id, car_id FROM alert_consents
     WHERE shopper_id = $1 AND channel = $2 AND withdrawn_at IS NULL`,
    [shopperId, channel],
  )) as { channel: AlertChannel; subject: ConsentSubject; saved_search_id: string | null; car_id: number | null }[];
  return rows.map((row) => ({
    channel: row.channel,
    subject: row.subject,
    savedSearchId: row.saved_search_id,
    carId: row.car_id,
    withdrawnAt: null,
  }));
}

/** The site as its messages name it: its name, address and a number to call (its first location's). */
async function alertSite(db: DataSource, siteId: number, webPort: number | null): Promise<AlertSite> {
  const settings = await siteConfigStore(db).site({ id: siteId });
  if (!settings) throw new DeliveryError(`Site ${siteId} no longer exists`, false);
  const [host] = (await db.query(
    `SELECT host FROM site_hosts WHERE site_id = $1 ORDER BY "primary" DESC, host LIMIT 1`,
    [siteId],
  )) as { host: string }[];
  const [contact] = (await db.query(
    `SELECT coalesce(nullif(l.phone, ''), nullif(l.landline_phone, '')) AS phone
     FROM dealerships d JOIN locations l ON l.dealership_id = d.id
     WHERE d.site_id = $1 AND coalesce(nullif(l.phone, ''), nullif(l.landline_phone, '')) IS NOT NULL
     ORDER BY d.position, d.id, l."primary" DESC, l.id LIMIT 1`,
    [siteId],
  )) as { phone: string }[];
  return {
    slug: settings.slug,
    name: settings.name,
    config: settings.config,
    origin: siteOrigin({ host: host?.host, slug: settings.slug }, webPort),
    contactPhone: contact?.phone ?? null,
  };
}
