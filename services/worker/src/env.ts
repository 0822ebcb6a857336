import { z } from 'zod';
import { StripeEnvShape } from '@platform/reservations';
import { BaseEnvSchema } from '@platform/server-kit';

export const WorkerEnvSchema = BaseEnvSchema.extend({
  /** Port of the worker's health endpoints (/health/live, /health/ready). */
  WORKER_PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  /** How often the outbox relay looks for lead deliveries to queue, in ms. */
  LEAD_RELAY_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /** Attempts per lead delivery, and the first retry's delay (doubling each time). */
  LEAD_DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  LEAD_DELIVERY_BACKOFF_MS: z.coerce.number().int().min(1).default(5000),
  /** How long a CRM webhook may take to answer, in ms. */
  CRM_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** SMTP server for lead notification emails (smtp[s]://user:pass@host:port); unset keeps them in outbound_emails. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtps://user:password@smtp.example.com:465' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Dealer Platform <leads@platform.localhost>'),
  /** The api's Stripe keys: the reservation sweep refunds and cancels payments Stripe took. Unset: the local provider. */
  ...StripeEnvShape,
});
export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;
