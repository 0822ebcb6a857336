import { z } from 'zod';
import { StripeEnvShape } from '@platform/reservations';
import { AlertLinkSecretShape, DEVELOPMENT_ALERT_LINK_SECRET, MailEnvShape } from '@platform/leads';
import { checkMediaStoreEnv, MediaStoreEnvShape } from '@platform/media';
import { DEFAULT_OPS_HOST, SiteHostSchema } from '@platform/domain';
import { BaseEnvSchema, BindHostSchema, OutboundAllowedAddressesSchema } from '@platform/server-kit';
import { HostVerificationEnvShape } from '@platform/site-config';

/** Used when AUTH_SECRET is unset outside production; it is in the source, so it protects nothing. */
export const DEVELOPMENT_AUTH_SECRET = 'development-only-auth-secret-not-for-production';

export const ApiEnvSchema = BaseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /**
   * Address the api binds PORT to. Unset: every interface, as before (the web tier may run on
   * another host); set 127.0.0.1 where the web runs on the same host, or firewall PORT to the web tier.
   */
  API_BIND_HOST: BindHostSchema.optional(),
  /** Folder served at /media (logos, demo photos); a CDN replaces it in production. */
  MEDIA_DIR: z.string().optional(),
  /**
   * Where dealer photos are stored: the worker's settings exactly (the worker writes, the api
   * serves), so both must be given the same MEDIA_STORE, MEDIA_STORE_DIR (resolved against each
   * process's working directory) or bucket.
   */
  ...MediaStoreEnvShape,
  /** Photo variants the api makes at once on demand (a width the worker has not made yet); each decodes one original. */
  MEDIA_GENERATE_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** Bearer token of the ops API and the queue dashboard. Required in production. */
  OPS_TOKEN: z
    .string()
    .min(24, 'OPS_TOKEN must be at least 24 characters (generate one with `openssl rand -hex 32`)')
    .optional(),
  /** Largest feed body accepted, in bytes (50 MB). */
  FEED_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Printable PDFs one client may have made per minute (each may fetch the car's photos). */
  PRINT_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** How long a car's PDF is kept and served again without fetching its photos, in seconds (0: never). */
  PRINT_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Private addresses dealer photos may still be fetched from (see OutboundAllowedAddressesSchema). */
  OUTBOUND_ALLOWED_ADDRESSES: OutboundAllowedAddressesSchema,
  /** Phone reveals one client may report per minute before getting 429. */
  PHONE_REVEAL_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Lead submissions one client may make per minute before getting 429. */
  LEAD_SUBMIT_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** MCP requests (each a tool call or listing) one AI assistant client may make per minute before getting 429. */
  MCP_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Analytics events one client may report per minute; more are dropped with 429. */
  ANALYTICS_EVENT_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Images one client may upload through the site editor per minute (each is decoded and resized). */
  SITE_IMAGE_UPLOAD_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Sign-in codes one client may request per hour. */
  SIGN_IN_CODE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Sign-in code checks one client may make per 10 minutes (each code also allows only a few attempts). */
  SIGN_IN_VERIFY_LIMIT_PER_10_MINUTES: z.coerce.number().int().positive().default(20),
  /**
   * Secret of the HMACs over sign-in codes and phone numbers (at least 32 characters; generate one
   * with `openssl rand -hex 32`). Required in production; elsewhere a development value is used.
   */
  AUTH_SECRET: z
    .string()
    .min(32, 'AUTH_SECRET must be at least 32 characters (generate one with `openssl rand -hex 32`)')
    .default(DEVELOPMENT_AUTH_SECRET),
  ...AlertLinkSecretShape,
  /** How long a sign-in code sent by SMS stays valid, in seconds. */
  SIGN_IN_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  /** Wrong codes a sign-in code survives; then it is dead and the shopper requests a new one. */
  SIGN_IN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** How long a shopper stays signed in (the session cookie's Max-Age), in days. */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  /** SMS gateway that texts sign-in codes (POST { to, message }); when unset codes go to the sms_messages table and the log. */
  SMS_GATEWAY_URL: z.url().optional(),
  /** Bearer token of the SMS gateway. */
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  /** Dealer console sign-in emails (codes and links): SMTP, or kept in outbound_emails when unset. */
  ...MailEnvShape,
  /** Largest lead, valuation-save or analytics body accepted, in bytes: forms are small, and a big body is abuse. */
  LEAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(32 * 1024),
  /** Captcha secrets for sites whose forms.captcha_provider is recaptcha or turnstile. */
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  TURNSTILE_SECRET: z.string().min(1).optional(),
  /** Overrides the provider's siteverify address (a test double or an egress proxy). */
  CAPTCHA_VERIFY_URL: z.url().optional(),
  /**
   * Proxies whose X-Forwarded-For the per-client limits believe: 'loopback' (web and api on one
   * host), addresses or CIDR ranges separated by commas, or a number of hops. Trusting every
   * proxy ('true') is refused: any client could then pick its own address and dodge the limits.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(\d{1,2}|[0-9A-Za-z.:/]+(\s*,\s*[0-9A-Za-z.:/]+)*)$/,
      "TRUST_PROXY must be 'loopback', addresses or CIDR ranges separated by commas (10.0.0.0/8,loopback), or a number of proxy hops",
    )
    .refine(
      (value) => !/^(true|false)$/i.test(value),
      "TRUST_PROXY must name the proxies (e.g. 'loopback' or 10.0.0.0/8), not trust every client's X-Forwarded-For",
    )
    .transform((value): string | number => (/^\d+$/.test(value) ? Number(value) : value))
    .default('loopback'),
  /** Port the web answers on for *.localhost development hosts: every absolute link to such a site names it (siteOrigin). */
  WEB_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Finance quote service; when unset the built-in provider computes quotes from the site's rates. */
  QUOTE_SERVICE_URL: z.url().optional(),
  QUOTE_SERVICE_TOKEN: z.string().min(1).optional(),
  /**
   * Stripe takes reservation deposits and online payments when its keys are set: the secret key
   * (sk_...), the webhook endpoint's signing secret (whsec_...) and the publishable key (pk_...)
   * the checkout page's Payment Element uses. Unset, the built-in local provider takes test payments.
   */
  ...StripeEnvShape,
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_...)')
    .optional(),
  /** Checkouts and online payments a client may start per minute. */
  CHECKOUT_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /**
   * Where a dealer's custom domain points (issue 51): the platform's host name for a CNAME below
   * the apex, and its IPv4 address for an A record at the apex. The DNS records a new host is
   * handed name them; unset, that record is left out.
   */
  PLATFORM_CNAME_TARGET: SiteHostSchema.optional(),
  PLATFORM_IPV4: z.ipv4('PLATFORM_IPV4 must be an IPv4 address').optional(),
  /** DNS_RESOLVER and DNS_TIMEOUT_MS: where a host's verification TXT record is looked up (ops' verify now). */
  ...HostVerificationEnvShape,
  /**
   * Questions Caddy's on-demand TLS may ask GET /api/tls/ask per minute, all callers together (it is
   * loopback only); past it the answer is 429 and Caddy issues no certificate for that name yet.
   */
  TLS_ASK_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * The ops console's host (issue 51): the web serves the console there, its sign-in links name it
   * and Caddy may have a certificate for it. A development host is served over http on WEB_PORT.
   */
  OPS_HOST: SiteHostSchema.optional().transform((host) => host ?? DEFAULT_OPS_HOST),
})
  .superRefine((env, context) => checkMediaStoreEnv(env, context))
  .refine(
    (env) =>
      [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_PUBLISHABLE_KEY].every((v) => v === undefined) ||
      [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_PUBLISHABLE_KEY].every((v) => v !== undefined),
    {
      path: ['STRIPE_SECRET_KEY'],
      message:
        'Set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY together: a payment Stripe takes must also be confirmed by its webhook',
    },
  )
  .refine((env) => env.NODE_ENV !== 'production' || env.STRIPE_SECRET_KEY !== undefined, {
    path: ['STRIPE_SECRET_KEY'],
    message:
      'STRIPE_SECRET_KEY is required in production: the built-in local provider approves test payments and never moves money',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.OPS_TOKEN !== undefined, {
    path: ['OPS_TOKEN'],
    message: 'OPS_TOKEN is required in production: the ops API and queue dashboard must not run unprotected',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.AUTH_SECRET !== DEVELOPMENT_AUTH_SECRET, {
    path: ['AUTH_SECRET'],
    message: 'AUTH_SECRET is required in production: sign-in codes and sessions must not rest on a published value',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.ALERT_LINK_SECRET !== DEVELOPMENT_ALERT_LINK_SECRET, {
    path: ['ALERT_LINK_SECRET'],
    message: 'ALERT_LINK_SECRET is required in production: unsubscribe links must not rest on a published value',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SMS_GATEWAY_URL !== undefined, {
    path: ['SMS_GATEWAY_URL'],
    message:
      'SMS_GATEWAY_URL is required in production: without it sign-in codes are only written to the database and log, and no shopper could sign in',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SMTP_URL !== undefined, {
    path: ['SMTP_URL'],
    message:
      'SMTP_URL is required in production: without it dealer sign-in codes are only kept in the database, and no dealer could sign in',
  });
export type ApiEnv = z.infer<typeof ApiEnvSchema>;
