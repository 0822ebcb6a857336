import type { DataSource } from 'typeorm';
import { LocalPaymentProvider } from './local-payment-provider';
import { PaymentProviders } from './payment-port';
import { StripePaymentProvider } from './stripe-payment-provider';

/**
 * Stripe when its keys are set, else the built-in local provider. The local provider stays
 * reachable either way, so payments it took before Stripe was configured can still be refunded.
 */
export function paymentProvidersFor(
  env: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_API_URL?: string },
  dataSource: DataSource,
): PaymentProviders {
  const local = new LocalPaymentProvider(dataSource);
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return new PaymentProviders(local);
  const stripe = new StripePaymentProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  });
  return new PaymentProviders(stripe, [local]);
}
