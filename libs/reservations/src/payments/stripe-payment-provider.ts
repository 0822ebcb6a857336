import Stripe from 'stripe';
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentEvent,
  type PaymentPort,
  type PaymentPurpose,
  type PaymentRequest,
  type PaymentSession,
} from './payment-port';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (an egress proxy, or a local fake in tests); Stripe's own when unset. */
  apiUrl?: string;
}

const PURPOSES: readonly string[] = ['reservation', 'online_payment'];

/**
 * Stripe through its official SDK: PaymentIntents with automatic payment methods (cards, Apple Pay
 * and Google Pay, as the site's payment logos promise), an idempotency key on every create and
 * refund, and webhooks verified with constructEvent.
 */
export class StripePaymentProvider implements PaymentPort {
  readonly provider = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.apiUrl ? apiAddress(options.apiUrl) : {}),
    });
  }

  async createPayment(request: PaymentRequest): Promise<PaymentSession> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          description: request.description,
          automatic_payment_methods: { enabled: true },
          metadata: { purpose: request.purpose, record_id: request.recordId, site: request.siteSlug },
          ...(request.receiptEmail ? { receipt_email: request.receiptEmail } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { provider: 'stripe', ref: intent.id, clientSecret: intent.client_secret, payUrl: null };
    } catch (error) {
      throw new PaymentProviderError(`Stripe refused the payment: ${(error as Error).message}`);
    }
  }

  async resume(ref: string): Promise<PaymentSession> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(ref);
      return { provider: 'stripe', ref, clientSecret: intent.client_secret, payUrl: null };
    } catch (error) {
      throw new PaymentProviderError(`Stripe could not read ${ref}: ${(error as Error).message}`);
    }
  }

  async cancelPayment(ref: string): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(ref);
    } catch (error) {
      // Already succeeded or cancelled: a success is refunded when its event arrives.
      if ((error as { code?: string }).code !== 'payment_intent_unexpected_state') {
        throw new PaymentProviderError(`Stripe could not cancel ${ref}: ${(error as Error).message}`);
      }
    }
  }

  async refund(ref: string, { idempotencyKey }: { idempotencyKey: string }): Promise<{ refundRef: string }> {
    try {
      const refund = await this.stripe.refunds.create({ payment_intent: ref }, { idempotencyKey });
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentProviderError(`Stripe's refund ${refund.id} of ${ref} is ${refund.status}`);
      }
      return { refundRef: refund.id };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      // Stripe forgets idempotency keys after 24 hours: a retry after a refund that was made but
      // never recorded (a crash, a lost answer) is refused as already refunded. That refund is ours.
      if ((error as { code?: string }).code === 'charge_already_refunded') return this.existingRefund(ref);
      throw new PaymentProviderError(`Stripe refused the refund of ${ref}: ${(error as Error).message}`);
    }
  }

  private async existingRefund(ref: string): Promise<{ refundRef: string }> {
    try {
      const refunds = await this.stripe.refunds.list({ payment_intent: ref, limit: 10 });
      const made = refunds.data.find((refund) => refund.status !== 'failed' && refund.status !== 'canceled');
      if (made) return { refundRef: made.id };
    } catch (error) {
      throw new PaymentProviderError(`Stripe could not list the refunds of ${ref}: ${(error as Error).message}`);
    }
    throw new PaymentProviderError(`Stripe says ${ref} is already refunded but lists no refund of it`);
  }

  parseEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new PaymentSignatureError('The Stripe-Signature header is missing.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch (error) {
      throw new PaymentSignatureError(`The Stripe signature does not verify: ${(error as Error).message}`);
    }
    const base = { provider: 'stripe' as const, id: event.id, type: event.type };
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
      return { ...base, kind: 'ignored', ref: null, purpose: null, recordId: null, amountCents: null, failure: null };
    }
    const intent = event.data.object;
    const purpose = PURPOSES.includes(intent.metadata?.['purpose'] ?? '')
      ? (intent.metadata['purpose'] as PaymentPurpose)
      : null;
    return {
      ...base,
      kind: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
      ref: intent.id,
      purpose,
      recordId: intent.metadata?.['record_id'] ?? null,
      amountCents: intent.amount_received || intent.amount,
      failure: intent.last_payment_error?.message ?? null,
    };
  }
}

function apiAddress(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}
