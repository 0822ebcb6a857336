import { Module } from '@nestjs/common';
import { SitesModule } from '../sites/sites.module';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsTracker } from './analytics-tracker';

@Module({
  imports: [SitesModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsTracker],
  exports: [AnalyticsTracker],
})
export class AnalyticsModule {}
