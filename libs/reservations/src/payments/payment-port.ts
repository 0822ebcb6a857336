/** The payment providers the platform speaks to. */
export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What a payment is for; it travels with the payment (Stripe metadata) and comes back on its events. */
export type PaymentPurpose = 'reservation' | 'online_payment';

export interface PaymentRequest {
  amountCents: number;
  currency: string;
  /** Shown to the shopper by the provider (the statement and the local pay page). */
  description: string;
  purpose: PaymentPurpose;
  /** The reservation or online payment id. */
  recordId: string;
  siteSlug: string;
  /** Where the shopper lands after paying (a site path), for providers that redirect. */
  returnPath: string;
  /** Sent with the create call: a retry after a lost answer makes no second payment. */
  idempotencyKey: string;
  receiptEmail?: string;
}

/** A payment the shopper can now complete: in the browser with a client secret, or on a pay page. */
export interface PaymentSession {
  provider: PaymentProviderName;
  ref: string;
  /** Stripe's PaymentIntent client secret, for the Payment Element. */
  clientSecret: string | null;
  /** The local provider's pay page (a site path). */
  payUrl: string | null;
}

/** A provider's news about a payment, already verified (signature) and reduced to what the platform acts on. */
export interface PaymentEvent {
  provider: PaymentProviderName;
  /** The provider's event id: an event applied once is never applied again. */
  id: string;
  kind: 'succeeded' | 'failed' | 'ignored';
  /** The provider's event type (payment_intent.succeeded, local.approved...). */
  type: string;
  ref: string | null;
  purpose: PaymentPurpose | null;
  recordId: string | null;
  amountCents: number | null;
  /** Why a payment failed, as the provider words it for the shopper. */
  failure: string | null;
}

/** A webhook whose signature does not verify: answered 400 and never acted on. */
export class PaymentSignatureError extends Error {}

/** The provider could not be reached or refused the call; nothing was charged by it. */
export class PaymentProviderError extends Error {}

/**
 * The one way money moves (issue 21): Stripe in production, the built-in local provider on a fresh
 * machine and in tests. Every create and refund carries an idempotency key.
 */
export interface PaymentPort {
  readonly provider: PaymentProviderName;
  createPayment(request: PaymentRequest): Promise<PaymentSession>;
  /** The browser side of a payment already made (the shopper reloaded the checkout page). */
  resume(ref: string): Promise<PaymentSession>;
  /** Stops a payment that is no longer wanted (its hold ended); one already paid is left alone. */
  cancelPayment(ref: string): Promise<void>;
  refund(ref: string, options: { idempotencyKey: string }): Promise<{ refundRef: string }>;
  /** Verifies and reads a webhook delivery; throws PaymentSignatureError when it does not verify. */
  parseEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** The provider of each name, and the one new payments use. A payment is always refunded through the provider that took it. */
export class PaymentProviders {
  private readonly byName: Map<PaymentProviderName, PaymentPort>;

  constructor(
    readonly current: PaymentPort,
    others: readonly PaymentPort[] = [],
  ) {
    this.byName = new Map([current, ...others].map((port) => [port.provider, port]));
  }

  get(name: string): PaymentPort {
    const port = this.byName.get(name as PaymentProviderName);
    if (!port) throw new PaymentProviderError(`Payment provider '${name}' is not configured on this install`);
    return port;
  }

  has(name: string): boolean {
    return this.byName.has(name as PaymentProviderName);
  }
}
