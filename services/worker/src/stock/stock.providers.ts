import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { bumpSearchVersion, type SearchEngine } from '@platform/search';
import { ENV, REDIS, SEARCH_ENGINE, type BaseEnv } from '@platform/server-kit';
import { FeedIngest, SiteIndexer } from '@platform/stock';

/** The stock pipeline's services, wired from the environment and the core modules' connections. */
export const STOCK_PROVIDERS: Provider[] = [
  {
    provide: FeedIngest,
    inject: [getDataSourceToken()],
    useFactory: (dataSource: DataSource) => new FeedIngest(dataSource),
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
