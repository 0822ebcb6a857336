import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { QueueProducer } from '@platform/queues';
import { createSearchEngine, searchIndexPrefix, type SearchEngine } from '@platform/search';
import { SiteConfigStore, siteConfigStore } from '@platform/site-config';
import type { BaseEnv } from '../env/env';
import { APP_NAME, ENV } from '../platform-core.module';
import { PlatformMetrics } from '../metrics/platform-metrics';
import { REDIS } from '../redis/redis.tokens';

/** Injection token of the configured SearchEngine (OpenSearch when OPENSEARCH_URL is set, else PostgreSQL with in-memory indexes). */
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

/** The search engine, the queue producer, site configuration and the process's metrics, shared by api and worker. */
@Global()
@Module({
  providers: [
    {
      provide: SEARCH_ENGINE,
      inject: [ENV, getDataSourceToken(), PlatformMetrics],
      useFactory: (env: BaseEnv, dataSource: DataSource, metrics: PlatformMetrics): SearchEngine =>
        metrics.timed(
          createSearchEngine({
            dataSource,
            opensearchUrl: env.OPENSEARCH_URL,
            indexPrefix: searchIndexPrefix(env.REDIS_PREFIX),
            memoryMaxDocuments: env.SEARCH_MEMORY_MAX_DOCUMENTS,
          }),
        ),
    },
    {
      provide: QueueProducer,
      inject: [ENV, REDIS],
      useFactory: (env: BaseEnv, redis: Redis) => new QueueProducer(redis, env.REDIS_PREFIX),
    },
    {
      provide: PlatformMetrics,
      inject: [ENV, APP_NAME, getDataSourceToken(), QueueProducer],
      useFactory: (env: BaseEnv, appName: string, dataSource: DataSource, producer: QueueProducer) =>
        new PlatformMetrics({ appName, dataSource, producer, stuckAfterMs: env.FEED_RUN_STUCK_AFTER_MS }),
    },
    {
      // The process-wide store, so libraries that read through the same data source share its cache.
      provide: SiteConfigStore,
      inject: [ENV, getDataSourceToken()],
      useFactory: (env: BaseEnv, dataSource: DataSource) =>
        siteConfigStore(dataSource, { checkEveryMs: env.SITE_CONFIG_CHECK_MS }),
    },
    PipelineCloser,
  ],
  exports: [SEARCH_ENGINE, QueueProducer, PlatformMetrics, SiteConfigStore],
})
export class PipelineCoreModule {}
