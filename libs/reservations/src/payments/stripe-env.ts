import { z } from 'zod';

/** The Stripe settings the api and the worker both read (the api adds the publishable key). */
export const StripeEnvShape = {
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must be the webhook signing secret (whsec_...)')
    .optional(),
  /** Another address for Stripe's API (an egress proxy); Stripe's own when unset. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
};
