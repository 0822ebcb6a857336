import type { DataSource, EntityManager } from 'typeorm';
import {
  formatDollars,
  holdExtensionRefusal,
  ONLINE_PURCHASE_SUBCATEGORY,
  paymentWindowEnded,
  REFUND_ATTENTION_AFTER_ATTEMPTS,
  refundRetryDelaySeconds,
  RESERVE_ONLINE_CATEGORY,
  type RefundReason,
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
  refund_reason: RefundReason | null;
  refund_attempts: number;
  refund_next_attempt_at: string | null;
  refund_error: string | null;
  refunded_at: string | null;
  ops_flag: string | null;
  lead_id: string | null;
  created_at: string;
  updated_at: string;
  held_at: string | null;
  ended_at: string | null;
  /** How often the dealership extended the hold. */
  hold_extensions: number;
  /** When a dealer user first acted on the hold; null until then. */
  dealer_acted_at: string | null;
  /** When the dealership was reminded of a hold nobody acted on. */
  dealer_reminded_at: string | null;
}

/**
 * Runs in the transaction of a change, with the reservation before and after it: the caller's own
 * writes (an audit record, the shopper's email in the outbox) commit with the change or not at all.
 */
export type WithinChange = (
  manager: EntityManager,
  change: { before: ReservationRecord; after: ReservationRecord },
) => Promise<void>;

/** A refund owed and not yet confirmed by the provider, as ops see it (no contact details). */
export interface PendingRefund {
  id: string;
  site_id: number;
  dealership_id: number | null;
  status: ReservationStatus;
  deposit_cents: number;
  currency: string;
  payment_provider: string;
  payment_ref: string | null;
  refund_reason: RefundReason | null;
  refund_attempts: number;
  refund_next_attempt_at: string | null;
  refund_error: string | null;
  /** Failed often enough that someone should look at the provider (it is still retried). */
  needs_attention: boolean;
  ended_at: string | null;
}

/** What one attempt at a refund came to. */
export type RefundAttempt = 'refunded' | 'failed' | 'not_due';

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
  /** Refunds still owed after this pass (waiting for their next attempt). */
  refundsPending: number;
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
  refund_ref, refund_reason, refund_attempts, refund_next_attempt_at, refund_error, refunded_at, ops_flag, lead_id,
  created_at, updated_at, held_at, ended_at, hold_extensions, dealer_acted_at, dealer_reminded_at`;

/** Sets a refund owed, due at once; the caller's transaction changes the status with it. */
const OWE_REFUND = `refund_due = true, refund_reason = $2, refund_next_attempt_at = NULL, refund_attempts = 0`;

const iso = (value: unknown): string | null => (value ? new Date(value as string).toISOString() : null);

function toRecord(row: Record<string, unknown>): ReservationRecord {
  return {
    ...(row as unknown as ReservationRecord),
    payment_deadline: iso(row['payment_deadline'])!,
    hold_expires_at: iso(row['hold_expires_at']),
    refund_next_attempt_at: iso(row['refund_next_attempt_at']),
    refunded_at: iso(row['refunded_at']),
    created_at: iso(row['created_at'])!,
    updated_at: iso(row['updated_at'])!,
    held_at: iso(row['held_at']),
    ended_at: iso(row['ended_at']),
    dealer_acted_at: iso(row['dealer_acted_at']),
    dealer_reminded_at: iso(row['dealer_reminded_at']),
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
      `SELECT ${COLUMNS}, now() AS confirmed_at FROM reservations WHERE payment_provider = $1 AND payment_ref = $2 FOR UPDATE`,
      [event.provider, event.ref],
    )) as Record<string, unknown>[];
    if (!row) return { outcome: 'unknown payment' };
    // The database's clock, read under the row's lock: the sweep judges deadlines by the same clock.
    const confirmedAt = new Date(row['confirmed_at'] as string);
    delete row['confirmed_at'];
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
        `UPDATE reservations SET status = 'refunded', ${OWE_REFUND}, payment_error = NULL, ops_flag = $3, updated_at = now() WHERE id = $1`,
        [
          reservation.id,
          'paid_after_hold_ended' satisfies RefundReason,
          `Payment arrived after the reservation was ${reservation.status}; refunded automatically.`,
        ],
      );
      return { outcome: 'refunded (after the hold ended)', after: () => this.settleRefund(reservation.id) };
    }

    // Whether or not the sweep has released it yet, a hold whose payment window has ended takes no
    // payment: the car may already be promised to the next shopper the moment the sweep runs.
    if (paymentWindowEnded(new Date(reservation.payment_deadline), confirmedAt)) {
      await manager.query(
        `UPDATE reservations SET status = 'refunded', ${OWE_REFUND}, ended_at = now(), payment_error = NULL, ops_flag = $3, updated_at = now() WHERE id = $1`,
        [
          reservation.id,
          'paid_after_hold_ended' satisfies RefundReason,
          'Payment arrived after the payment window ended; refunded automatically.',
        ],
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
        `UPDATE reservations SET status = 'refunded', ${OWE_REFUND}, ended_at = now(), payment_error = NULL, ops_flag = $3, updated_at = now() WHERE id = $1`,
        [
          reservation.id,
          'car_unavailable' satisfies RefundReason,
          'The car was sold or withdrawn before the payment arrived; refunded automatically.',
        ],
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
      leads: config.leads,
      valuationId: tradeInValuationId(reservation.selections),
    });
    await manager.query(`UPDATE reservations SET lead_id = $2 WHERE id = $1`, [reservation.id, leadId]);
    return { outcome: 'held', after: () => this.indexSoon(reservation.site_id).catch(() => undefined) };
  }

  /**
   * The maintenance pass: unpaid holds past their payment window are released (and their payment
   * stopped), held reservations past their hold expire, free the car and owe their deposit back, and
   * refunds owed are tried when their backoff allows. Each runs under row locks, so a webhook
   * arriving meanwhile, or another sweep (the api's and the worker's), waits its turn or skips.
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
    const expired = await this.expireHolds();
    const owed = (await this.dataSource.query(
      `SELECT id FROM reservations
       WHERE refund_due AND (refund_next_attempt_at IS NULL OR refund_next_attempt_at <= now())
       ORDER BY refund_next_attempt_at NULLS FIRST, ended_at`,
    )) as { id: string }[];
    let refunded = 0;
    let refundsFailed = 0;
    for (const { id } of owed) {
      const attempt = await this.settleRefund(id);
      if (attempt === 'refunded') refunded += 1;
      else if (attempt === 'failed') refundsFailed += 1;
    }
    const [{ pending }] = (await this.dataSource.query(
      `SELECT count(*)::int AS pending FROM reservations WHERE refund_due`,
    )) as [{ pending: number }];
    return { released: released.length, expired, refunded, refundsFailed, refundsPending: pending };
  }

  /**
   * Cancel a reservation (ops, or its dealership from the console); a paid one is refunded, and the
   * car is free again. `within` runs in the cancelling transaction.
   */
  async cancel(id: string, within?: WithinChange): Promise<ReservationRecord | 'not_found' | 'ended'> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(`SELECT ${COLUMNS} FROM reservations WHERE id = $1 FOR UPDATE`, [
        id,
      ])) as Record<string, unknown>[];
      if (!row) return 'not_found' as const;
      const reservation = toRecord(row);
      if (reservation.status !== 'pending_payment' && reservation.status !== 'held') return 'ended' as const;
      if (reservation.status === 'held') {
        await manager.query(
          `UPDATE reservations SET status = 'cancelled', ended_at = now(), ${OWE_REFUND}, updated_at = now() WHERE id = $1`,
          [id, 'cancelled' satisfies RefundReason],
        );
        await this.freeCar(manager, reservation);
      } else {
        await manager.query(
          `UPDATE reservations SET status = 'cancelled', ended_at = now(), updated_at = now() WHERE id = $1`,
          [id],
        );
      }
      if (within) await within(manager, { before: reservation, after: await this.locked(manager, id) });
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

  /**
   * The sale went through (ops, or the dealership from the console). The car stays reserved until
   * the dealer's feed marks it sold. `within` runs in the completing transaction.
   */
  async complete(id: string, within?: WithinChange): Promise<ReservationRecord | 'not_found' | 'not_held'> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(`SELECT ${COLUMNS} FROM reservations WHERE id = $1 FOR UPDATE`, [
        id,
      ])) as Record<string, unknown>[];
      if (!row) return 'not_found' as const;
      const before = toRecord(row);
      if (before.status !== 'held') return 'not_held' as const;
      await manager.query(
        `UPDATE reservations SET status = 'completed', ended_at = now(), updated_at = now() WHERE id = $1`,
        [id],
      );
      const after = await this.locked(manager, id);
      if (within) await within(manager, { before, after });
      return after;
    });
    return outcome;
  }

  /**
   * The dealership gives the shopper more time: a live hold is extended by `hours`, within the
   * dealership's reservations.max_extension_hours and max_extensions. Judged under the row's lock by
   * the database's clock, so a hold the sweep is expiring, or a second click, sees the first answer.
   */
  async extend(
    id: string,
    hours: number,
    within?: WithinChange,
  ): Promise<ReservationRecord | 'not_found' | 'not_held' | { refused: string }> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT ${COLUMNS}, hold_expires_at > now() AS live FROM reservations WHERE id = $1 FOR UPDATE`,
        [id],
      )) as Record<string, unknown>[];
      if (!row) return 'not_found' as const;
      const live = row['live'] === true;
      delete row['live'];
      const before = toRecord(row);
      if (before.status !== 'held' || !live) return 'not_held' as const;
      const config = before.dealership_id
        ? await siteConfigStore(this.dataSource).dealership(before.dealership_id)
        : await siteConfigStore(this.dataSource).siteConfig(before.site_id);
      const refused = holdExtensionRefusal({
        hours,
        extensionsSoFar: before.hold_extensions,
        maxExtensionHours: config.reservations.max_extension_hours,
        maxExtensions: config.reservations.max_extensions,
      });
      if (refused) return { refused };
      await manager.query(
        `UPDATE reservations SET hold_expires_at = hold_expires_at + make_interval(hours => $2),
           hold_extensions = hold_extensions + 1, dealer_acted_at = COALESCE(dealer_acted_at, now()), updated_at = now()
         WHERE id = $1`,
        [id, hours],
      );
      const after = await this.locked(manager, id);
      if (within) await within(manager, { before, after });
      return after;
    });
  }

  /** A reservation read inside a transaction that holds its lock. */
  private async locked(manager: EntityManager, id: string): Promise<ReservationRecord> {
    const [row] = (await manager.query(`SELECT ${COLUMNS} FROM reservations WHERE id = $1`, [id])) as Record<
      string,
      unknown
    >[];
    return toRecord(row!);
  }

  /**
   * Ops: refund a paid hold that expired before expiry refunds were automatic (the migration flagged
   * them). Anything else is refused: a refund already owed or made, or a reservation still running.
   */
  async refundKeptDeposit(id: string): Promise<ReservationRecord | 'not_found' | 'not_refundable'> {
    const [rows] = (await this.dataSource.query(
      `UPDATE reservations SET ${OWE_REFUND}, updated_at = now()
       WHERE id = $1 AND status = 'expired' AND held_at IS NOT NULL AND NOT refund_due AND refund_ref IS NULL
       RETURNING id`,
      [id, 'hold_expired' satisfies RefundReason],
    )) as [{ id: string }[], number];
    if (rows.length === 0) return (await this.find(id)) ? 'not_refundable' : 'not_found';
    await this.settleRefund(id);
    return (await this.find(id))!;
  }

  /** Ops: refunds owed and not yet confirmed, the longest-failing first. */
  async pendingRefunds(filter: { siteId?: number; limit: number }): Promise<PendingRefund[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, site_id, dealership_id, status, deposit_cents, currency, payment_provider, payment_ref, refund_reason,
         refund_attempts, refund_next_attempt_at, refund_error, ended_at
       FROM reservations WHERE refund_due AND ($1::int IS NULL OR site_id = $1)
       ORDER BY refund_attempts DESC, ended_at LIMIT $2`,
      [filter.siteId ?? null, filter.limit],
    )) as Record<string, unknown>[];
    return rows.map((row) => ({
      ...(row as unknown as PendingRefund),
      refund_next_attempt_at: iso(row['refund_next_attempt_at']),
      ended_at: iso(row['ended_at']),
      needs_attention: (row['refund_attempts'] as number) >= REFUND_ATTENTION_AFTER_ATTEMPTS,
    }));
  }

  /**
   * One attempt at a refund owed, through the provider that took the payment. The attempt is
   * claimed first, in its own transaction, by moving the next attempt's time past the backoff: a
   * second sweep, or the webhook's immediate attempt, finds it not due and leaves it. The provider
   * is called outside any transaction with the reservation's one idempotency key, so a claim that
   * outlives its backoff (a crash, a slow provider) can only ever find the same refund. Failures
   * stay owed for a later sweep; nothing here gives up on a refund.
   */
  async settleRefund(id: string): Promise<RefundAttempt> {
    const claimed = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT id, payment_provider, payment_ref, refund_attempts FROM reservations
         WHERE id = $1 AND refund_due AND payment_ref IS NOT NULL
           AND (refund_next_attempt_at IS NULL OR refund_next_attempt_at <= now())
         FOR UPDATE SKIP LOCKED`,
        [id],
      )) as { id: string; payment_provider: string; payment_ref: string; refund_attempts: number }[];
      if (!row) return null;
      const attempts = row.refund_attempts + 1;
      await manager.query(
        `UPDATE reservations SET refund_attempts = $2, refund_next_attempt_at = now() + make_interval(secs => $3),
           updated_at = now() WHERE id = $1`,
        [id, attempts, refundRetryDelaySeconds(attempts)],
      );
      return { ...row, attempts };
    });
    if (!claimed) return 'not_due';
    try {
      const { refundRef } = await this.payments
        .get(claimed.payment_provider)
        .refund(claimed.payment_ref, { idempotencyKey: `refund-${claimed.id}` });
      await this.dataSource.query(
        `UPDATE reservations SET refund_due = false, refund_ref = $2, refunded_at = now(), refund_error = NULL,
           refund_next_attempt_at = NULL, updated_at = now()
         WHERE id = $1 AND refund_due`,
        [id, refundRef],
      );
      return 'refunded';
    } catch (error) {
      // The provider's own words, for ops: they name the payment, never the shopper.
      await this.dataSource.query(
        `UPDATE reservations SET refund_error = $2, updated_at = now() WHERE id = $1 AND refund_due`,
        [id, `Attempt ${claimed.attempts}: ${(error as Error).message}`.slice(0, 1000)],
      );
      return 'failed';
    }
  }

  /** Paid holds past their time: the car is free again and the deposit is owed back, in one transaction. */
  private async expireHolds(): Promise<number> {
    const sites = new Set<number>();
    const expired = await this.dataSource.transaction(async (manager) => {
      const ids = (await manager.query(
        `SELECT id FROM reservations WHERE status = 'held' AND hold_expires_at < now() FOR UPDATE SKIP LOCKED`,
      )) as { id: string }[];
      for (const { id } of ids) {
        const [rows] = (await manager.query(
          `UPDATE reservations SET status = 'expired', ended_at = now(), ${OWE_REFUND}, updated_at = now()
           WHERE id = $1 AND status = 'held' RETURNING ${COLUMNS}`,
          [id, 'hold_expired' satisfies RefundReason],
        )) as [Record<string, unknown>[], number];
        const reservation = toRecord(rows[0]!);
        await this.freeCar(manager, reservation);
        sites.add(reservation.site_id);
      }
      return ids.length;
    });
    // Index jobs only once the freed cars are committed, or the indexer could read them still reserved.
    for (const siteId of sites) await this.indexSoon(siteId).catch(() => undefined);
    return expired;
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
