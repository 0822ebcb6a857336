import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  leadMoveForReservation,
  refundState,
  type LeadStatus,
  type ReservationAction,
  type ReservationStatus,
} from '@platform/domain';
import { QueueProducer, reservationNoticeJobId } from '@platform/queues';
import {
  outcomeNotice,
  queueNotice,
  ReservationLedger,
  type ReservationRecord,
  type WithinChange,
} from '@platform/reservations';
import { dealershipHours, siteConfigStore } from '@platform/site-config';
import { notFound, ProblemException } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import { recordDealerAudit, recordFirstResponse } from '@platform/leads';
import { membershipOf, requireRole, RESERVATION_ACTORS } from './dealer-scope';
import type { ReservationListQuery } from './dealer.schemas';

/** Where the money of a reservation stands, in the console's words. */
export type PaymentState = 'awaiting_payment' | 'paid' | 'not_paid' | 'refund_pending' | 'refunded';

export interface DealerReservation {
  id: string;
  kind: string;
  status: ReservationStatus;
  /** Awaiting payment or held: the dealership can still act on it. */
  active: boolean;
  dealership: { slug: string; name: string };
  car: { id: number | null; title: string; stocknum: string | null; slug: string | null; image: string | null };
  shopper: { name: string | null; email: string | null; phone: string | null };
  deposit: { cents: number; currency: string };
  payment: { state: PaymentState; provider: string; reference: string | null; error: string | null };
  /** A refund owed or made: pending until the provider confirms it. */
  refund: {
    state: 'pending' | 'refunded';
    attempts: number;
    error: string | null;
    refundedAt: string | null;
  } | null;
  holdExpiresAt: string | null;
  /** Whole minutes of the hold left by the database's clock; null when not held. */
  minutesLeft: number | null;
  paymentDeadline: string;
  extensions: { used: number; max: number; maxHours: number };
  createdAt: string;
  heldAt: string | null;
  endedAt: string | null;
  dealerRemindedAt: string | null;
  /** What this user may do now. */
  can: { complete: boolean; cancel: boolean; extend: boolean };
  /** The lead the paid deposit made (the console links the two). */
  leadId: string | null;
}

export interface DealerReservationDetail extends DealerReservation {
  notices: { kind: string; status: string; createdAt: string; sentAt: string | null }[];
}

const ACTIVE: readonly ReservationStatus[] = ['pending_payment', 'held'];

function paymentStateOf(r: ReservationRecord): PaymentState {
  const refund = refundState(r);
  if (refund === 'pending') return 'refund_pending';
  if (refund === 'refunded') return 'refunded';
  if (r.status === 'pending_payment') return 'awaiting_payment';
  return r.held_at ? 'paid' : 'not_paid';
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

const conflict = (title: string, detail: string): ProblemException =>
  new ProblemException({ status: 409, title, detail });

export const reservationNotFound = (): ProblemException =>
  notFound('Reservation not found', 'No reservation of your dealerships has this id.');

/**
 * The reservations a dealer user may see and act on: those of their dealerships. Every action is
 * the ledger's own operation (the one place money and holds change), with the audit record and the
 * shopper's email written in its transaction; the email is queued after commit and relayed by the
 * sweep if Redis was away.
 */
@Injectable()
export class DealerReservations {
  private readonly logger = new Logger(DealerReservations.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ledger: ReservationLedger,
    private readonly producer: QueueProducer,
  ) {}

  async list(dealer: DealerPrincipal, ids: number[], query: ReservationListQuery): Promise<DealerReservation[]> {
    const statuses =
      query.status === 'active'
        ? ACTIVE
        : query.status === 'ended'
          ? (['completed', 'released', 'cancelled', 'expired', 'refunded'] as const)
          : null;
    const rows = (await this.db.query(
      `SELECT r.id FROM reservations r
       WHERE r.dealership_id = ANY($1::int[]) AND ($2::text[] IS NULL OR r.status = ANY($2::text[]))
       ORDER BY (r.status IN ('pending_payment', 'held')) DESC,
         CASE WHEN r.status IN ('pending_payment', 'held') THEN COALESCE(r.hold_expires_at, r.payment_deadline) END ASC,
         r.created_at DESC, r.id
       LIMIT $3`,
      [ids, statuses, query.limit],
    )) as { id: string }[];
    return this.views(
      dealer,
      rows.map((row) => row.id),
    );
  }

  async detail(dealer: DealerPrincipal, id: string): Promise<DealerReservationDetail | null> {
    const record = await this.scoped(dealer, id);
    if (!record) return null;
    const [view] = await this.views(dealer, [id]);
    const notices = (await this.db.query(
      `SELECT kind, status, created_at, sent_at FROM reservation_notices WHERE reservation_id = $1 ORDER BY created_at`,
      [id],
    )) as { kind: string; status: string; created_at: Date; sent_at: Date | null }[];
    return {
      ...view!,
      notices: notices.map((n) => ({
        kind: n.kind,
        status: n.status,
        createdAt: n.created_at.toISOString(),
        sentAt: n.sent_at?.toISOString() ?? null,
      })),
    };
  }

  /** Mark sold: the ledger's complete. */
  async complete(dealer: DealerPrincipal, id: string): Promise<DealerReservation> {
    const record = await this.actable(dealer, id);
    const notices: string[] = [];
    const result = await this.ledger.complete(id, this.within(dealer, record, 'completed', notices));
    if (result === 'not_found') throw reservationNotFound();
    if (result === 'not_held')
      throw conflict('Reservation not held', 'Only a held (paid) reservation can be marked sold; it has changed.');
    return this.after(dealer, id, notices);
  }

  /** Cancel, refunding a paid deposit through the provider that took it: the ledger's cancel. */
  async cancel(dealer: DealerPrincipal, id: string): Promise<DealerReservation> {
    const record = await this.actable(dealer, id);
    const notices: string[] = [];
    const result = await this.ledger.cancel(id, this.within(dealer, record, 'cancelled', notices));
    if (result === 'not_found') throw reservationNotFound();
    if (result === 'ended')
      throw conflict(
        'Reservation already ended',
        'Only a reservation awaiting payment or held can be cancelled; it has changed.',
      );
    return this.after(dealer, id, notices);
  }

  /** Give the shopper more time, within the dealership's bounds: the ledger's extend. */
  async extend(dealer: DealerPrincipal, id: string, hours: number): Promise<DealerReservation> {
    const record = await this.actable(dealer, id);
    const notices: string[] = [];
    const result = await this.ledger.extend(id, hours, this.within(dealer, record, 'extended', notices, { hours }));
    if (result === 'not_found') throw reservationNotFound();
    if (result === 'not_held')
      throw conflict('Reservation not held', 'Only a live held reservation can be extended; it has changed.');
    if ('refused' in result)
      throw new ProblemException({
        status: 409,
        title: 'Extension not allowed',
        detail: result.refused,
        errors: [{ path: 'hours', message: result.refused }],
      });
    return this.after(dealer, id, notices);
  }

  /** The reservation if it is one of the user's dealerships', else null (unknown and another's alike). */
  private async scoped(dealer: DealerPrincipal, id: string): Promise<ReservationRecord | null> {
    const record = await this.ledger.find(id);
    if (!record || record.dealership_id === null) return null;
    return dealer.memberships.some((m) => m.dealershipId === record.dealership_id) ? record : null;
  }

  private async actable(dealer: DealerPrincipal, id: string): Promise<ReservationRecord> {
    const record = await this.scoped(dealer, id);
    if (!record) throw reservationNotFound();
    requireRole(dealer, record.dealership_id!, RESERVATION_ACTORS);
    return record;
  }

  /** The audit record and the shopper's email, in the ledger's transaction. */
  private within(
    dealer: DealerPrincipal,
    record: ReservationRecord,
    kind: 'completed' | 'cancelled' | 'extended',
    notices: string[],
    extra: Record<string, unknown> = {},
  ): WithinChange {
    return async (manager: EntityManager, { before, after }) => {
      await recordDealerAudit(manager, {
        userId: dealer.userId,
        dealershipId: record.dealership_id!,
        action: `reservation.${kind}`,
        subject: { type: 'reservation', id: record.id },
        detail: {
          from: before.status,
          to: after.status,
          ...(kind === 'extended' ? { hold_expires_at: after.hold_expires_at } : {}),
          ...extra,
        },
      });
      await this.moveLead(manager, dealer, record, kind);
      const zone = (await dealershipHours(manager, record.dealership_id!))?.timeZone;
      const notice = outcomeNotice(kind, before, after, zone);
      if (notice) notices.push(await queueNotice(manager, record.id, notice));
    };
  }

  /**
   * The reservation's lead follows what the dealer did (leadMoveForReservation), in the same
   * transaction and with the same audit trail as a status change made on the lead itself.
   */
  private async moveLead(
    manager: EntityManager,
    dealer: DealerPrincipal,
    record: ReservationRecord,
    action: ReservationAction,
  ): Promise<void> {
    if (!record.lead_id) return;
    const [lead] = (await manager.query(`SELECT status FROM leads WHERE id = $1 FOR UPDATE`, [record.lead_id])) as {
      status: LeadStatus;
    }[];
    const move = lead && leadMoveForReservation(action, lead.status);
    if (!lead || !move) return;
    await manager.query(`UPDATE leads SET status = $2, lost_reason = $3, status_changed_at = now() WHERE id = $1`, [
      record.lead_id,
      move.status,
      move.reason,
    ]);
    await recordFirstResponse(manager, record.lead_id, dealer.userId, 'reservation');
    await recordDealerAudit(manager, {
      dealershipId: record.dealership_id!,
      userId: dealer.userId,
      action: 'lead.status_changed',
      subject: { type: 'lead', id: record.lead_id },
      detail: {
        from: lead.status,
        to: move.status,
        ...(move.reason ? { reason: move.reason } : {}),
        reservation: { id: record.id, action },
      },
    });
  }

  /** After a committed action: queue its email (the sweep relays it if this fails) and answer the reservation. */
  private async after(dealer: DealerPrincipal, id: string, notices: string[]): Promise<DealerReservation> {
    for (const noticeId of notices) {
      await this.producer
        .add('reservationNotice', { noticeId }, { jobId: reservationNoticeJobId(noticeId) })
        .catch((error: Error) =>
          this.logger.warn(`reservation email ${noticeId} waits for the sweep: ${error.message}`),
        );
    }
    const [view] = await this.views(dealer, [id]);
    return view!;
  }

  /** The console's view of reservations, in the order of `ids`. */
  private async views(dealer: DealerPrincipal, ids: string[]): Promise<DealerReservation[]> {
    if (ids.length === 0) return [];
    const rows = (await this.db.query(
      `SELECT r.id, d.slug AS dealership_slug, d.name AS dealership_name,
         GREATEST(0, floor(EXTRACT(EPOCH FROM r.hold_expires_at - now()) / 60))::int AS minutes_left
       FROM reservations r JOIN dealerships d ON d.id = r.dealership_id WHERE r.id = ANY($1::uuid[])`,
      [ids],
    )) as { id: string; dealership_slug: string; dealership_name: string; minutes_left: number | null }[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const views: DealerReservation[] = [];
    const configs = new Map<number, { max: number; maxHours: number }>();
    for (const id of ids) {
      const r = await this.ledger.find(id);
      const row = byId.get(id);
      if (!r || !row || r.dealership_id === null) continue;
      let bounds = configs.get(r.dealership_id);
      if (!bounds) {
        const config = await siteConfigStore(this.db).dealership(r.dealership_id);
        bounds = { max: config.reservations.max_extensions, maxHours: config.reservations.max_extension_hours };
        configs.set(r.dealership_id, bounds);
      }
      const role = membershipOf(dealer, r.dealership_id).role;
      const acts = RESERVATION_ACTORS.includes(role);
      const refund = refundState(r);
      const held = r.status === 'held';
      views.push({
        id: r.id,
        kind: r.kind,
        status: r.status,
        active: ACTIVE.includes(r.status),
        dealership: { slug: row.dealership_slug, name: row.dealership_name },
        car: {
          id: r.car_id,
          title: text(r.car_summary['title']) ?? 'Car',
          stocknum: text(r.car_summary['stocknum']),
          slug: text(r.car_summary['slug']),
          image: text(r.car_summary['image']),
        },
        shopper: { name: text(r.contact['name']), email: text(r.contact['email']), phone: text(r.contact['phone']) },
        deposit: { cents: r.deposit_cents, currency: r.currency },
        payment: {
          state: paymentStateOf(r),
          provider: r.payment_provider,
          reference: r.payment_ref,
          error: r.payment_error,
        },
        refund: refund
          ? { state: refund, attempts: r.refund_attempts, error: r.refund_error, refundedAt: r.refunded_at }
          : null,
        holdExpiresAt: r.hold_expires_at,
        minutesLeft: held ? row.minutes_left : null,
        paymentDeadline: r.payment_deadline,
        extensions: { used: r.hold_extensions, max: bounds.max, maxHours: bounds.maxHours },
        createdAt: r.created_at,
        heldAt: r.held_at,
        endedAt: r.ended_at,
        dealerRemindedAt: r.dealer_reminded_at,
        can: {
          complete: acts && held,
          cancel: acts && ACTIVE.includes(r.status),
          extend: acts && held && (row.minutes_left ?? 0) > 0 && r.hold_extensions < bounds.max,
        },
        leadId: r.lead_id,
      });
    }
    return views;
  }
}
