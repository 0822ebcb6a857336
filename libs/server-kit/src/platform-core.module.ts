import { Global, Module, type DynamicModule, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type Redis from 'ioredis';
import { dataSourceOptions, dependencyEndpoints } from '@platform/db';
import type { BaseEnv } from './env/env';
import { HealthController } from './health/health.controller';
import { loggerParams } from './logging/logger';
import { ProblemDetailsFilter } from './problem/problem-details.filter';
import { createRedis } from './redis/redis';
import { REDIS } from './redis/redis.tokens';

/** Injection token of the parsed environment. */
export const ENV = Symbol('ENV');
/** Injection token of the process's name ('api', 'worker'): log and metrics label. */
export const APP_NAME = Symbol('APP_NAME');

export interface PlatformCoreOptions {
  env: BaseEnv;
  appName: string;
  /** PostgreSQL pool size for this process. */
  poolSize?: number;
}

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * What every platform process has: environment, structured logging, PostgreSQL (TypeORM, no
 * synchronize), Redis, health endpoints and problem-details errors.
 */
@Global()
@Module({})
export class PlatformCoreModule {
  static forRoot({ env, appName, poolSize = 10 }: PlatformCoreOptions): DynamicModule {
    return {
      module: PlatformCoreModule,
      imports: [
        LoggerModule.forRoot(loggerParams(env.LOG_LEVEL, appName)),
        TypeOrmModule.forRoot({ ...dataSourceOptions({ url: env.DATABASE_URL, poolSize, applicationName: appName }) }),
      ],
      controllers: [HealthController],
      providers: [
        { provide: ENV, useValue: env },
        { provide: APP_NAME, useValue: appName },
        {
          provide: REDIS,
          useFactory: () => createRedis(env.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 3000 }),
        },
        RedisCloser,
        {
          provide: APP_FILTER,
          useFactory: () =>
            new ProblemDetailsFilter(dependencyEndpoints({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL })),
        },
      ],
      exports: [ENV, APP_NAME, REDIS],
    };
  }
}
