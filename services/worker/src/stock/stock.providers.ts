import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { bumpSearchVersion, type SearchEngine } from '@platform/search';
import { ENV, REDIS, SEARCH_ENGINE, type BaseEnv } from '@platform/server-kit';
import { FeedIngest, SiteIndexer } from '@platform/stock';
import type { WorkerEnv } from '../env';

/** The stock pipeline's services, wired from the environment and the core modules' connections. */
export const STOCK_PROVIDERS: Provider[] = [
  {
    provide: FeedIngest,
    inject: [ENV, getDataSourceToken()],
    // A photo carried again by a run is asked again only after MEDIA_RECHECK_HOURS (see photoCheckDue).
    useFactory: (env: WorkerEnv, dataSource: DataSource) =>
      new FeedIngest(dataSource, { photoRecheckAfterMs: env.MEDIA_RECHECK_HOURS * 3_600_000 }),
  },
  {
    provide: SiteIndexer,
    inject: [ENV, REDIS, getDataSourceToken(), SEARCH_ENGINE],
    useFactory: (env: BaseEnv, redis: Redis, dataSource: DataSource, engine: SearchEngine) =>
      new SiteIndexer(dataSource, engine, {
        onIndexChanged: (siteId) => bumpSearchVersion(redis, env.REDIS_PREFIX, siteId),
      }),
  },
];
