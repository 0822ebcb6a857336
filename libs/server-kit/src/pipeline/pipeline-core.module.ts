import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { QueueProducer } from '@platform/queues';
import { createSearchEngine, searchIndexPrefix, type SearchEngine } from '@platform/search';
import type { BaseEnv } from '../env/env';
import { ENV } from '../platform-core.module';
import { REDIS } from '../redis/redis.tokens';

/** Injection token of the configured SearchEngine (OpenSearch when OPENSEARCH_URL is set, else PostgreSQL). */
export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');


class PipelineCloser implements OnApplicationShutdown {
  constructor(
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly producer: QueueProducer,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.producer.close(), this.engine.close()]);
  }
}

/** The search engine and the queue producer, shared by api and worker. */
@Global()
@Module({
  providers: [
    {
      provide: SEARCH_ENGINE,
      inject: [ENV, getDataSourceToken()],
      useFactory: (env: BaseEnv, dataSource: DataSource): SearchEngine =>
        createSearchEngine({ dataSource, opensearchUrl: env.OPENSEARCH_URL, indexPrefix: searchIndexPrefix(env.REDIS_PREFIX) }),
    },
    {
      provide: QueueProducer,
      inject: [ENV, REDIS],
      useFactory: (env: BaseEnv, redis: Redis) => new QueueProducer(redis, env.REDIS_PREFIX),
    },
    PipelineCloser,
  ],
  exports: [SEARCH_ENGINE, QueueProducer],
})
export class PipelineCoreModule {}
