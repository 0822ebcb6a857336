import { Inject, Injectable, Logger, Module, type ExecutionContext } from '@nestjs/common';
import {
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerModule,
  type ThrottlerLimitDetail,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { DependencyBackoff, withTimeout } from '@platform/queues';
import { ENV, nestLog, ProblemException, rateLimitHeaders, REDIS } from '@platform/server-kit';
import type { ApiEnv } from '../env';

/** Named per-client limits; a route opts in with @UseGuards(ThrottlerGuard) and @SkipThrottle for the others. */
export const THROTTLES = {
  phoneReveal: 'phone-reveal',
  leadSubmit: 'lead-submit',
  analyticsEvent: 'analytics-event',
  signInCode: 'sign-in-code',
  signInVerify: 'sign-in-verify',
  printPdf: 'print-pdf',
  checkout: 'checkout',
  tlsAsk: 'tls-ask',
  siteImageUpload: 'site-image-upload',
  mcp: 'mcp',
} as const;

/** Longest a request waits on the limiter before it is let through. */
const LIMITER_TIMEOUT_MS = 500;

/**
 * Counts in Redis so every API instance shares one limit per client. If Redis cannot be reached the
 * request is let through: a shopper must never be refused because the limiter is down.
 */
class FailOpenStorage implements ThrottlerStorage {
  private readonly logger = new Logger('Throttling');
  /** Logged when the limiter fails and when it answers again, with the count: not once a request. */
  private readonly health = new DependencyBackoff('rate-limiter', nestLog(this.logger));

  constructor(private readonly inner: ThrottlerStorageRedisService) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    try {
      const counted = await withTimeout(
        this.inner.increment(key, ttl, limit, blockDuration, throttlerName),
        LIMITER_TIMEOUT_MS,
        'rate limiter',
      );
      this.health.succeeded();
      return counted;
    } catch (error) {
      // Requests are let through meanwhile (the warning says so once).
      this.health.note(error, { throttler: throttlerName, allowed: true });
      return { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };
    }
  }
}

/**
 * Counts work against a per-client limit where no route guard can: one tool call among the many a
 * single MCP request may carry. The same Redis counters, and the same fail-open storage, as the
 * route limits.
 */
@Injectable()
export class ClientLimits {
  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(ENV) private readonly env: ApiEnv,
  ) {}

  /** Counts one more for this client; refused (with when to try again) once past `limit` a minute. */
  async count(
    name: ThrottleName,
    route: string,
    client: string,
    limit: number,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    const ttl = 60_000;
    const counted = await this.storage.increment(
      throttleKey(this.env.REDIS_PREFIX, name, route, client),
      ttl,
      limit,
      ttl,
      name,
    );
    return counted.isBlocked
      ? { allowed: false, retryAfterSeconds: Math.max(1, counted.timeToBlockExpire) }
      : { allowed: true };
  }
}

@Module({
  providers: [ClientLimits],
  exports: [ClientLimits],
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [ENV, REDIS],
      useFactory: (env: ApiEnv, redis: Redis) => ({
        storage: new FailOpenStorage(new ThrottlerStorageRedisService(redis)),
        // A guarded route counts against every throttler unless it skips the others (see THROTTLED_ONLY).
        throttlers: [
          { name: THROTTLES.phoneReveal, ttl: 60_000, limit: env.PHONE_REVEAL_LIMIT_PER_MINUTE },
          { name: THROTTLES.leadSubmit, ttl: 60_000, limit: env.LEAD_SUBMIT_LIMIT_PER_MINUTE },
          { name: THROTTLES.analyticsEvent, ttl: 60_000, limit: env.ANALYTICS_EVENT_LIMIT_PER_MINUTE },
          { name: THROTTLES.signInCode, ttl: 3_600_000, limit: env.SIGN_IN_CODE_LIMIT_PER_HOUR },
          { name: THROTTLES.signInVerify, ttl: 600_000, limit: env.SIGN_IN_VERIFY_LIMIT_PER_10_MINUTES },
          { name: THROTTLES.printPdf, ttl: 60_000, limit: env.PRINT_LIMIT_PER_MINUTE },
          { name: THROTTLES.checkout, ttl: 60_000, limit: env.CHECKOUT_LIMIT_PER_MINUTE },
          { name: THROTTLES.tlsAsk, ttl: 60_000, limit: env.TLS_ASK_LIMIT_PER_MINUTE },
          { name: THROTTLES.siteImageUpload, ttl: 60_000, limit: env.SITE_IMAGE_UPLOAD_LIMIT_PER_MINUTE },
          { name: THROTTLES.mcp, ttl: 60_000, limit: env.MCP_LIMIT_PER_MINUTE },
        ],
        // Keys live under the install's Redis prefix and name no client in clear.
        generateKey: (context, tracker, name) =>
          throttleKey(env.REDIS_PREFIX, name, `${context.getClass().name}.${context.getHandler().name}`, tracker),
        errorMessage: 'Too many requests from this device. Please wait a minute and try again.',
      }),
    }),
  ],
})
export class ThrottlingModule {}

type ThrottleName = (typeof THROTTLES)[keyof typeof THROTTLES];

/**
 * The Redis key of one client's count against one throttler on one route ('Class.handler'). Shared
 * with work that counts against a route's limit from elsewhere: an enquiry an AI assistant sends
 * over MCP counts against the lead form's own limit for that client, so neither door doubles it.
 */
export function throttleKey(prefix: string, name: string, route: string, tracker: string): string {
  return `${prefix}:throttle:${name}:${createHash('sha256').update(`${route}|${tracker}`).digest('base64url')}`;
}

/**
 * The @SkipThrottle map for a route limited by one named throttler only: without it a guarded route
 * counts against every throttler. Use as @SkipThrottle(throttledOnly(THROTTLES.leadSubmit)).
 */
export function throttledOnly(name: ThrottleName): Record<string, boolean> {
  return Object.fromEntries(Object.values(THROTTLES).map((throttler) => [throttler, throttler !== name]));
}

/**
 * The throttler guard whose 429 is problem details with `Retry-After` and the IETF RateLimit
 * headers (the stock guard sends only a non-standard `Retry-After-{name}`). Routes use it in place
 * of ThrottlerGuard.
 */
@Injectable()
export class ProblemThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    // Our keys are '{prefix}:throttle:{name}:{hash}' (see generateKey above).
    const policy = /:throttle:([a-z-]+):/.exec(detail.key)?.[1] ?? 'requests';
    throw new ProblemException(
      { status: 429, title: 'Too Many Requests', detail: await this.getErrorMessage(context, detail) },
      rateLimitHeaders({
        policy,
        limit: detail.limit,
        windowSeconds: detail.ttl / 1000,
        retryAfterSeconds: detail.timeToBlockExpire,
      }),
    );
  }
}
