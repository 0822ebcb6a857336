import type { DataSource } from 'typeorm';
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentEvent,
  type PaymentPort,
  type PaymentPurpose,
  type PaymentRequest,
  type PaymentSession,
} from './payment-port';

/** A local payment as its pay page shows it. */
export interface LocalPayment {
  id: string;
  amount_cents: number;
  currency: string;
  description: string;
  status: 'requires_payment' | 'succeeded' | 'canceled';
  /** The site path the shopper returns to after paying or declining. */
  return_path: string;
  site: string;
}

interface LocalRow {
  id: string;
  amount_cents: number;
  currency: string;
  description: string;
  status: LocalPayment['status'];
  metadata: Record<string, string>;
  declines: number;
}

/** A local refund's id as the platform records it (Stripe's are re_...). */
const localRefundRef = (refundId: string): string => `local_refund_${refundId}`;

/** The local pay page of a payment (a path on the shopper's site). */
export const localPayPath = (paymentId: string): string => `/payments/local/${paymentId}`;

/**
 * The built-in payment provider, the default when no Stripe keys are set: payments are rows of its
 * own table, and a platform page approves or declines each one, so the whole money path runs on a
 * fresh machine and in end-to-end tests. Approving is what a card network's yes would be: it yields
 * the same kind of event a Stripe webhook does, and the platform applies it the same way. It never
 * moves money, and says so on its page.
 */
export class LocalPaymentProvider implements PaymentPort {
  readonly provider = 'local' as const;

  constructor(private readonly dataSource: DataSource) {}

  async createPayment(request: PaymentRequest): Promise<PaymentSession> {
    const metadata = {
      purpose: request.purpose,
      record_id: request.recordId,
      site: request.siteSlug,
      return_path: request.returnPath,
    };
    // The idempotency key makes a retried create answer the payment the first one made.
    const [row] = (await this.dataSource.query(
      `INSERT INTO local_payments (idempotency_key, amount_cents, currency, description, metadata)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
       RETURNING id`,
      [request.idempotencyKey, request.amountCents, request.currency, request.description, JSON.stringify(metadata)],
    )) as { id: string }[];
    return { provider: 'local', ref: row!.id, clientSecret: null, payUrl: localPayPath(row!.id) };
  }

  async resume(ref: string): Promise<PaymentSession> {
    return { provider: 'local', ref, clientSecret: null, payUrl: localPayPath(ref) };
  }

  async cancelPayment(ref: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE local_payments SET status = 'canceled', updated_at = now() WHERE id = $1 AND status = 'requires_payment'`,
      [ref],
    );
  }

  /**
   * Refunds what is left of a paid payment and records the refund, as a payment service would: the
   * idempotency key finds a refund already made (however often or concurrently it is asked), a
   * payment not paid has nothing to refund, and one refunded in full refuses another key.
   */
  async refund(ref: string, { idempotencyKey }: { idempotencyKey: string }): Promise<{ refundRef: string }> {
    return this.dataSource.transaction(async (manager) => {
      const made = async () =>
        (
          (await manager.query(`SELECT id, payment_id FROM local_refunds WHERE idempotency_key = $1`, [
            idempotencyKey,
          ])) as { id: string; payment_id: string }[]
        )[0];
      // The payment's lock queues a concurrent refund of it until this one is committed.
      const [payment] = /^[0-9a-f-]{36}$/i.test(ref)
        ? ((await manager.query(
            `SELECT id, status, amount_cents, refunded_cents FROM local_payments WHERE id = $1 FOR UPDATE`,
            [ref],
          )) as { id: string; status: string; amount_cents: number; refunded_cents: number }[])
        : [];
      const earlier = await made();
      if (earlier) {
        if (earlier.payment_id !== ref) {
          throw new PaymentProviderError(`Idempotency key ${idempotencyKey} was used to refund another payment`);
        }
        return { refundRef: localRefundRef(earlier.id) };
      }
      if (!payment) throw new PaymentProviderError(`No such local payment: ${ref}`);
      if (payment.status !== 'succeeded') {
        throw new PaymentProviderError(`Local payment ${ref} was not paid, so there is nothing to refund`);
      }
      const remaining = payment.amount_cents - payment.refunded_cents;
      if (remaining <= 0) throw new PaymentProviderError(`Local payment ${ref} has already been refunded`);
      const [refund] = (await manager.query(
        `INSERT INTO local_refunds (payment_id, idempotency_key, amount_cents) VALUES ($1, $2, $3) RETURNING id`,
        [ref, idempotencyKey, remaining],
      )) as { id: string }[];
      await manager.query(
        `UPDATE local_payments SET refunded_cents = refunded_cents + $2, updated_at = now() WHERE id = $1`,
        [ref, remaining],
      );
      return { refundRef: localRefundRef(refund!.id) };
    });
  }

  /** The local provider delivers no webhooks over HTTP: its events come from approve and decline. */
  parseEvent(): PaymentEvent {
    throw new PaymentSignatureError('The local payment provider sends no webhooks.');
  }

  async find(paymentId: string): Promise<LocalPayment | null> {
    const row = await this.row(paymentId);
    return row
      ? {
          id: row.id,
          amount_cents: row.amount_cents,
          currency: row.currency,
          description: row.description,
          status: row.status,
          return_path: row.metadata['return_path'] ?? '/',
          site: row.metadata['site'] ?? '',
        }
      : null;
  }

  /**
   * The shopper approves (or declines) the test payment. Approving a payment twice yields the same
   * event id, so the platform acts once; a cancelled payment can still be approved, as a card
   * payment may still land after its hold was released, which the platform then refunds.
   */
  async decide(paymentId: string, decision: 'approve' | 'decline'): Promise<PaymentEvent | null> {
    const row = await this.row(paymentId);
    if (!row) return null;
    const base = {
      provider: 'local' as const,
      ref: row.id,
      purpose: (row.metadata['purpose'] as PaymentPurpose | undefined) ?? null,
      recordId: row.metadata['record_id'] ?? null,
      amountCents: row.amount_cents,
    };
    if (decision === 'approve' || row.status === 'succeeded') {
      await this.dataSource.query(
        `UPDATE local_payments SET status = 'succeeded', updated_at = now() WHERE id = $1 AND status <> 'succeeded'`,
        [row.id],
      );
      return { ...base, id: `local_${row.id}_succeeded`, kind: 'succeeded', type: 'local.approved', failure: null };
    }
    // TypeORM answers an UPDATE with [rows, count].
    const [updated] = (await this.dataSource.query(
      `UPDATE local_payments SET declines = declines + 1, updated_at = now() WHERE id = $1 RETURNING declines`,
      [row.id],
    )) as [{ declines: number }[], number];
    const declines = updated[0]?.declines ?? row.declines + 1;
    return {
      ...base,
      id: `local_${row.id}_declined_${declines}`,
      kind: 'failed',
      type: 'local.declined',
      failure: 'Your card was declined.',
    };
  }

  private async row(paymentId: string): Promise<LocalRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
    const [row] = (await this.dataSource.query(
      `SELECT id, amount_cents, currency, description, status, metadata, declines FROM local_payments WHERE id = $1`,
      [paymentId],
    )) as LocalRow[];
    return row ?? null;
  }
}
