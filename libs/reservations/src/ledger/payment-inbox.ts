import type { DataSource } from 'typeorm';
import type { PaymentEvent } from '../payments/payment-port';
import type { OnlinePaymentLedger } from './online-payment-ledger';
import type { AppliedEvent, ReservationLedger } from './reservation-ledger';

/**
 * Where every payment event lands, from a verified webhook or the local provider's page. The event
 * is recorded by its provider id in the same transaction that acts on it: a replayed or retried
 * delivery finds the row and changes nothing, and a crash mid-way leaves neither.
 */
export class PaymentInbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reservations: ReservationLedger,
    private readonly onlinePayments: OnlinePaymentLedger,
  ) {}

  async apply(event: PaymentEvent): Promise<string> {
    const applied = await this.dataSource.transaction(async (manager): Promise<AppliedEvent> => {
      const fresh = (await manager.query(
        `INSERT INTO payment_events (provider, event_id, type, payment_ref, outcome) VALUES ($1, $2, $3, $4, 'pending')
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [event.provider, event.id.slice(0, 255), event.type.slice(0, 100), event.ref],
      )) as unknown[];
      if (fresh.length === 0) return { outcome: 'duplicate' };
      const result =
        event.purpose === 'online_payment'
          ? await this.onlinePayments.applyIn(manager, event)
          : await this.reservations.applyIn(manager, event);
      await manager.query(`UPDATE payment_events SET outcome = $3 WHERE provider = $1 AND event_id = $2`, [
        event.provider,
        event.id.slice(0, 255),
        result.outcome,
      ]);
      return result;
    });
    // Refunds and index jobs call out of the database: only after the change is committed.
    await applied.after?.();
    return applied.outcome;
  }
}
