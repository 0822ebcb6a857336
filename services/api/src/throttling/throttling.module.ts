import { Logger, Module } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { ENV, REDIS } from '@platform/server-kit';
import type { ApiEnv } from '../env';

/** Named per-client limits; a route opts in with @UseGuards(ThrottlerGuard) and @SkipThrottle for the others. */
export const THROTTLES = { phoneReveal: 'phone-reveal' } as const;

/**
 * Counts in Redis so every API instance shares one limit per client. If Redis cannot be reached the
 * request is let through: a shopper must never be refused because the limiter is down.
 */
class FailOpenStorage implements ThrottlerStorage {
  private readonly logger = new Logger('Throttling');

  constructor(private readonly inner: ThrottlerStorageRedisService) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    try {
      return await this.inner.increment(key, ttl, limit, blockDuration, throttlerName);
    } catch (error) {
      this.logger.warn({ err: (error as Error).message, throttler: throttlerName }, 'rate limiter unavailable; request allowed');
      return { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };
    }
  }
}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [ENV, REDIS],
      useFactory: (env: ApiEnv, redis: Redis) => ({
        storage: new FailOpenStorage(new ThrottlerStorageRedisService(redis)),
        throttlers: [{ name: THROTTLES.phoneReveal, ttl: 60_000, limit: env.PHONE_REVEAL_LIMIT_PER_MINUTE }],
        // Keys live under the install's Redis prefix and name no client in clear.
        generateKey: (context, tracker, name) =>
          `${env.REDIS_PREFIX}:throttle:${name}:${createHash('sha256').update(`${context.getClass().name}.${context.getHandler().name}|${tracker}`).digest('base64url')}`,
        errorMessage: 'Too many requests from this device. Please wait a minute and try again.',
      }),
    }),
  ],
})
export class ThrottlingModule {}
