import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import type { DataSource } from 'typeorm';
import { AVAILABLE_STATUS_SQL, siteOrigin } from '@platform/domain';
import { QUIET_LOG, WorkerGroup, type WorkerLog } from '@platform/queues';
import { createMailer, type LeadMailer } from '../delivery/lead-mailer';
import { insightsEmail, type AttentionCar } from './insights-email-message';
import { insightsUnsubscribeToken } from './insights-email-token';

/** The cars each email names: the five with the lowest ratings. */
export const INSIGHTS_EMAIL_CARS = 5;
/** The email goes out from this hour on Monday in the dealership's zone. */
export const INSIGHTS_EMAIL_HOUR = 8;
/** How long after Monday 8:00 a week's email may still go (a worker down at 8:00 catches up). */
const CATCH_UP_HOURS = 36;
const TICK_EVERY_MS = 60 * 60 * 1000;
const FALLBACK_ZONE = 'Australia/Sydney';

export interface InsightsEmailOptions {
  dataSource: DataSource;
  mailer: LeadMailer;
  /** ALERT_LINK_SECRET: signs the one-click unsubscribe links. */
  linkSecret: string;
  /** WEB_PORT: the port the web serves development (`*.localhost`) hosts on, for the email's links. */
  webPort?: number | null;
  now?: () => Date;
  log?: WorkerLog;
}

/** The week a moment falls in for a zone: its Monday (YYYY-MM-DD), and whether that Monday's send time has come and not long gone. */
export function insightsEmailWeek(now: Date, zone: string): { week: string; due: boolean } {
  const local = DateTime.fromJSDate(now).setZone(zone);
  const monday = local.startOf('week');
  const sendAt = monday.set({ hour: INSIGHTS_EMAIL_HOUR });
  const due = local >= sendAt && local < sendAt.plus({ hours: CATCH_UP_HOURS });
  return { week: monday.toISODate() as string, due };
}

/** One email's delivery id: the same for the same owner, dealership and week, so a retry is recognisably the same message. */
const deliveryIdOf = (dealershipId: number, week: string, userId: string): string => {
  const hex = createHash('sha256').update(`insights-email\n${dealershipId}\n${week}\n${userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

interface DealershipRow {
  id: number;
  name: string;
  site_name: string;
  site_slug: string;
  host: string | null;
  zone: string | null;
}

/**
 * Sends the week's insights email of every dealership whose Monday 8:00 has come (in its own zone)
 * to each of its owners who has not unsubscribed. The week is claimed first (a sent-marker row), so
 * a second run, or a second worker, sends nothing; a failed send gives the claim back for the next
 * tick. A dealership with no rated live car is marked and gets no email that week.
 */
export async function sendWeeklyInsightsEmails(
  options: InsightsEmailOptions,
): Promise<{ dealerships: number; emails: number }> {
  const { dataSource: db } = options;
  const now = options.now?.() ?? new Date();
  const dealerships = (await db.query(
    `SELECT d.id, d.name, s.name AS site_name, s.slug AS site_slug,
            (SELECT h.host FROM site_hosts h WHERE h.site_id = s.id ORDER BY h."primary" DESC, h.host LIMIT 1) AS host,
            (SELECT l.time_zone FROM locations l WHERE l.dealership_id = d.id ORDER BY l."primary" DESC, l.id LIMIT 1) AS zone
     FROM dealerships d JOIN sites s ON s.id = d.site_id
     WHERE EXISTS (SELECT 1 FROM dealer_memberships m WHERE m.dealership_id = d.id AND m.role = 'owner')
     ORDER BY d.id`,
  )) as DealershipRow[];
  let sent = 0;
  let handled = 0;
  for (const dealership of dealerships) {
    if (!dealership.host) continue;
    const { week, due } = insightsEmailWeek(now, dealership.zone ?? FALLBACK_ZONE);
    if (!due) continue;
    const [claimed] = (await db.query(
      `INSERT INTO dealer_insights_emails (dealership_id, week, recipients) VALUES ($1, $2, 0)
       ON CONFLICT DO NOTHING RETURNING dealership_id`,
      [dealership.id, week],
    )) as unknown[];
    if (!claimed) continue;
    handled++;
    try {
      sent += await sendDealershipEmail(options, dealership, week, now);
    } catch (error) {
      await db.query(`DELETE FROM dealer_insights_emails WHERE dealership_id = $1 AND week = $2`, [
        dealership.id,
        week,
      ]);
      throw error;
    }
  }
  return { dealerships: handled, emails: sent };
}

async function sendDealershipEmail(
  options: InsightsEmailOptions,
  dealership: DealershipRow,
  week: string,
  now: Date,
): Promise<number> {
  const { dataSource: db } = options;
  const rows = (await db.query(
    `SELECT c.id, c.year, c.make, c.model, c.badge, c.stocknum, c.price, c.created_at, i.score, i.band, i.explanation
     FROM car_insights i JOIN cars c ON c.id = i.car_id
     WHERE i.dealership_id = $1 AND c.dealership_id = $1 AND c.status IN ${AVAILABLE_STATUS_SQL} AND c.withdrawn_at IS NULL
     ORDER BY i.score, c.created_at, c.id LIMIT ${INSIGHTS_EMAIL_CARS}`,
    [dealership.id],
  )) as {
    id: number;
    year: number;
    make: string;
    model: string;
    badge: string | null;
    stocknum: string | null;
    price: number | null;
    created_at: Date;
    score: number;
    band: string;
    explanation: string;
  }[];
  if (rows.length === 0) return 0;
  const cars: AttentionCar[] = rows.map((row) => ({
    id: row.id,
    title: [row.year, row.make, row.model, row.badge].filter(Boolean).join(' '),
    stocknum: row.stocknum,
    price: row.price,
    daysInStock: Math.max(0, Math.floor((now.getTime() - new Date(row.created_at).getTime()) / 86_400_000)),
    score: row.score,
    band: row.band,
    explanation: row.explanation,
  }));
  const owners = (await db.query(
    `SELECT u.id, u.email FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
     WHERE m.dealership_id = $1 AND m.role = 'owner'
       AND NOT EXISTS (SELECT 1 FROM dealer_insights_email_opt_outs o WHERE o.user_id = u.id)
     ORDER BY u.id`,
    [dealership.id],
  )) as { id: string; email: string }[];
  const origin = siteOrigin({ host: dealership.host, slug: dealership.site_slug }, options.webPort ?? null);
  for (const owner of owners) {
    const token = insightsUnsubscribeToken(options.linkSecret, owner.id);
    await options.mailer.send(
      insightsEmail(
        deliveryIdOf(dealership.id, week, owner.id),
        owner.email,
        { name: dealership.name, siteName: dealership.site_name },
        cars,
        {
          stockUrl: `${origin}/dealer/insights`,
          carUrl: (id) => `${origin}/dealer/insights/cars/${id}`,
          // Through the site's own host: the web forwards /api/dealer/… to the api.
          oneClickUrl: `${origin}/api/dealer/insights/email/unsubscribe?token=${token}`,
          unsubscribeUrl: `${origin}/dealer/insights-email?token=${token}`,
        },
      ),
    );
  }
  await db.query(`UPDATE dealer_insights_emails SET recipients = $3 WHERE dealership_id = $1 AND week = $2`, [
    dealership.id,
    week,
    owners.length,
  ]);
  return owners.length;
}

/** The weekly email's worker: an hourly tick (every dealership's Monday 8:00 falls on some hour). */
export async function startInsightsEmailWorkers(
  options: Omit<InsightsEmailOptions, 'mailer'> & {
    redisUrl: string;
    prefix: string;
    smtpUrl?: string;
    mailFrom?: string;
    mailer?: LeadMailer;
    schedule?: boolean;
    tickEveryMs?: number;
  },
): Promise<{ close: () => Promise<void> }> {
  const log = options.log ?? QUIET_LOG;
  const mailer = options.mailer ?? createMailer(options.dataSource, options);
  const group = new WorkerGroup(options.redisUrl, options.prefix, log);
  group.start('insightsEmail', 1, async () => {
    const result = await sendWeeklyInsightsEmails({ ...options, mailer, log });
    if (result.dealerships > 0) log.info(result, 'weekly insights emails sent');
    return result;
  });
  if (options.schedule !== false)
    group.schedule('insightsEmail', 'insights-email-tick', options.tickEveryMs ?? TICK_EVERY_MS, { task: 'tick' });
  await group.ready();
  return {
    close: async () => {
      await group.close();
      if (!options.mailer) mailer.close();
    },
  };
}
