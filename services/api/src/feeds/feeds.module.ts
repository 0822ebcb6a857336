import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FeedIntake, FeedKeys } from '@platform/stock';
import { FeedsController } from './feeds.controller';

export const FEED_PROVIDERS = [
  {
    provide: FeedIntake,
    inject: [getDataSourceToken()],
    useFactory: (dataSource: DataSource) => new FeedIntake(dataSource),
  },
  {
    provide: FeedKeys,
    inject: [getDataSourceToken()],
    useFactory: (dataSource: DataSource) => new FeedKeys(dataSource),
  },
];

@Module({ controllers: [FeedsController], providers: FEED_PROVIDERS, exports: FEED_PROVIDERS })
export class FeedsModule {}
