import Redis, { type RedisOptions } from 'ioredis';

/**
 * A Redis connection for the platform. BullMQ needs maxRetriesPerRequest null on connections it
 * blocks on; plain commands fail fast instead so a request never hangs on a dead Redis.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { lazyConnect: false, enableReadyCheck: true, ...options });
}
