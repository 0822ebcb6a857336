import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { QueueProducer } from '@platform/queues';
import { ENV, type BaseEnv } from '@platform/server-kit';
import { FeedIntake, FeedKeys, FeedRuns } from '@platform/stock';
import { FeedsController } from './feeds.controller';

export const FEED_PROVIDERS = [
  {
    provide: FeedRuns,
    inject: [ENV, getDataSourceToken(), QueueProducer],
    useFactory: (env: BaseEnv, dataSource: DataSource, producer: QueueProducer) =>
      new FeedRuns(dataSource, { producer, stuckAfterMs: env.FEED_RUN_STUCK_AFTER_MS }),
  },
  {
    provide: FeedIntake,
    inject: [getDataSourceToken(), FeedRuns],
    useFactory: (dataSource: DataSource, runs: FeedRuns) => new FeedIntake(dataSource, runs),
  },
  {
    provide: FeedKeys,
    inject: [getDataSourceToken()],
    useFactory: (dataSource: DataSource) => new FeedKeys(dataSource),
  },
];

@Module({ controllers: [FeedsController], providers: FEED_PROVIDERS, exports: FEED_PROVIDERS })
export class FeedsModule {}
