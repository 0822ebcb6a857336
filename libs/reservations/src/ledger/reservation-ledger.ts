import type { DataSource, EntityManager } from 'typeorm';
import {
  formatDollars,
  ONLINE_PURCHASE_SUBCATEGORY,
  RESERVE_ONLINE_CATEGORY,
  type ReservationKind,
  type ReservationStatus,
} from '@platform/domain';
import { siteConfigStore } from '@platform/site-config';
import type { PaymentEvent, PaymentProviders } from '../payments/payment-port';
import { insertLeadWithDeliveries } from './lead-writer';

/** A reservation as ops and the shopper's pages read it (the contact is for ops only). */
export interface ReservationRecord {
  id: string;
  kind: ReservationKind;
  site_id: number;
  dealership_id: number | null;
  car_id: number | null;
  car_summary: Record<string, unknown>;
  shopper_id: string | null;
  contact: Record<string, unknown>;
  selections: Record<string, unknown> | null;
  deposit_cents: number;
  currency: string;
  status: ReservationStatus;
  payment_provider: string;
  payment_ref: string | null;
  payment_deadline: string;
  hold_expires_at: string | null;
  payment_error: string | null;
  refund_due: boolean;
  refund_ref: string | null;
  ops_flag: string | null;
  lead_id: string | null;
  created_at: string;
  updated_at: string;
  held_at: string | null;
  ended_at: string | null;
}

export interface HoldRequest {
  kind: ReservationKind;
  siteId: number;
  dealershipId: number;
  carId: number;
  carSummary: Record<string, unknown>;
  shopperId: string | null;
  contact: Record<string, unknown>;
  selections: Record<string, unknown> | null;
  depositCents: number;
  currency: string;
  provider: string;
  paymentTimeoutMinutes: number;
  /** SHA-256 of the site and the client's Idempotency-Key, and of the request. */
  idempotencyKey: string | null;
  requestHash: string;
}

export type HoldOutcome =
  | { outcome: 'created'; reservation: ReservationRecord }
  | { outcome: 'replay'; reservation: ReservationRecord }
  | { outcome: 'key_reused' }
  | { outcome: 'taken' };

export interface SweepResult {
  released: number;
  expired: number;
  refunded: number;
  refundsFailed: number;
}

/** What applying an event did, and what to do once its transaction has committed. */
export interface AppliedEvent {
  outcome: string;
  after?: () => Promise<unknown>;
}

/** Called with a site whose cars changed, so its search index catches up now (the stock sweep would, later). */
export type IndexSoon = (siteId: number) => Promise<unknown>;

const COLUMNS = `id, kind, site_id, dealership_id, car_id, car_summary, shopper_id, contact, selections, deposit_cents,
  currency, status, payment_provider, payment_ref, payment_deadline, hold_expires_at, payment_error, refund_due,
  refund_ref, ops_flag, lead_id, created_at, updated_at, held_at, ended_at`;

const iso = (value: unknown): string | null => (value ? new Date(value as string).toISOString() : null);

function toRecord(row: Record<string, unknown>): ReservationRecord {
  return {
    ...(row as unknown as ReservationRecord),
    payment_deadline: iso(row['payment_deadline'])!,
    hold_expires_at: iso(row['hold_expires_at']),
    created_at: iso(row['created_at'])!,
    updated_at: iso(row['updated_at'])!,
    held_at: iso(row['held_at']),
    ended_at: iso(row['ended_at']),
  };
}

/**
 * The reservations' one writer: takes holds, applies payment events, releases, expires, cancels,
 * completes and refunds. Every change of a car's hold happens in the transaction that changes the
 * reservation, with the car_changes outbox row that brings the search projection along.
 */
export class ReservationLedger {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentProviders,
    private readonly indexSoon: IndexSoon = async () => undefined,
  ) {}

  /**
   * Takes the car for this shopper before any payment is asked for. The partial unique index
   * decides a race: the loser's insert does nothing and it is answered 'taken', never charged.
   */
  async hold(request: HoldRequest): Promise<HoldOutcome> {
    if (request.idempotencyKey) {
      const earlier = await this.byIdempotencyKey(request.siteId, request.idempotencyKey, request.requestHash);
      if (earlier) return earlier;
    }
    const [row] = (await this.dataSource.query(
      `INSERT INTO reservations (kind, site_id, dealership_id, car_id, car_summary, shopper_id, contact, selections,
         deposit_cents, currency, payment_provider, payment_deadline, idempotency_key, request_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(mins => $12), $13, $14)
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        request.kind,
        request.siteId,
        request.dealershipId,
        request.carId,
        JSON.stringify(request.carSummary),
        request.shopperId,
        JSON.stringify(request.contact),
        request.selections ? JSON.stringify(request.selections) : null,
        request.depositCents,
        request.currency,
        request.provider,
        request.paymentTimeoutMinutes,
        request.idempotencyKey,
        request.requestHash,
      ],
    )) as Record<string, unknown>[];
    if (row) return { outcome: 'created', reservation: toRecord(row) };
    // Nothing inserted: the same key committed first (a double click), or another shopper holds the car.
    if (request.idempotencyKey) {
      const earlier = await this.byIdempotencyKey(request.siteId, request.idempotencyKey, request.requestHash);
      if (earlier) return earlier;
    }
    return { outcome: 'taken' };
  }

  async attachPayment(id: string, ref: string): Promise<ReservationRecord> {
    const [rows] = (await this.dataSource.query(
      `UPDATE reservations SET payment_ref = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, ref],
    )) as [Record<string, unknown>[], number];
    return toRecord(rows[0]!);
  }

  /** The provider could not start the payment: the hold ends at once, nothing was charged. */
  async abandon(id: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE reservations SET status = 'released', ended_at = now(), payment_error = $2, updated_at = now()
       WHERE id = $1 AND status = 'pending_payment'`,
      [id, reason.slice(0, 500)],
    );
  }

  async find(id: string): Promise<ReservationRecord | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = (await this.dataSource.query(`SELECT ${COLUMNS} FROM reservations WHERE id = $1`, [id])) as Record<
      string,
      unknown
    >[];
    return row ? toRecord(row) : null;
  }

  async list(filter: { status?: ReservationStatus; siteId?: number; limit: number }): Promise<ReservationRecord[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM reservations
       WHERE ($1::text IS NULL OR status = $1) AND ($2::int IS NULL OR site_id = $2)
       ORDER BY created_at DESC LIMIT $3`,
      [filter.status ?? null, filter.siteId ?? null, filter.limit],
    )) as Record<string, unknown>[];
    return rows.map(toRecord);
  }

  /**
   * Applies a reservation's payment event in the inbox's transaction (see PaymentInbox). A success on
   * a live hold makes it held: the car is reserved, the dealer's lead and the shopper's confirmation
   * are queued. A success that arrives after the hold ended, or for a car no longer available, is
   * refunded and flagged to ops. A decline is shown to the shopper, who may try again in time.
   */
  async applyIn(manager: EntityManager, event: PaymentEvent): Promise<AppliedEvent> {
    if (event.kind === 'ignored' || !event.ref) return { outcome: 'ignored' };
    const [row] = (await manager.query(
      `SELECT ${COLUMNS} FROM reservations WHERE payment_provider = $1 AND payment_ref = $2 FOR UPDATE`,
      [event.provider, event.ref],
    )) as Record<string, unknown>[];
    if (!row) return { outcome: 'unknown payment' };
    const reservation = toRecord(row);

    if (event.kind === 'failed') {
      if (reservation.status !== 'pending_payment') return { outcome: 'no change' };
      await manager.query(`UPDATE reservations SET payment_error = $2, updated_at = now() WHERE id = $1`, [
        reservation.id,
        (event.failure ?? 'The payment was declined.').slice(0, 500),
      ]);
      return { outcome: 'declined' };
    }

    if (reservation.status !== 'pending_payment') {
      if (reservation.status === 'held' || reservation.status === 'completed' || reservation.refund_due) {
        return { outcome: 'no change' };
      }
      if (reservation.refund_ref) return { outcome: 'no change' };
      // Paid after the hold ended (released unpaid, cancelled): the money goes back.
      await manager.query(
        `UPDATE reservations SET status = 'refunded', refund_due = true, payment_error = NULL, ops_flag = $2, updated_at = now() WHERE id = $1`,
        [reservation.id, `Payment arrived after the reservation was ${reservation.status}; refunded automatically.`],
      );
      return { outcome: 'refunded (after the hold ended)', after: () => this.settleRefund(reservation.id) };
    }

    const [car] = (await manager.query(
      `SELECT id, status, feed_reserved, withdrawn_at, show_on_dealer_website FROM cars WHERE id = $1 FOR UPDATE`,
      [reservation.car_id],
    )) as {
      id: number;
      status: string;
      feed_reserved: boolean;
      withdrawn_at: Date | null;
      show_on_dealer_website: boolean;
    }[];
    const available =
      car && car.status === 'in_stock' && !car.feed_reserved && !car.withdrawn_at && car.show_on_dealer_website;
    if (!available) {
      await manager.query(
        `UPDATE reservations SET status = 'refunded', refund_due = true, ended_at = now(), payment_error = NULL, ops_flag = $2, updated_at = now() WHERE id = $1`,
        [reservation.id, 'The car was sold or withdrawn before the payment arrived; refunded automatically.'],
      );
      return { outcome: 'refunded (car no longer available)', after: () => this.settleRefund(reservation.id) };
    }

    const config = reservation.dealership_id
      ? await siteConfigStore(this.dataSource).dealership(reservation.dealership_id)
      : await siteConfigStore(this.dataSource).siteConfig(reservation.site_id);
    const [held] = (await manager.query(
      `UPDATE reservations SET status = 'held', held_at = now(), payment_error = NULL,
         hold_expires_at = now() + make_interval(hours => $2), updated_at = now()
       WHERE id = $1 RETURNING hold_expires_at`,
      [reservation.id, config.reservations.hold_hours],
    )) as [{ hold_expires_at: Date }[], number];
    const holdExpiresAt = new Date(held[0]!.hold_expires_at).toISOString();
    await manager.query(`UPDATE cars SET reservation_id = $1, updated_at = now() WHERE id = $2`, [
      reservation.id,
      reservation.car_id,
    ]);
    await manager.query(`INSERT INTO car_changes (site_id, car_id) VALUES ($1, $2)`, [
      reservation.site_id,
      reservation.car_id,
    ]);
    const leadId = await insertLeadWithDeliveries(manager, {
      siteId: reservation.site_id,
      dealershipId: reservation.dealership_id,
      carId: reservation.car_id,
      form: 'reservation',
      category: RESERVE_ONLINE_CATEGORY,
      subcategory: reservation.kind === 'purchase' ? ONLINE_PURCHASE_SUBCATEGORY : null,
      fields: {
        ...reservation.contact,
        reservation_id: reservation.id,
        deposit: formatDollars(reservation.deposit_cents / 100),
        payment_reference: reservation.payment_ref,
        payment_provider: reservation.payment_provider,
        hold_expires_at: holdExpiresAt,
        ...(reservation.selections ? { selections: reservation.selections } : {}),
      },
      notifyEmails: config.leads.notify_emails,
      valuationId: tradeInValuationId(reservation.selections),
    });
    await manager.query(`UPDATE reservations SET lead_id = $2 WHERE id = $1`, [reservation.id, leadId]);
    return { outcome: 'held', after: () => this.indexSoon(reservation.site_id).catch(() => undefined) };
  }

  /**
   * The maintenance pass: unpaid holds past their payment window are released (and their payment
   * stopped), held reservations past their hold expire and free the car, and refunds still owed are
   * retried. Each runs row by row under its own lock, so a webhook arriving meanwhile waits its turn.
   */
  async sweep(): Promise<SweepResult> {
    const [released] = (await this.dataSource.query(
      `UPDATE reservations SET status = 'released', ended_at = now(), updated_at = now()
       WHERE status = 'pending_payment' AND payment_deadline < now()
       RETURNING id, payment_provider, payment_ref`,
    )) as [{ id: string; payment_provider: string; payment_ref: string | null }[], number];
    for (const row of released) {
      if (!row.payment_ref) continue;
      // Best effort: a payment that still lands is refunded when its event arrives.
      await this.payments
        .get(row.payment_provider)
        .cancelPayment(row.payment_ref)
        .catch(() => undefined);
    }
    const expired = await this.endHolds(
      `SELECT id FROM reservations WHERE status = 'held' AND hold_expires_at < now() FOR UPDATE SKIP LOCKED`,
      'expired',
    );
    const owed = (await this.dataSource.query(`SELECT id FROM reservations WHERE refund_due ORDER BY updated_at`)) as {
      id: string;
    }[];
    let refunded = 0;
    let refundsFailed = 0;
    for (const { id } of owed) {
      if (await this.settleRefund(id)) refunded += 1;
      else refundsFailed += 1;
    }
    return { released: released.length, expired, refunded, refundsFailed };
  }

  /** Ops: cancel a reservation; a paid one is refunded, and the car is free again. */
  async cancel(id: string): Promise<ReservationRecord | 'not_found' | 'ended'> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(`SELECT ${COLUMNS} FROM reservations WHERE id = $1 FOR UPDATE`, [
        id,
      ])) as Record<string, unknown>[];
      if (!row) return 'not_found' as const;
      const reservation = toRecord(row);
      if (reservation.status !== 'pending_payment' && reservation.status !== 'held') return 'ended' as const;
      const paid = reservation.status === 'held';
      await manager.query(
        `UPDATE reservations SET status = 'cancelled', ended_at = now(), refund_due = $2, updated_at = now() WHERE id = $1`,
        [id, paid],
      );
      if (paid) await this.freeCar(manager, reservation);
      return reservation;
    });
    if (typeof outcome === 'string') return outcome;
    if (outcome.status === 'held') {
      await this.settleRefund(id);
      await this.indexSoon(outcome.site_id).catch(() => undefined);
    } else if (outcome.payment_ref) {
      await this.payments
        .get(outcome.payment_provider)
        .cancelPayment(outcome.payment_ref)
        .catch(() => undefined);
    }
    return (await this.find(id))!;
  }

  /** Ops: the sale went through. The car stays reserved until the dealer's feed marks it sold. */
  async complete(id: string): Promise<ReservationRecord | 'not_found' | 'not_held'> {
    const [rows] = (await this.dataSource.query(
      `UPDATE reservations SET status = 'completed', ended_at = now(), updated_at = now() WHERE id = $1 AND status = 'held' RETURNING id`,
      [id],
    )) as [{ id: string }[], number];
    if (rows.length === 0) return (await this.find(id)) ? 'not_held' : 'not_found';
    return (await this.find(id))!;
  }

  /** Refunds what a reservation owes through the provider that took it; false leaves it owed (and flagged) for the next sweep. */
  async settleRefund(id: string): Promise<boolean> {
    const reservation = await this.find(id);
    if (!reservation?.refund_due || !reservation.payment_ref) return false;
    try {
      const { refundRef } = await this.payments
        .get(reservation.payment_provider)
        .refund(reservation.payment_ref, { idempotencyKey: `refund-${reservation.id}` });
      await this.dataSource.query(
        `UPDATE reservations SET refund_due = false, refund_ref = $2, updated_at = now() WHERE id = $1`,
        [id, refundRef],
      );
      return true;
    } catch (error) {
      await this.dataSource.query(`UPDATE reservations SET ops_flag = $2, updated_at = now() WHERE id = $1`, [
        id,
        `Refund failed, retried by the sweep: ${(error as Error).message}`.slice(0, 1000),
      ]);
      return false;
    }
  }

  private async endHolds(selectSql: string, status: 'expired'): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const ids = (await manager.query(selectSql)) as { id: string }[];
      const sites = new Set<number>();
      for (const { id } of ids) {
        const [row] = (await manager.query(
          `UPDATE reservations SET status = $2, ended_at = now(), updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
          [id, status],
        )) as [Record<string, unknown>[], number];
        const reservation = toRecord(row[0]!);
        await this.freeCar(manager, reservation);
        sites.add(reservation.site_id);
      }
      for (const siteId of sites) await this.indexSoon(siteId).catch(() => undefined);
      return ids.length;
    });
  }

  private async freeCar(manager: EntityManager, reservation: ReservationRecord): Promise<void> {
    if (reservation.car_id === null) return;
    const [, count] = (await manager.query(
      `UPDATE cars SET reservation_id = NULL, updated_at = now() WHERE id = $1 AND reservation_id = $2`,
      [reservation.car_id, reservation.id],
    )) as [unknown[], number];
    if (count > 0) {
      await manager.query(`INSERT INTO car_changes (site_id, car_id) VALUES ($1, $2)`, [
        reservation.site_id,
        reservation.car_id,
      ]);
    }
  }

  private async byIdempotencyKey(siteId: number, key: string, requestHash: string): Promise<HoldOutcome | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${COLUMNS}, request_hash FROM reservations WHERE site_id = $1 AND idempotency_key = $2`,
      [siteId, key],
    )) as Record<string, unknown>[];
    if (!row) return null;
    if (row['request_hash'] !== requestHash) return { outcome: 'key_reused' };
    delete row['request_hash'];
    return { outcome: 'replay', reservation: toRecord(row) };
  }
}

/** The valuation behind an Online Purchase's trade-in, so the dealer's lead carries the estimate. */
function tradeInValuationId(selections: Record<string, unknown> | null): string | null {
  const tradeIn = selections?.['trade_in'] as { valuation_id?: unknown } | null | undefined;
  return typeof tradeIn?.valuation_id === 'string' ? tradeIn.valuation_id : null;
}
