import Stripe from 'stripe';
import { createTestDatabase, startFakeStripe, type FakeStripe, type TestDatabase } from '@platform/testing';
import { LocalPaymentProvider } from './local-payment-provider';
import { PaymentProviderError, PaymentSignatureError } from './payment-port';
import { paymentProvidersFor } from './payment-providers-from-env';
import { StripePaymentProvider } from './stripe-payment-provider';

const SECRET = 'whsec_unit';
const request = {
  amountCents: 20000,
  currency: 'aud',
  description: 'Deposit',
  purpose: 'reservation' as const,
  recordId: '6f1c1d8e-4f55-4b8e-9b7e-2f1f0c9b1a11',
  siteSlug: 'north',
  returnPath: '/reservations/6f1c1d8e-4f55-4b8e-9b7e-2f1f0c9b1a11',
  idempotencyKey: 'reservation-6f1c1d8e',
};

describe('StripePaymentProvider (the real SDK against a local fake of the API)', () => {
  let api: FakeStripe;
  let provider: StripePaymentProvider;
  const sdk = new Stripe('sk_test_unit');

  beforeAll(async () => {
    api = await startFakeStripe();
    provider = new StripePaymentProvider({ secretKey: 'sk_test_unit', webhookSecret: SECRET, apiUrl: api.url });
  });
  afterAll(() => api.close());

  it('makes one PaymentIntent however often the create is retried with its idempotency key', async () => {
    const first = await provider.createPayment(request);
    const again = await provider.createPayment(request);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ provider: 'stripe', clientSecret: expect.stringMatching(/_secret_/), payUrl: null });
    expect(api.calls.filter((c) => c.path === '/v1/payment_intents').map((c) => c.idempotencyKey)).toEqual([
      request.idempotencyKey,
      request.idempotencyKey,
    ]);
  });

  it('refunds a PaymentIntent once: a retry answers the same refund, even after Stripe forgot the key', async () => {
    const intent = await provider.createPayment({ ...request, idempotencyKey: 'reservation-refund-once' });
    const first = await provider.refund(intent.ref, { idempotencyKey: 'refund-once' });
    expect(await provider.refund(intent.ref, { idempotencyKey: 'refund-once' })).toEqual(first);
    const call = api.calls.filter((c) => c.path === '/v1/refunds').at(-1)!;
    expect([call.method, call.idempotencyKey, call.form.get('payment_intent')]).toEqual([
      'POST',
      'refund-once',
      intent.ref,
    ]);
    // Past Stripe's 24 hours the key is new to it: it refuses a second refund, and the first is found.
    api.forgetIdempotencyKeys();
    expect(await provider.refund(intent.ref, { idempotencyKey: 'refund-once' })).toEqual(first);
    expect(api.calls.filter((c) => c.path === '/v1/refunds' && c.method === 'POST')).toHaveLength(3);
  });

  it('reads succeeded and failed events, ignores others, and refuses a bad or missing signature', () => {
    const event = (type: string, object: Record<string, unknown>) =>
      JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object } });
    const intent = {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 20000,
      amount_received: 0,
      metadata: { purpose: 'online_payment', record_id: 'r1' },
      last_payment_error: { message: 'Your card was declined.' },
    };
    const parse = (payload: string) =>
      provider.parseEvent(Buffer.from(payload), sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(parse(event('payment_intent.payment_failed', intent))).toMatchObject({
      kind: 'failed',
      ref: 'pi_1',
      purpose: 'online_payment',
      recordId: 'r1',
      failure: 'Your card was declined.',
    });
    expect(parse(event('payment_intent.succeeded', { ...intent, metadata: { purpose: 'other' } }))).toMatchObject({
      kind: 'succeeded',
      purpose: null,
    });
    expect(parse(event('customer.created', {}))).toMatchObject({ kind: 'ignored', ref: null });
    const payload = event('payment_intent.succeeded', intent);
    expect(() => provider.parseEvent(Buffer.from(payload), undefined)).toThrow(PaymentSignatureError);
    const otherSecret = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => provider.parseEvent(Buffer.from(payload), otherSecret)).toThrow(PaymentSignatureError);
  });
});

describe('LocalPaymentProvider (real PostgreSQL)', () => {
  let db: TestDatabase;
  let local: LocalPaymentProvider;

  beforeAll(async () => {
    db = await createTestDatabase('platform_local_payments');
    local = new LocalPaymentProvider(db.dataSource);
  });
  afterAll(() => db?.destroy());

  it('answers a retried create with the same payment, and approves it once', async () => {
    const first = await local.createPayment(request);
    expect(await local.createPayment(request)).toEqual(first);
    expect(first.payUrl).toBe(`/payments/local/${first.ref}`);
    const declined = await local.decide(first.ref, 'decline');
    const declinedAgain = await local.decide(first.ref, 'decline');
    expect(declined).toMatchObject({ kind: 'failed', failure: 'Your card was declined.' });
    expect(declinedAgain!.id).not.toBe(declined!.id);
    const approved = await local.decide(first.ref, 'approve');
    expect(approved).toMatchObject({ kind: 'succeeded', purpose: 'reservation', recordId: request.recordId });
    // Once paid, even a decline reports the success again, with the same event id: it is applied once.
    expect((await local.decide(first.ref, 'decline'))!.id).toBe(approved!.id);
    await local.refund(first.ref, { idempotencyKey: 'refund-1' });
    expect(await local.find(first.ref)).toMatchObject({ status: 'succeeded', return_path: request.returnPath });
    expect(await local.decide('not-a-payment', 'approve')).toBeNull();
  });

  it('records each refund once by its idempotency key, and refunds only what was paid', async () => {
    const payment = await local.createPayment({ ...request, idempotencyKey: 'local-refunds' });
    await expect(local.refund(payment.ref, { idempotencyKey: 'too-early' })).rejects.toThrow(PaymentProviderError);
    await local.decide(payment.ref, 'approve');
    // However often and however concurrently it is asked, one refund is made.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => local.refund(payment.ref, { idempotencyKey: 'refund-local' })),
    );
    expect(new Set(answers.map((a) => a.refundRef)).size).toBe(1);
    expect(answers[0]!.refundRef).toMatch(/^local_refund_[0-9a-f-]{36}$/);
    const rows = (await db.dataSource.query(
      `SELECT r.amount_cents, p.refunded_cents FROM local_refunds r JOIN local_payments p ON p.id = r.payment_id WHERE p.id = $1`,
      [payment.ref],
    )) as { amount_cents: number; refunded_cents: number }[];
    expect(rows).toEqual([{ amount_cents: 20000, refunded_cents: 20000 }]);
    await expect(local.refund(payment.ref, { idempotencyKey: 'another-key' })).rejects.toThrow(/already been refunded/);
    await expect(local.refund('not-a-payment', { idempotencyKey: 'x' })).rejects.toThrow(PaymentProviderError);
  });

  it('is the only provider without Stripe keys, and stays reachable beside Stripe for its own refunds', () => {
    expect(paymentProvidersFor({}, db.dataSource).current.provider).toBe('local');
    const both = paymentProvidersFor({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: SECRET }, db.dataSource);
    expect(both.current.provider).toBe('stripe');
    expect(both.get('local').provider).toBe('local');
    expect(() => paymentProvidersFor({}, db.dataSource).get('stripe')).toThrow(/not configured/);
  });
});
