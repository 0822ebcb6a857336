import { DateTime } from 'luxon';
import type { DataSource, EntityManager } from 'typeorm';
import type { ReservationNoticeKind } from '@platform/db';
import { dealerResponseDueAt, formatDollars } from '@platform/domain';
import { dealershipHours, dealershipOrigin, siteConfigStore } from '@platform/site-config';
import { sendOutboxRow, type SendAttempt } from '@platform/leads';
import type { ReservationRecord } from '../ledger/reservation-ledger';

/** A reservation email as a mailer sends it (the lead mailer's shape: the worker passes that one). */
export interface NoticeEmail {
  /** The notice id: the Message-ID derives from it, so a retried send is recognisably the same message. */
  deliveryId: string;
  leadId: string | null;
  to: string[];
  subject: string;
  text: string;
}

export interface NoticeMailer {
  send(email: NoticeEmail): Promise<string>;
}

export interface Notice {
  kind: ReservationNoticeKind;
  recipients: string[];
  subject: string;
  body: string;
}

/** The zone times are shown in when a dealership has no location (its site's shoppers are Australian). */
const FALLBACK_ZONE = 'Australia/Sydney';
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
const oneLine = (text: string): string => text.replace(LINE_BREAK, ' ').trim();

const carTitle = (reservation: ReservationRecord): string => {
  const title = reservation.car_summary['title'];
  return oneLine(typeof title === 'string' && title ? title : 'car');
};
const stockOf = (reservation: ReservationRecord): string => {
  const stocknum = reservation.car_summary['stocknum'];
  return typeof stocknum === 'string' && stocknum ? ` (stock ${oneLine(stocknum)})` : '';
};
const dealershipOf = (reservation: ReservationRecord): string => {
  const name = reservation.car_summary['dealership'];
  return typeof name === 'string' && name ? oneLine(name) : 'The dealership';
};
const shopperEmail = (reservation: ReservationRecord): string | null => {
  const email = reservation.contact['email'];
  return typeof email === 'string' && email.includes('@') ? email : null;
};
const greeting = (reservation: ReservationRecord): string => {
  const name = reservation.contact['name'];
  return `Hi ${typeof name === 'string' ? oneLine(name) : ''},`.replace(' ,', ',');
};
const when = (iso: string, zone: string): string =>
  DateTime.fromISO(iso).setZone(zone).toFormat("cccc d LLLL yyyy 'at' h:mm a");

/**
 * The shopper's email of the dealership's outcome, from the reservation after the change: completed
 * (the sale went through), cancelled (and the deposit refunded when one was paid) or extended (the
 * new end of the hold). Null when the shopper left no email address.
 */
export function outcomeNotice(
  kind: 'completed' | 'cancelled' | 'extended',
  before: ReservationRecord,
  after: ReservationRecord,
  timeZone = FALLBACK_ZONE,
): Notice | null {
  const to = shopperEmail(after);
  if (!to) return null;
  const car = carTitle(after);
  const deposit = formatDollars(after.deposit_cents / 100);
  const dealership = dealershipOf(after);
  const lines =
    kind === 'completed'
      ? [
          `${dealership} has completed the sale of the ${car}${stockOf(after)} you reserved.`,
          `Your ${deposit} deposit has been put towards the price. Thank you for buying with us.`,
        ]
      : kind === 'cancelled'
        ? [
            `${dealership} has cancelled your reservation of the ${car}${stockOf(after)}.`,
            before.status === 'held'
              ? `Your ${deposit} deposit is refunded in full to the card you paid with; your bank may take a few business days to show it.`
              : 'No payment was taken.',
            'If you did not expect this, please contact the dealership.',
          ]
        : [
            `${dealership} has extended your hold on the ${car}${stockOf(after)}.`,
            `The car is now held for you until ${when(after.hold_expires_at ?? after.updated_at, timeZone)}.`,
          ];
  const subject =
    kind === 'completed'
      ? `Your purchase of the ${car} is complete`
      : kind === 'cancelled'
        ? `Your reservation of the ${car} is cancelled`
        : `Your hold on the ${car} is extended`;
  return {
    kind,
    recipients: [to],
    subject,
    body: [greeting(after), '', ...lines, '', `Reservation: ${after.id}`, dealership].join('\n'),
  };
}

/** Writes a notice into the outbox in the caller's transaction; answers its id. */
export async function queueNotice(manager: EntityManager, reservationId: string, notice: Notice): Promise<string> {
  const [row] = (await manager.query(
    `INSERT INTO reservation_notices (reservation_id, kind, recipients, subject, body) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [reservationId, notice.kind, notice.recipients, notice.subject, notice.body],
  )) as { id: string }[];
  return row!.id;
}

/**
 * Reservation emails: the dealer-response reminder (found by the sweep) and sending any notice. A
 * notice already sent is skipped, so a job that runs twice sends once; a failed send is recorded
 * and rethrown for the queue to retry, and the last attempt marks it dead with the reason.
 */
export class ReservationNotices {
  constructor(
    private readonly dataSource: DataSource,
    /** webPort: WEB_PORT, the port the web serves development (`*.localhost`) hosts on, for the console link. */
    private readonly options: { webPort?: number | null } = {},
  ) {}

  async send(noticeId: string, mailer: NoticeMailer, attempt: SendAttempt): Promise<'sent' | 'skipped'> {
    const [notice] = (await this.dataSource.query(
      `SELECT n.id, n.status, n.recipients, n.subject, n.body, r.lead_id
       FROM reservation_notices n JOIN reservations r ON r.id = n.reservation_id WHERE n.id = $1`,
      [noticeId],
    )) as { id: string; status: string; recipients: string[]; subject: string; body: string; lead_id: string | null }[];
    if (!notice || notice.status !== 'pending') return 'skipped';
    return sendOutboxRow(this.dataSource, 'reservation_notices', noticeId, attempt, () =>
      mailer
        .send({
          deliveryId: notice.id,
          leadId: notice.lead_id,
          to: notice.recipients,
          subject: notice.subject,
          text: notice.body,
        })
        .then(() => undefined),
    );
  }

  /** Notices waiting to be sent (the relay queues them again; a queued one is not doubled). */
  async pendingIds(limit = 200): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM reservation_notices WHERE status = 'pending' ORDER BY created_at LIMIT $1`,
      [limit],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * Holds nobody at the dealership acted on within reservations.dealer_response_hours of open time:
   * each gets one reminder to the dealership's dealer users (or, with none, its lead notification
   * addresses), written with the reservation's dealer_reminded_at in one transaction under the row's
   * lock, so two sweeps at once remind once. Answers the notices written.
   */
  async remindDue(now: Date): Promise<string[]> {
    const candidates = (await this.dataSource.query(
      `SELECT id, dealership_id, held_at FROM reservations
       WHERE status = 'held' AND dealer_acted_at IS NULL AND dealer_reminded_at IS NULL AND held_at IS NOT NULL
         AND dealership_id IS NOT NULL
       ORDER BY held_at LIMIT 500`,
    )) as { id: string; dealership_id: number; held_at: Date }[];
    const written: string[] = [];
    for (const candidate of candidates) {
      const config = await siteConfigStore(this.dataSource).dealership(candidate.dealership_id);
      const hours = await dealershipHours(this.dataSource, candidate.dealership_id);
      const dueAt = dealerResponseDueAt({
        from: new Date(candidate.held_at),
        businessHours: config.reservations.dealer_response_hours,
        hours: hours?.hours ?? [],
        specialHours: hours?.specialHours ?? [],
        timeZone: hours?.timeZone ?? FALLBACK_ZONE,
      });
      if (dueAt > now) continue;
      const id = await this.dataSource.transaction(async (manager) => {
        const [row] = (await manager.query(
          `SELECT id, car_summary, deposit_cents, hold_expires_at, contact FROM reservations
           WHERE id = $1 AND status = 'held' AND dealer_acted_at IS NULL AND dealer_reminded_at IS NULL
           FOR UPDATE SKIP LOCKED`,
          [candidate.id],
        )) as Pick<ReservationRecord, 'id' | 'car_summary' | 'deposit_cents' | 'hold_expires_at' | 'contact'>[];
        if (!row) return null;
        await manager.query(`UPDATE reservations SET dealer_reminded_at = now() WHERE id = $1`, [row.id]);
        const users = (await manager.query(
          `SELECT u.email FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
           WHERE m.dealership_id = $1 AND m.role IN ('owner', 'sales') ORDER BY u.email`,
          [candidate.dealership_id],
        )) as { email: string }[];
        const to = users.length > 0 ? users.map((u) => u.email) : [...config.leads.notify_emails];
        if (to.length === 0) return null;
        const reservation = row as ReservationRecord;
        const zone = hours?.timeZone ?? FALLBACK_ZONE;
        const console = `${await dealershipOrigin(manager, candidate.dealership_id, this.options.webPort ?? null)}/dealer/reservations`;
        return queueNotice(manager, row.id, {
          kind: 'dealer_reminder',
          recipients: to,
          subject: `Reservation waiting for you: ${carTitle(reservation)}${stockOf(reservation)}`,
          body: [
            `A shopper paid a ${formatDollars(row.deposit_cents / 100)} deposit to reserve the ${carTitle(reservation)}${stockOf(reservation)} and nobody has acted on it yet.`,
            row.hold_expires_at ? `The hold ends ${when(new Date(row.hold_expires_at).toISOString(), zone)}.` : null,
            '',
            `Mark it sold, extend the hold, or cancel and refund it in the dealer console: ${console}`,
            `Reservation: ${row.id}`,
          ]
            .filter((line): line is string => line !== null)
            .join('\n'),
        });
      });
      if (id) written.push(id);
    }
    return written;
  }
}
