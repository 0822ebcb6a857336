import type { DataSource, EntityManager } from 'typeorm';
import { formatDollars, ONLINE_PAYMENT_CATEGORY } from '@platform/domain';
import { siteConfigStore } from '@platform/site-config';
import type { PaymentEvent } from '../payments/payment-port';
import { insertLeadWithDeliveries } from './lead-writer';
import type { AppliedEvent } from './reservation-ledger';

export interface OnlinePaymentRecord {
  id: string;
  site_id: number;
  dealership_id: number | null;
  reference: string;
  amount_cents: number;
  currency: string;
  status: 'pending_payment' | 'paid' | 'abandoned';
  payment_provider: string;
  payment_ref: string | null;
  payment_error: string | null;
  lead_id: string | null;
  created_at: string;
  paid_at: string | null;
}

export interface OnlinePaymentRequest {
  siteId: number;
  dealershipId: number | null;
  reference: string;
  amountCents: number;
  currency: string;
  contact: Record<string, unknown>;
  provider: string;
  idempotencyKey: string | null;
  requestHash: string;
}

/** Unpaid online payments are marked abandoned after this long (nothing is held for them). */
const ABANDON_AFTER_HOURS = 24;

const COLUMNS = `id, site_id, dealership_id, reference, amount_cents, currency, status, payment_provider, payment_ref,
  payment_error, lead_id, created_at, paid_at`;

const toRecord = (row: Record<string, unknown>): OnlinePaymentRecord => ({
  ...(row as unknown as OnlinePaymentRecord),
  created_at: new Date(row['created_at'] as string).toISOString(),
  paid_at: row['paid_at'] ? new Date(row['paid_at'] as string).toISOString() : null,
});

/** Payments at /online-payment against a dealer's reference: no car is held, the dealer is told once paid. */
export class OnlinePaymentLedger {
  constructor(private readonly dataSource: DataSource) {}

  async open(
    request: OnlinePaymentRequest,
  ): Promise<{ outcome: 'created' | 'replay'; payment: OnlinePaymentRecord } | { outcome: 'key_reused' }> {
    if (request.idempotencyKey) {
      const earlier = await this.byKey(request.siteId, request.idempotencyKey, request.requestHash);
      if (earlier) return earlier;
    }
    const [row] = (await this.dataSource.query(
      `INSERT INTO online_payments (site_id, dealership_id, reference, amount_cents, currency, contact, payment_provider, idempotency_key, request_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [
        request.siteId,
        request.dealershipId,
        request.reference,
        request.amountCents,
        request.currency,
        JSON.stringify(request.contact),
        request.provider,
        request.idempotencyKey,
        request.requestHash,
      ],
    )) as Record<string, unknown>[];
    if (row) return { outcome: 'created', payment: toRecord(row) };
    const earlier = await this.byKey(request.siteId, request.idempotencyKey!, request.requestHash);
    if (!earlier) throw new Error('Online payment insert conflicted without an idempotency key');
    return earlier;
  }

  async attachPayment(id: string, ref: string): Promise<void> {
    await this.dataSource.query(`UPDATE online_payments SET payment_ref = $2, updated_at = now() WHERE id = $1`, [
      id,
      ref,
    ]);
  }

  async abandon(id: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE online_payments SET status = 'abandoned', payment_error = $2, updated_at = now() WHERE id = $1 AND status = 'pending_payment'`,
      [id, reason.slice(0, 500)],
    );
  }

  async find(id: string): Promise<OnlinePaymentRecord | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = (await this.dataSource.query(`SELECT ${COLUMNS} FROM online_payments WHERE id = $1`, [id])) as Record<
      string,
      unknown
    >[];
    return row ? toRecord(row) : null;
  }

  /** A success marks it paid and tells the dealer (lead 'Online Payment') and the shopper, once. */
  async applyIn(manager: EntityManager, event: PaymentEvent): Promise<AppliedEvent> {
    if (event.kind === 'ignored' || !event.ref) return { outcome: 'ignored' };
    const [row] = (await manager.query(
      `SELECT ${COLUMNS}, contact FROM online_payments WHERE payment_provider = $1 AND payment_ref = $2 FOR UPDATE`,
      [event.provider, event.ref],
    )) as Record<string, unknown>[];
    if (!row) return { outcome: 'unknown payment' };
    const payment = toRecord(row);
    if (payment.status === 'paid') return { outcome: 'no change' };
    if (event.kind === 'failed') {
      await manager.query(`UPDATE online_payments SET payment_error = $2, updated_at = now() WHERE id = $1`, [
        payment.id,
        (event.failure ?? 'The payment was declined.').slice(0, 500),
      ]);
      return { outcome: 'declined' };
    }
    const config = payment.dealership_id
      ? await siteConfigStore(this.dataSource).dealership(payment.dealership_id)
      : await siteConfigStore(this.dataSource).siteConfig(payment.site_id);
    const leadId = await insertLeadWithDeliveries(manager, {
      siteId: payment.site_id,
      dealershipId: payment.dealership_id,
      carId: null,
      form: 'online_payment',
      category: ONLINE_PAYMENT_CATEGORY,
      subcategory: null,
      fields: {
        ...(row['contact'] as Record<string, unknown>),
        reference: payment.reference,
        amount: formatDollars(payment.amount_cents / 100),
        payment_reference: payment.payment_ref,
        payment_provider: payment.payment_provider,
      },
      leads: config.leads,
    });
    await manager.query(
      `UPDATE online_payments SET status = 'paid', paid_at = now(), payment_error = NULL, lead_id = $2, updated_at = now() WHERE id = $1`,
      [payment.id, leadId],
    );
    return { outcome: 'paid' };
  }

  /** Marks payments nobody finished as abandoned, so none stays pending forever. */
  async sweep(): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `UPDATE online_payments SET status = 'abandoned', updated_at = now()
       WHERE status = 'pending_payment' AND created_at < now() - make_interval(hours => $1)`,
      [ABANDON_AFTER_HOURS],
    )) as [unknown[], number];
    return count;
  }

  private async byKey(
    siteId: number,
    key: string,
    requestHash: string,
  ): Promise<{ outcome: 'replay'; payment: OnlinePaymentRecord } | { outcome: 'key_reused' } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${COLUMNS}, request_hash FROM online_payments WHERE site_id = $1 AND idempotency_key = $2`,
      [siteId, key],
    )) as Record<string, unknown>[];
    if (!row) return null;
    if (row['request_hash'] !== requestHash) return { outcome: 'key_reused' };
    delete row['request_hash'];
    return { outcome: 'replay', payment: toRecord(row) };
  }
}
