import { z } from 'zod';
import { DEFAULT_LEAD_BREAKER, DEFAULT_SITE_RETENTION_DAYS } from '@platform/domain';
import {
  AlertLinkSecretShape,
  DEFAULT_LEAD_DELIVERY_CONCURRENCY,
  DEFAULT_LEAD_LANE_CONCURRENCY,
  DEVELOPMENT_ALERT_LINK_SECRET,
  MailEnvShape,
} from '@platform/leads';
import {
  checkMediaStoreEnv,
  DEFAULT_MEDIA_CONCURRENCY,
  DEFAULT_MEDIA_VARIANT_CONCURRENCY,
  MediaStoreEnvShape,
} from '@platform/media';
import { StripeEnvShape } from '@platform/reservations';
import { BaseEnvSchema, BindHostSchema, OutboundAllowedAddressesSchema } from '@platform/server-kit';
import { HostVerificationEnvShape } from '@platform/site-config';

export const WorkerEnvSchema = BaseEnvSchema.extend({
  /** Port of the worker's health endpoints (/health/live, /health/ready). */
  WORKER_PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  /**
   * Address WORKER_PORT binds to. Loopback by default: /metrics answers without auth and nothing
   * off this host needs the port unless a scraper or orchestrator does (then name its interface).
   */
  WORKER_BIND_HOST: BindHostSchema.default('127.0.0.1'),
  /** How often the outbox relay looks for lead deliveries to queue, in ms. */
  LEAD_RELAY_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /** Attempts per lead delivery, and the first retry's delay (doubling each time). */
  LEAD_DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  LEAD_DELIVERY_BACKOFF_MS: z.coerce.number().int().min(1).default(5000),
  /** How long a CRM webhook may take to answer, in ms. */
  CRM_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Lead deliveries this worker makes at once, every dealership together (they wait on CRMs and the mail server, not the CPU). */
  LEAD_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULT_LEAD_DELIVERY_CONCURRENCY),
  /** Lead deliveries at once in one lane (one dealership's CRM, its email, its shoppers' emails), across every worker. */
  LEAD_LANE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(DEFAULT_LEAD_LANE_CONCURRENCY),
  /** Attempts in a row that found a lane's endpoint silent, unreachable or failing (5xx) before its circuit breaker opens. */
  LEAD_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(DEFAULT_LEAD_BREAKER.failures),
  /** Seconds an open lane's deliveries wait before one probe; twice this after a failed probe. */
  LEAD_BREAKER_COOLDOWN_SECONDS: z.coerce
    .number()
    .min(1)
    .max(600)
    .default(DEFAULT_LEAD_BREAKER.coolDownMs / 1000),
  /** Lead notification and shopper alert emails: SMTP, or kept in outbound_emails when unset. */
  ...MailEnvShape,
  /** Signs the one-click unsubscribe links of shopper alerts: the api's value (it checks them). */
  ...AlertLinkSecretShape,
  /** Alert notifications one shopper gets per site-local day at most (an instant alert or a digest is one). */
  ALERTS_MAX_PER_SHOPPER_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
  /** The site-local hour (0-23) daily alert digests go out at. */
  ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /** The SMS gateway for alert texts (the api's, for sign-in codes); unset keeps them in sms_messages. */
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  /** The api's Stripe keys: the reservation sweep refunds and cancels payments Stripe took. Unset: the local provider. */
  ...StripeEnvShape,
  /** DNS_RESOLVER and DNS_TIMEOUT_MS: where the host verification sweep looks up custom domains' TXT records. */
  ...HostVerificationEnvShape,
  /** Where dealer photos are stored (local folder or S3-compatible bucket). */
  ...MediaStoreEnvShape,
  /** Photos the media queue fetches, checks and stores at once (I/O: nothing is decoded there); each host keeps its own limit. */
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(DEFAULT_MEDIA_CONCURRENCY),
  /** Photos whose eager variants the mediaVariants queue makes at once; encoding is CPU-bound, so at most the cores it may use. */
  MEDIA_VARIANT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(DEFAULT_MEDIA_VARIANT_CONCURRENCY),
  /** Fetches at once from one dealer host, across every worker process (politeness to the dealer's server). */
  MEDIA_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Hours before a photo address is asked again (conditionally) when a feed run carries it again. */
  MEDIA_RECHECK_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(12),
  /** Fetches in a row that failed for a host before its circuit breaker opens. */
  MEDIA_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** Seconds an open host's photos wait before one probe fetch (doubling after each failed probe, up to 30 minutes). */
  MEDIA_BREAKER_COOLDOWN_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Hours a photo may be put off by its host's open breaker before it is marked unreachable. */
  MEDIA_MAX_DEFER_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(6),
  /** Days a photo no kept car uses stays before the lifecycle deletes it (and its stored bytes, once no address keeps them). */
  MEDIA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days a retired site's rows, search index and photos are kept before the worker purges them (at least a day). */
  SITE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_SITE_RETENTION_DAYS),
  /** Private addresses dealer photos may still be fetched from (the demo's loopback photo host in development). */
  OUTBOUND_ALLOWED_ADDRESSES: OutboundAllowedAddressesSchema,
  /** Port the web answers on for *.localhost development hosts: the links of emails and feeds name it (the api's value). */
  WEB_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
})
  .superRefine((env, context) => checkMediaStoreEnv(env, context))
  .refine((env) => env.NODE_ENV !== 'production' || env.ALERT_LINK_SECRET !== DEVELOPMENT_ALERT_LINK_SECRET, {
    path: ['ALERT_LINK_SECRET'],
    message: 'ALERT_LINK_SECRET is required in production: unsubscribe links must not rest on a published value',
  });
export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;
