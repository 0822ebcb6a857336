import fc from 'fast-check';
import Stripe from 'stripe';
import { PaymentProviders, ReservationLedger } from '@platform/reservations';
import { eventually, feedCar as car, metricValue, startFakeStripe, type FakeStripe } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const WEBHOOK_SECRET = 'whsec_test_reservations';
const SHOPPER = { name: 'Jane', email: 'jane@example.com', phone: '0412 345 678', terms_conditions: true };
const OPS_TOKEN = 'r'.repeat(32);

/** Reserve online end to end against real PostgreSQL, Redis and the stock and lead workers. */
describe('reservations (real PostgreSQL, Redis and workers)', () => {
  let h: SiteApiHarness;
  let ledger: ReservationLedger;
  const ids: Record<string, number> = {};
  const slugs: Record<string, string> = {};

  const reserve = (body: Record<string, unknown>, key?: string) => {
    const req = h.http().post(`/api/sites/${h.siteSlug}/reservations`).send(body);
    return key ? req.set('Idempotency-Key', key) : req;
  };
  const approve = (payUrl: string) => h.http().post(`/api/payments${payUrl.replace('/payments', '')}/approve`);
  const decline = (payUrl: string) => h.http().post(`/api/payments${payUrl.replace('/payments', '')}/decline`);
  const carRow = async (id: number) =>
    (
      (await h.db.dataSource.query(`SELECT reserved, feed_reserved, reservation_id FROM cars WHERE id = $1`, [id])) as [
        { reserved: boolean; feed_reserved: boolean; reservation_id: string | null },
      ]
    )[0];
  const hit = async (id: number) => {
    const res = await h
      .http()
      .post(`/api/sites/${h.siteSlug}/search/hits`)
      .send({ ids: [id], limit: 1 })
      .expect(200);
    return (res.body as { hits: { reserved: boolean }[] }).hits[0];
  };
  const reservationRow = async (id: string) =>
    (
      (await h.db.dataSource.query(`SELECT * FROM reservations WHERE id = $1`, [id])) as [
        Record<string, unknown> & { status: string },
      ]
    )[0];

  beforeAll(async () => {
    h = await createSiteApiHarness('reservations', {
      siteConfig: { leads: { notify_emails: ['sales@north.example'] } },
      env: { CHECKOUT_LIMIT_PER_MINUTE: '1000', OPS_TOKEN },
    });
    await h.load(
      h.fixture.north.id,
      ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'E1', 'L1'].map((stocknum) =>
        car(stocknum, { price: 30000 + stocknum.length }),
      ),
    );
    await h.load(h.fixture.north.id, [
      car('DEP', { reserve_deposit: 500 }),
      car('BIGDEP'),
      car('FEEDRES', { reserved: true }),
      car('SOLD', { status: 'sold' }),
    ]);
    const rows = (await h.db.dataSource.query(`SELECT id, slug, stocknum FROM cars`)) as {
      id: number;
      slug: string;
      stocknum: string;
    }[];
    for (const row of rows) {
      ids[row.stocknum] = row.id;
      slugs[row.stocknum] = row.slug;
    }
    ledger = h.app.get(ReservationLedger);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('takes the hold, then a local payment makes it held: car reserved, search updated, dealer and shopper told', async () => {
    const res = await reserve({ ...SHOPPER, car_id: slugs['R1'] }).expect(201);
    expect(res.body.reservation).toMatchObject({ status: 'pending_payment', deposit: 200, kind: 'reserve' });
    expect(res.body.reservation).not.toHaveProperty('contact');
    expect(res.body.payment).toMatchObject({
      provider: 'local',
      pay_url: expect.stringMatching(/^\/payments\/local\//),
    });
    // The hold does not show the car as reserved before money is confirmed.
    expect((await carRow(ids['R1']!)).reserved).toBe(false);

    const approved = await approve(res.body.payment.pay_url).expect(200);
    expect(approved.body).toEqual({ outcome: 'held', return_path: `/reservations/${res.body.reservation.id}` });

    const row = await reservationRow(res.body.reservation.id);
    expect(row).toMatchObject({ status: 'held', payment_provider: 'local' });
    expect(new Date(row['hold_expires_at'] as string).getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(await carRow(ids['R1']!)).toMatchObject({ reserved: true, reservation_id: res.body.reservation.id });
    await eventually(
      () => hit(ids['R1']!),
      (found) => found?.reserved === true,
      'the search projection',
    );
    const view = await h.http().get(`/api/sites/${h.siteSlug}/cars/${slugs['R1']}`).expect(200);
    expect(view.body.derived).toMatchObject({ can_reserve: false, reserve_path: null });

    const [lead] = (await h.db.dataSource.query(`SELECT * FROM leads WHERE id = $1`, [row['lead_id']])) as [
      { category: string; form: string; fields: Record<string, unknown> },
    ];
    expect(lead).toMatchObject({ category: 'Reserve Online', form: 'reservation' });
    expect(lead.fields).toMatchObject({ name: 'Jane', deposit: '$200', payment_reference: row['payment_ref'] });
    const mails = await eventually(
      async () =>
        (await h.db.dataSource.query(
          `SELECT e.recipients, e.subject, o.channel FROM outbound_emails e JOIN lead_outbox o ON o.id = e.delivery_id WHERE e.lead_id = $1 ORDER BY o.channel`,
          [row['lead_id']],
        )) as { recipients: string[]; subject: string; channel: string }[],
      (found) => found.length === 2,
      'the dealer and shopper emails',
    );
    expect(mails.map((m) => [m.channel, m.recipients])).toEqual([
      ['email', ['sales@north.example']],
      ['shopper_email', ['jane@example.com']],
    ]);
    expect(mails[1]!.subject).toMatch(/^Your reservation of the 2022 Toyota Hilux.* is confirmed$/);
    await eventually(
      async () =>
        (await h.db.dataSource.query(`SELECT count(*)::int AS n FROM crm_deliveries WHERE lead_id = $1`, [
          row['lead_id'],
        ])) as [{ n: number }],
      ([found]) => found.n === 1,
      'the CRM delivery',
    );

    // A second shopper opening the car's checkout is told it is reserved; approving again changes nothing.
    const second = await reserve({ ...SHOPPER, email: 'sam@example.com', car_id: slugs['R1'] }).expect(409);
    expect(second.body).toMatchObject({ detail: 'This car is no longer available to reserve online.' });
    expect((await approve(res.body.payment.pay_url).expect(200)).body.outcome).toBe('duplicate');
    const leads = (await h.db.dataSource.query(`SELECT count(*)::int AS n FROM leads WHERE car_id = $1`, [
      ids['R1'],
    ])) as [{ n: number }];
    expect(leads[0].n).toBe(1);
  });

  it('20 shoppers racing for one car: exactly one hold, the others a 409 and never a payment', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        reserve({ ...SHOPPER, email: `racer${i}@example.com`, car_id: slugs['R2'] }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const loser of attempts.filter((r) => r.status === 409)) {
      expect(loser.body).toMatchObject({ detail: 'This car has just been reserved by someone else.', code: 'taken' });
    }
    const rows = (await h.db.dataSource.query(`SELECT count(*)::int AS n FROM reservations WHERE car_id = $1`, [
      ids['R2'],
    ])) as [{ n: number }];
    expect(rows[0].n).toBe(1);
    const payments = (await h.db.dataSource.query(
      `SELECT count(*)::int AS n FROM local_payments WHERE metadata->>'record_id' IN (SELECT id::text FROM reservations WHERE car_id = $1)`,
      [ids['R2']],
    )) as [{ n: number }];
    expect(payments[0].n).toBe(1);
  });

  it('a retried checkout with the same Idempotency-Key answers the same reservation', async () => {
    const first = await reserve({ ...SHOPPER, car_id: slugs['R3'] }, 'key-r3').expect(201);
    const again = await reserve({ ...SHOPPER, car_id: slugs['R3'] }, 'key-r3').expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.reservation.id).toBe(first.body.reservation.id);
    expect(again.body.payment.pay_url).toBe(first.body.payment.pay_url);
    await reserve({ ...SHOPPER, name: 'Other', car_id: slugs['R3'] }, 'key-r3').expect(422);
  });

  it('an unpaid hold is released after its payment window; a payment after that is refunded and flagged', async () => {
    const res = await reserve({ ...SHOPPER, car_id: slugs['R4'] }).expect(201);
    const id = res.body.reservation.id as string;
    await decline(res.body.payment.pay_url).expect(200);
    const declined = await h.http().get(`/api/sites/${h.siteSlug}/reservations/${id}`).expect(200);
    expect(declined.body.reservation).toMatchObject({
      status: 'pending_payment',
      payment_error: 'Your card was declined.',
    });

    await h.db.dataSource.query(
      `UPDATE reservations SET payment_deadline = now() - interval '1 minute' WHERE id = $1`,
      [id],
    );
    expect(await ledger.sweep()).toMatchObject({ released: 1 });
    expect((await reservationRow(id)).status).toBe('released');
    expect((await carRow(ids['R4']!)).reserved).toBe(false);

    // The card payment still lands: it is refunded, and ops see why.
    expect((await approve(res.body.payment.pay_url).expect(200)).body.outcome).toBe('refunded (after the hold ended)');
    const row = await reservationRow(id);
    expect(row).toMatchObject({
      status: 'refunded',
      refund_due: false,
      refund_ref: expect.stringMatching(/^local_refund_/),
      refund_reason: 'paid_after_hold_ended',
    });
    expect(row['ops_flag']).toMatch(/after the reservation was released/);
    const [payment] = (await h.db.dataSource.query(
      `SELECT amount_cents, refunded_cents FROM local_payments WHERE id = $1`,
      [row['payment_ref']],
    )) as [{ amount_cents: number; refunded_cents: number }];
    expect(payment.refunded_cents).toBe(payment.amount_cents);
    // The car is free for the next shopper.
    await reserve({ ...SHOPPER, email: 'next@example.com', car_id: slugs['R4'] }).expect(201);
  });

  it('a hold expires after its hold time and the car returns to search', async () => {
    const res = await reserve({ ...SHOPPER, car_id: slugs['R5'] }).expect(201);
    await approve(res.body.payment.pay_url).expect(200);
    await eventually(
      () => hit(ids['R5']!),
      (found) => found?.reserved === true,
      'the search projection',
    );
    await h.db.dataSource.query(`UPDATE reservations SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [
      res.body.reservation.id,
    ]);
    expect(await ledger.sweep()).toMatchObject({ expired: 1 });
    expect((await reservationRow(res.body.reservation.id)).status).toBe('expired');
    expect(await carRow(ids['R5']!)).toMatchObject({ reserved: false, reservation_id: null });
    await eventually(
      () => hit(ids['R5']!),
      (found) => found?.reserved === false,
      'the search projection',
    );
  });

  it('a paid hold that expires is refunded once, however the sweeps race, and the shopper is told', async () => {
    const res = await reserve({ ...SHOPPER, car_id: slugs['E1'] }).expect(201);
    const id = res.body.reservation.id as string;
    await approve(res.body.payment.pay_url).expect(200);
    await h.db.dataSource.query(`UPDATE reservations SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [
      id,
    ]);
    // The api's ledger and the worker's, each sweeping twice at the same moment.
    const worker = new ReservationLedger(h.db.dataSource, h.app.get(PaymentProviders));
    await Promise.all([ledger.sweep(), worker.sweep(), ledger.sweep(), worker.sweep()]);

    const view = await h.http().get(`/api/sites/${h.siteSlug}/reservations/${id}`).expect(200);
    expect(view.body.reservation).toMatchObject({
      status: 'expired',
      refunded: true,
      refund: {
        state: 'refunded',
        reason: 'hold_expired',
        message: expect.stringMatching(/hold on this car has ended.*has been refunded in full/),
      },
    });
    const row = await reservationRow(id);
    const refunds = (await h.db.dataSource.query(`SELECT id, amount_cents FROM local_refunds WHERE payment_id = $1`, [
      row['payment_ref'],
    ])) as { id: string; amount_cents: number }[];
    expect(refunds).toEqual([{ id: expect.any(String), amount_cents: 20000 }]);
    expect(row['refund_ref']).toBe(`local_refund_${refunds[0]!.id}`);
    expect(await carRow(ids['E1']!)).toMatchObject({ reserved: false, reservation_id: null });
  });

  it('a payment confirmed after its payment window is refunded at once, before any sweep, and never reserves the car', async () => {
    const res = await reserve({ ...SHOPPER, car_id: slugs['L1'] }).expect(201);
    const id = res.body.reservation.id as string;
    await h.db.dataSource.query(
      `UPDATE reservations SET payment_deadline = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    expect((await approve(res.body.payment.pay_url).expect(200)).body.outcome).toBe('refunded (after the hold ended)');

    const view = await h.http().get(`/api/sites/${h.siteSlug}/reservations/${id}`).expect(200);
    expect(view.body.reservation).toMatchObject({
      status: 'refunded',
      hold_expires_at: null,
      refund: { reason: 'paid_after_hold_ended', state: 'refunded' },
    });
    expect(view.body.reservation.refund.message).toMatch(
      /^Your payment arrived after your hold on this car had ended, so the car was not reserved\./,
    );
    expect(view.body.payment).toBeNull();
    expect(await carRow(ids['L1']!)).toMatchObject({ reserved: false, reservation_id: null });
    const leads = (await h.db.dataSource.query(`SELECT count(*)::int AS n FROM leads WHERE car_id = $1`, [
      ids['L1'],
    ])) as [{ n: number }];
    expect(leads[0].n).toBe(0);
    const [payment] = (await h.db.dataSource.query(
      `SELECT amount_cents, refunded_cents FROM local_payments WHERE id = $1`,
      [(await reservationRow(id))['payment_ref']],
    )) as [{ amount_cents: number; refunded_cents: number }];
    expect(payment.refunded_cents).toBe(payment.amount_cents);
    // Ops see why; nothing is left owed.
    const auth = { Authorization: `Bearer ${OPS_TOKEN}` };
    const listed = await h.http().get('/api/ops/reservations?status=refunded').set(auth).expect(200);
    expect(listed.body.reservations.find((r: { id: string }) => r.id === id)).toMatchObject({
      refund_reason: 'paid_after_hold_ended',
      ops_flag: expect.stringMatching(/after the payment window ended/),
    });
    expect((await h.http().get('/api/ops/reservations/refunds').set(auth).expect(200)).body.refunds).toEqual([]);
    // A deposit already refunded cannot be refunded again by ops.
    const again = await h.http().post(`/api/ops/reservations/${id}/refund`).set(auth).expect(409);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.body).toMatchObject({ status: 409, title: 'Nothing to refund' });
    await reserve({ ...SHOPPER, email: 'next@example.com', car_id: slugs['L1'] }).expect(201);
  });

  it('a feed update never clears an active reservation, and the dealer’s own flag survives its release', async () => {
    const res = await reserve({ ...SHOPPER, car_id: slugs['R6'] }).expect(201);
    await approve(res.body.payment.pay_url).expect(200);
    await h.load(h.fixture.north.id, [car('R6', { price: 29990, reserved: false })]);
    expect(await carRow(ids['R6']!)).toMatchObject({ reserved: true, feed_reserved: false });
    expect(await hit(ids['R6']!)).toMatchObject({ reserved: true });

    await h.load(h.fixture.north.id, [car('R6', { price: 29990, reserved: true })]);
    const after = await ledger.cancel(res.body.reservation.id);
    expect(after).toMatchObject({ status: 'cancelled', refund_due: false });
    expect(await carRow(ids['R6']!)).toMatchObject({ reserved: true, feed_reserved: true, reservation_id: null });
  });

  it('charges the car’s own deposit, and refuses cars that cannot be reserved', async () => {
    const res = await reserve({ ...SHOPPER, car_id: String(ids['DEP']) }).expect(201);
    expect(res.body.reservation.deposit).toBe(500);
    for (const stocknum of ['FEEDRES', 'SOLD']) {
      const refused = await reserve({ ...SHOPPER, car_id: slugs[stocknum] }).expect(409);
      expect(refused.body).toMatchObject({ code: 'unavailable' });
    }
    await reserve({ ...SHOPPER, car_id: 'no-such-car' }).expect(404);
  });

  it('never fails checkout on a stored deposit past what a reservation can charge', async () => {
    // Stored before the feed limit held reserve_deposit: its cents would not fit deposit_cents.
    await h.db.dataSource.query(`UPDATE cars SET data = data || '{"reserve_deposit": 30000000}'::jsonb WHERE id = $1`, [
      ids['BIGDEP'],
    ]);
    const res = await reserve({ ...SHOPPER, car_id: String(ids['BIGDEP']) }).expect(201);
    expect(res.body.reservation.deposit).toBe(200);
  });

  it('names every invalid field, and no body is ever a server error', async () => {
    const res = await reserve({ car_id: slugs['R7'], email: 'nope', phone: '123' }).expect(400);
    const paths = (res.body.errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['email', 'name', 'phone', 'terms_conditions']);
    expect(res.body.form_errors).toContain('*You must agree to the terms of use before submitting.');

    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            car_id: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(slugs['R7'])),
            name: fc.oneof(fc.string({ maxLength: 150 }), fc.constant(null)),
            email: fc.oneof(fc.emailAddress(), fc.string()),
            phone: fc.oneof(fc.constant('0412 345 678'), fc.string()),
            terms_conditions: fc.oneof(fc.boolean(), fc.string()),
            purchase: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const answer = await reserve({ ...body, email: 'x' });
          expect(answer.status).toBeLessThan(500);
          expect([400, 404, 409]).toContain(answer.status);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('takes an online payment against a reference and tells the dealer once paid', async () => {
    const res = await h
      .http()
      .post(`/api/sites/${h.siteSlug}/online-payments`)
      .send({ ...SHOPPER, reference: 'INV-1042', amount: '350', dealership_slug: h.fixture.north.slug })
      .expect(201);
    expect(res.body.online_payment).toMatchObject({ status: 'pending_payment', amount: 350, reference: 'INV-1042' });
    await approve(res.body.payment.pay_url).expect(200);
    const paid = await h
      .http()
      .get(`/api/sites/${h.siteSlug}/online-payments/${res.body.online_payment.id}`)
      .expect(200);
    expect(paid.body.online_payment).toMatchObject({ status: 'paid' });
    const [lead] = (await h.db.dataSource.query(
      `SELECT l.category, l.fields FROM leads l JOIN online_payments p ON p.lead_id = l.id WHERE p.id = $1`,
      [res.body.online_payment.id],
    )) as [{ category: string; fields: Record<string, unknown> }];
    expect(lead).toMatchObject({ category: 'Online Payment', fields: { reference: 'INV-1042', amount: '$350' } });
    const tooMuch = await h
      .http()
      .post(`/api/sites/${h.siteSlug}/online-payments`)
      .send({ ...SHOPPER, reference: 'INV-1', amount: 20001 })
      .expect(400);
    expect(tooMuch.body.errors[0]).toMatchObject({ path: 'amount' });
  });
});

describe('reservations with Stripe (the real SDK against a local fake of its API; webhooks signed with its test helper)', () => {
  let h: SiteApiHarness;
  let ledger: ReservationLedger;
  let stripeApi: FakeStripe;
  const slugs: Record<string, string> = {};
  const stripe = new Stripe('sk_test_x');
  const OPS = 'o'.repeat(32);

  const post = (payload: string, signature: string) =>
    h
      .http()
      .post('/api/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
  const signed = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const succeeded = (eventId: string, intentId: string, recordId: string) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          amount: 20000,
          amount_received: 20000,
          metadata: { purpose: 'reservation', record_id: recordId, site: h.siteSlug },
        },
      },
    });
  const reserveStripe = async (stocknum: string) => {
    const res = await h
      .http()
      .post(`/api/sites/${h.siteSlug}/reservations`)
      .send({ ...SHOPPER, car_id: slugs[stocknum] });
    expect([res.status, res.body]).toEqual([201, expect.objectContaining({ reservation: expect.anything() })]);
    return res.body as {
      reservation: { id: string; payment_reference: string };
      payment: { provider: string; client_secret: string; publishable_key: string };
    };
  };
  const row = async (id: string) =>
    (
      (await h.db.dataSource.query(
        `SELECT status, lead_id, refund_due, refund_ref, ops_flag, updated_at FROM reservations WHERE id = $1`,
        [id],
      )) as [
        {
          status: string;
          lead_id: string;
          refund_due: boolean;
          refund_ref: string | null;
          ops_flag: string | null;
          updated_at: Date;
        },
      ]
    )[0];

  beforeAll(async () => {
    stripeApi = await startFakeStripe();
    h = await createSiteApiHarness('stripepay', {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_API_URL: stripeApi.url,
        OPS_TOKEN: OPS,
      },
    });
    await h.load(h.fixture.north.id, [car('S1'), car('S2'), car('S3')]);
    for (const r of (await h.db.dataSource.query(`SELECT slug, stocknum FROM cars`)) as {
      slug: string;
      stocknum: string;
    }[])
      slugs[r.stocknum] = r.slug;
    ledger = h.app.get(ReservationLedger);
  });

  afterAll(async () => {
    await h?.close();
    await stripeApi?.close();
  });

  it('creates a PaymentIntent with automatic payment methods and an idempotency key, for the Payment Element', async () => {
    const { reservation, payment } = await reserveStripe('S1');
    expect(payment).toMatchObject({
      provider: 'stripe',
      client_secret: expect.stringMatching(/_secret_/),
      publishable_key: 'pk_test_x',
    });
    const create = stripeApi.calls.find((c) => c.path === '/v1/payment_intents')!;
    expect(create.idempotencyKey).toBe(`reservation-${reservation.id}`);
    expect(create.form.get('amount')).toBe('20000');
    expect(create.form.get('currency')).toBe('aud');
    expect(create.form.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(create.form.get('metadata[record_id]')).toBe(reservation.id);
    // Reading the reservation again gives the browser the same client secret, from Stripe.
    const again = await h.http().get(`/api/sites/${h.siteSlug}/reservations/${reservation.id}`).expect(200);
    expect(again.body.payment.client_secret).toBe(payment.client_secret);
  });

  it('verifies signatures with constructEvent, applies an event once, and a replay changes nothing', async () => {
    const [{ id, payment_ref: intentId }] = (await h.db.dataSource.query(
      `SELECT r.id, r.payment_ref FROM reservations r JOIN cars c ON c.id = r.car_id WHERE c.stocknum = 'S1'`,
    )) as [{ id: string; payment_ref: string }];
    const payload = succeeded('evt_1', intentId, id);
    await post(payload, 't=1,v1=deadbeef').expect(400);
    await post(payload.replace('20000', '1'), signed(payload)).expect(400);
    await h
      .http()
      .post('/api/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .send(payload)
      .expect(400);

    expect((await post(payload, signed(payload)).expect(200)).body).toEqual({ received: true, outcome: 'held' });
    const before = await row(id);
    expect(before.status).toBe('held');

    // Stripe retries and replays deliver the same event again: nothing changes.
    expect((await post(payload, signed(payload)).expect(200)).body.outcome).toBe('duplicate');
    expect(await row(id)).toEqual(before);
    // A second success event for the same payment (another event id) makes no second lead either.
    const another = succeeded('evt_2', intentId, id);
    expect((await post(another, signed(another)).expect(200)).body.outcome).toBe('no change');
    const leads = (await h.db.dataSource.query(
      `SELECT count(*)::int AS n FROM leads WHERE category = 'Reserve Online'`,
    )) as [{ n: number }];
    expect(leads[0].n).toBe(1);
  });

  it('ignores event types it does not act on; ops list, complete and cancel with a Stripe refund', async () => {
    const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'charge.updated', data: { object: {} } });
    expect((await post(payload, signed(payload)).expect(200)).body.outcome).toBe('ignored');
    const auth = { Authorization: `Bearer ${OPS}` };
    const list = await h.http().get('/api/ops/reservations?status=held').set(auth).expect(200);
    expect(list.body.reservations).toHaveLength(1);
    expect(list.body.reservations[0]).toMatchObject({ status: 'held', contact: { email: 'jane@example.com' } });
    await h.http().get('/api/ops/reservations?status=nope').set(auth).expect(400);
    await h.http().get('/api/ops/reservations').expect(401);
    const id = list.body.reservations[0].id as string;
    await h.http().post(`/api/ops/reservations/${id}/complete`).set(auth).expect(201);
    await h.http().post(`/api/ops/reservations/${id}/complete`).set(auth).expect(409);
    await h.http().post(`/api/ops/reservations/${id}/cancel`).set(auth).expect(409);

    const { reservation } = await reserveStripe('S3');
    const [{ payment_ref: intentId }] = (await h.db.dataSource.query(
      `SELECT payment_ref FROM reservations WHERE id = $1`,
      [reservation.id],
    )) as [{ payment_ref: string }];
    const paid = succeeded('evt_s3', intentId, reservation.id);
    await post(paid, signed(paid)).expect(200);
    const cancelled = await h.http().post(`/api/ops/reservations/${reservation.id}/cancel`).set(auth).expect(201);
    expect(cancelled.body.reservation).toMatchObject({
      status: 'cancelled',
      refund_due: false,
      refund_ref: expect.stringMatching(/^re_fake_/),
    });
    const refund = stripeApi.calls.filter((c) => c.path === '/v1/refunds').at(-1)!;
    expect(refund.idempotencyKey).toBe(`refund-${reservation.id}`);
    expect(refund.form.get('payment_intent')).toBe(intentId);
  });

  it('a payment for a car sold meanwhile is refunded; a refund Stripe refuses stays owed and the sweep retries it', async () => {
    const { reservation } = await reserveStripe('S2');
    const [{ payment_ref: intentId }] = (await h.db.dataSource.query(
      `SELECT payment_ref FROM reservations WHERE id = $1`,
      [reservation.id],
    )) as [{ payment_ref: string }];
    await h.load(h.fixture.north.id, [car('S2', { status: 'sold' })]);
    // More failures than the SDK's own retries (it retries twice with the same idempotency key).
    stripeApi.failRefunds(3);
    const payload = succeeded('evt_3', intentId, reservation.id);
    expect((await post(payload, signed(payload)).expect(200)).body.outcome).toBe('refunded (car no longer available)');
    expect(await row(reservation.id)).toMatchObject({ status: 'refunded', refund_due: true, refund_ref: null });
    const auth = { Authorization: `Bearer ${OPS}` };
    const pending = await h.http().get('/api/ops/reservations/refunds').set(auth).expect(200);
    expect(pending.body.refunds).toEqual([
      expect.objectContaining({
        id: reservation.id,
        refund_reason: 'car_unavailable',
        refund_attempts: 1,
        refund_error: expect.stringMatching(/^Attempt 1: Stripe refused the refund/),
        needs_attention: false,
      }),
    ]);
    expect(pending.body.refunds[0]).not.toHaveProperty('contact');
    await h.http().get('/api/ops/reservations/refunds').expect(401);
    const pendingMetric = async () =>
      metricValue((await h.http().get('/api/ops/metrics').set(auth).expect(200)).text, 'reservation_refunds_pending', {
        app: 'api',
      });
    expect(await pendingMetric()).toBe(1);

    // The sweep waits out the backoff before asking Stripe again.
    const refundCalls = () => stripeApi.calls.filter((c) => c.path === '/v1/refunds').length;
    const before = refundCalls();
    expect(await ledger.sweep()).toMatchObject({ refunded: 0, refundsFailed: 0, refundsPending: 1 });
    expect(refundCalls()).toBe(before);
    await h.db.dataSource.query(
      `UPDATE reservations SET refund_next_attempt_at = now() - interval '1 second' WHERE id = $1`,
      [reservation.id],
    );
    expect(await ledger.sweep()).toMatchObject({ refunded: 1, refundsFailed: 0, refundsPending: 0 });
    expect(await row(reservation.id)).toMatchObject({
      status: 'refunded',
      refund_due: false,
      refund_ref: expect.stringMatching(/^re_fake_/),
    });
    expect((await h.http().get('/api/ops/reservations/refunds').set(auth).expect(200)).body.refunds).toEqual([]);
    expect(await pendingMetric()).toBe(0);
  });
});
