import fc from 'fast-check';
import { createStockFixture, createTestDatabase, type StockFixture, type TestDatabase } from '@platform/testing';
import { LocalPaymentProvider } from '../payments/local-payment-provider';
import {
  PaymentProviderError,
  PaymentProviders,
  type PaymentEvent,
  type PaymentPort,
  type PaymentRequest,
} from '../payments/payment-port';
import { OnlinePaymentLedger } from './online-payment-ledger';
import { PaymentInbox } from './payment-inbox';
import { ReservationLedger } from './reservation-ledger';

/**
 * The local provider as the platform reaches it, with an outage switch: while down, refunds fail
 * before reaching it, as a provider outage would. Everything else is the real local provider.
 */
class OutageSwitch implements PaymentPort {
  readonly provider = 'local' as const;
  down = false;
  refundCalls = 0;

  constructor(readonly local: LocalPaymentProvider) {}

  createPayment(request: PaymentRequest) {
    return this.local.createPayment(request);
  }
  resume(ref: string) {
    return this.local.resume(ref);
  }
  cancelPayment(ref: string) {
    return this.local.cancelPayment(ref);
  }
  async refund(ref: string, options: { idempotencyKey: string }) {
    this.refundCalls += 1;
    if (this.down) throw new PaymentProviderError('The payment provider is unavailable');
    return this.local.refund(ref, options);
  }
  parseEvent(): PaymentEvent {
    throw new Error('not used');
  }
}

interface Row {
  id: string;
  status: string;
  refund_due: boolean;
  refund_ref: string | null;
  payment_ref: string;
  car_id: number;
  lead_id: string | null;
}

/** Refunds of paid holds that end, and of payments that arrive too late (real PostgreSQL, the local provider). */
describe('reservation refunds (real PostgreSQL and the local payment provider)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let port: OutageSwitch;
  let ledger: ReservationLedger;
  let inbox: PaymentInbox;
  let cars = 0;

  const newCar = async (): Promise<number> => {
    cars += 1;
    const [row] = (await db.dataSource.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, status, make, model, year, price)
       VALUES ($1, $2, $3, 'used', 'in_stock', 'Toyota', 'Hilux', 2022, 45990) RETURNING id`,
      [fixture.north.id, `RF${cars}`, `rf-${cars}`],
    )) as { id: number }[];
    return row!.id;
  };

  /** A shopper's checkout: the hold, then the payment it asks the provider for. */
  const checkout = async (carId: number): Promise<Row> => {
    const held = await ledger.hold({
      kind: 'reserve',
      siteId: fixture.siteId,
      dealershipId: fixture.north.id,
      carId,
      carSummary: { title: '2022 Toyota Hilux' },
      shopperId: null,
      contact: { name: 'Jane', email: 'jane@example.com', phone: '0412345678' },
      selections: null,
      depositCents: 20_000,
      currency: 'aud',
      provider: 'local',
      paymentTimeoutMinutes: 15,
      idempotencyKey: null,
      requestHash: 'h',
    });
    if (held.outcome !== 'created') throw new Error(`hold ${held.outcome}`);
    const session = await port.createPayment({
      amountCents: 20_000,
      currency: 'aud',
      description: 'Deposit',
      purpose: 'reservation',
      recordId: held.reservation.id,
      siteSlug: 'test',
      returnPath: `/reservations/${held.reservation.id}`,
      idempotencyKey: `reservation-${held.reservation.id}`,
    });
    await ledger.attachPayment(held.reservation.id, session.ref);
    return row(held.reservation.id);
  };

  const row = async (id: string): Promise<Row> =>
    (
      (await db.dataSource.query(
        `SELECT id, status, refund_due, refund_ref, payment_ref, car_id, lead_id FROM reservations WHERE id = $1`,
        [id],
      )) as Row[]
    )[0]!;
  const money = async (paymentRef: string) =>
    (
      (await db.dataSource.query(`SELECT status, amount_cents, refunded_cents FROM local_payments WHERE id = $1`, [
        paymentRef,
      ])) as { status: string; amount_cents: number; refunded_cents: number }[]
    )[0]!;
  const refundsOf = async (paymentRef: string) =>
    (await db.dataSource.query(`SELECT id, amount_cents FROM local_refunds WHERE payment_id = $1`, [paymentRef])) as {
      id: string;
      amount_cents: number;
    }[];
  const carHold = async (carId: number) =>
    (
      (await db.dataSource.query(`SELECT reservation_id FROM cars WHERE id = $1`, [carId])) as {
        reservation_id: string | null;
      }[]
    )[0]!.reservation_id;

  /** The shopper pays at the provider: the money is taken, and its event is on its way. */
  const pay = async (reservation: Row): Promise<PaymentEvent> =>
    (await port.local.decide(reservation.payment_ref, 'approve'))!;
  /** Time passes beyond the payment window and the hold (the database's clock is the one that counts). */
  const expireClock = (reservation: Row) =>
    db.dataSource.query(
      `UPDATE reservations SET payment_deadline = now() - interval '1 minute',
         hold_expires_at = CASE WHEN hold_expires_at IS NULL THEN NULL ELSE now() - interval '1 minute' END
       WHERE id = $1`,
      [reservation.id],
    );
  /** Time passes beyond every refund's retry backoff. */
  const backoffPasses = () =>
    db.dataSource.query(
      `UPDATE reservations SET refund_next_attempt_at = now() - interval '1 second' WHERE refund_next_attempt_at IS NOT NULL`,
    );

  beforeAll(async () => {
    db = await createTestDatabase('platform_reservation_refunds');
    fixture = await createStockFixture(db.dataSource, 'refunds');
    port = new OutageSwitch(new LocalPaymentProvider(db.dataSource));
    ledger = new ReservationLedger(db.dataSource, new PaymentProviders(port));
    inbox = new PaymentInbox(db.dataSource, ledger, new OnlinePaymentLedger(db.dataSource));
  });
  afterAll(() => db?.destroy());
  beforeEach(() => {
    port.down = false;
  });

  it('refunds a paid hold that expires exactly once, however often and however concurrently the sweep runs', async () => {
    const carId = await newCar();
    const reservation = await checkout(carId);
    expect(await inbox.apply(await pay(reservation))).toBe('held');
    await expireClock(reservation);

    // The api's and the worker's ledgers sweep at the same moment, twice over.
    const other = new ReservationLedger(db.dataSource, new PaymentProviders(port));
    await Promise.all([ledger.sweep(), other.sweep(), ledger.sweep(), other.sweep()]);
    await ledger.sweep();

    const after = await row(reservation.id);
    expect(after).toMatchObject({ status: 'expired', refund_due: false, refund_ref: expect.any(String) });
    expect(await money(reservation.payment_ref)).toMatchObject({ refunded_cents: 20_000 });
    const refunds = await refundsOf(reservation.payment_ref);
    expect(refunds).toEqual([{ id: expect.any(String), amount_cents: 20_000 }]);
    expect(after.refund_ref).toBe(`local_refund_${refunds[0]!.id}`);
    expect(await carHold(carId)).toBeNull();
  });

  it('keeps a refund the provider refuses owed and visible to ops, retries it after a backoff, and refunds it once', async () => {
    const reservation = await checkout(await newCar());
    await inbox.apply(await pay(reservation));
    await expireClock(reservation);
    port.down = true;
    expect(await ledger.sweep()).toMatchObject({ expired: 1, refunded: 0, refundsFailed: 1 });
    expect(await row(reservation.id)).toMatchObject({ status: 'expired', refund_due: true, refund_ref: null });
    const [pending] = await ledger.pendingRefunds({ limit: 10 });
    expect(pending).toMatchObject({
      id: reservation.id,
      refund_reason: 'hold_expired',
      refund_attempts: 1,
      refund_error: expect.stringMatching(/unavailable/),
      refund_next_attempt_at: expect.any(String),
    });

    // Within the backoff the sweep leaves the provider alone, even once it is back.
    port.down = false;
    const calls = port.refundCalls;
    expect(await ledger.sweep()).toMatchObject({ refunded: 0, refundsFailed: 0 });
    expect(port.refundCalls).toBe(calls);

    await backoffPasses();
    port.down = true;
    await ledger.sweep();
    const twice = (await ledger.pendingRefunds({ limit: 10 })).find((r) => r.id === reservation.id)!;
    expect(twice.refund_attempts).toBe(2);
    // The wait grows with each failed attempt.
    expect(Date.parse(twice.refund_next_attempt_at!) - Date.now()).toBeGreaterThan(90_000);

    await backoffPasses();
    port.down = false;
    expect(await ledger.sweep()).toMatchObject({ refunded: 1, refundsFailed: 0 });
    await backoffPasses();
    await ledger.sweep();
    expect(await row(reservation.id)).toMatchObject({ refund_due: false, refund_ref: expect.any(String) });
    expect(await refundsOf(reservation.payment_ref)).toHaveLength(1);
    expect(await ledger.pendingRefunds({ limit: 10 })).toEqual([]);
  });

  it('refunds a payment confirmed after its payment window at once, before any sweep, and never reserves the car', async () => {
    const carId = await newCar();
    const reservation = await checkout(carId);
    const event = await pay(reservation);
    await expireClock(reservation);

    expect(await inbox.apply(event)).toBe('refunded (after the hold ended)');
    const after = await row(reservation.id);
    expect(after).toMatchObject({
      status: 'refunded',
      refund_due: false,
      refund_ref: expect.any(String),
      lead_id: null,
    });
    expect(await carHold(carId)).toBeNull();
    expect(await money(reservation.payment_ref)).toMatchObject({ refunded_cents: 20_000 });
    expect(await refundsOf(reservation.payment_ref)).toHaveLength(1);
    const [record] = await ledger.list({ limit: 1 });
    expect(record).toMatchObject({ id: reservation.id, refund_reason: 'paid_after_hold_ended' });

    // The sweep finds nothing left to do, and the car can be reserved by the next shopper.
    expect(await ledger.sweep()).toMatchObject({ released: 0, refunded: 0 });
    expect(await refundsOf(reservation.payment_ref)).toHaveLength(1);
    await checkout(carId);
  });

  it('refunds a late payment whose provider is down once it is back, not twice', async () => {
    const reservation = await checkout(await newCar());
    const event = await pay(reservation);
    await expireClock(reservation);
    port.down = true;
    expect(await inbox.apply(event)).toBe('refunded (after the hold ended)');
    expect(await row(reservation.id)).toMatchObject({ status: 'refunded', refund_due: true });
    port.down = false;
    // The same event delivered again (a webhook retry) changes nothing.
    expect(await inbox.apply(event)).toBe('duplicate');
    await backoffPasses();
    await Promise.all([ledger.sweep(), ledger.sweep()]);
    expect(await row(reservation.id)).toMatchObject({ refund_due: false });
    expect(await refundsOf(reservation.payment_ref)).toHaveLength(1);
  });

  it('lets ops refund a hold that expired before expiry refunds, once, and nothing else', async () => {
    const reservation = await checkout(await newCar());
    await inbox.apply(await pay(reservation));
    expect(await ledger.refundKeptDeposit(reservation.id)).toBe('not_refundable');
    // As the migration found them: expired, paid, the deposit kept.
    await db.dataSource.query(`UPDATE reservations SET status = 'expired', ended_at = now() WHERE id = $1`, [
      reservation.id,
    ]);
    await db.dataSource.query(`UPDATE cars SET reservation_id = NULL WHERE id = $1`, [reservation.car_id]);
    expect(await ledger.refundKeptDeposit(reservation.id)).toMatchObject({
      status: 'expired',
      refund_due: false,
      refund_reason: 'hold_expired',
      refund_ref: expect.stringMatching(/^local_refund_/),
    });
    expect(await ledger.refundKeptDeposit(reservation.id)).toBe('not_refundable');
    expect(await ledger.refundKeptDeposit('00000000-0000-4000-8000-000000000000')).toBe('not_found');
    expect(await refundsOf(reservation.payment_ref)).toHaveLength(1);
  });

  type Step = 'pay' | 'confirm' | 'sweep' | 'expire' | 'outage';
  const STEPS: Step[] = ['pay', 'confirm', 'sweep', 'expire', 'outage'];

  it('whatever the order of payment, confirmation, sweeps and the clock, each deposit ends captured or refunded once', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Each turn runs one step, or two at the same moment (a webhook racing the sweep).
        fc.array(fc.array(fc.constantFrom(...STEPS), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 10 }),
        async (turns) => {
          const carId = await newCar();
          const reservation = await checkout(carId);
          let event: PaymentEvent | null = null;
          port.down = false;
          const run = async (step: Step): Promise<unknown> => {
            switch (step) {
              case 'pay':
                event = await pay(reservation);
                return;
              case 'confirm':
                return event ? inbox.apply(event) : undefined;
              case 'sweep':
                return ledger.sweep();
              case 'expire':
                return expireClock(reservation);
              case 'outage':
                port.down = !port.down;
                return;
            }
          };
          for (const turn of turns) await Promise.all(turn.map(run));

          // Afterwards: the provider is up, every webhook has been delivered (providers retry
          // until answered), and enough time has passed for every retry.
          port.down = false;
          if (event) await inbox.apply(event);
          for (let i = 0; i < 3; i += 1) {
            await backoffPasses();
            await ledger.sweep();
          }

          const after = await row(reservation.id);
          const paid = await money(reservation.payment_ref);
          const captured = after.status === 'held' || after.status === 'completed';
          const deposit = { captured, refunded_cents: paid.refunded_cents, refund_due: after.refund_due };
          if (paid.status !== 'succeeded') {
            expect(deposit).toEqual({ captured: false, refunded_cents: 0, refund_due: false });
          } else if (captured) {
            expect(deposit).toEqual({ captured: true, refunded_cents: 0, refund_due: false });
            expect(await carHold(carId)).toBe(reservation.id);
          } else {
            expect(deposit).toEqual({ captured: false, refunded_cents: paid.amount_cents, refund_due: false });
            expect(await carHold(carId)).toBeNull();
          }
          // Refunded means one refund at the provider, the one the reservation records.
          const refunds = await refundsOf(reservation.payment_ref);
          expect(refunds.map((r) => `local_refund_${r.id}`)).toEqual(after.refund_ref ? [after.refund_ref] : []);
          expect(refunds.length).toBe(paid.refunded_cents > 0 ? 1 : 0);
        },
      ),
      { numRuns: Number(process.env['PROPERTY_RUNS'] ?? 60) },
    );
  });
});
