import { Module } from '@nestjs/common';
import { DealerModule } from '../dealer/dealer.module';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import {
  DealerSyndicationController,
  OpsSyndicationController,
  SyndicationFeedController,
} from './syndication.controller';
import { SyndicationService } from './syndication.service';

/** Google and Meta listing feeds (issue 42): serving, the console report, token rotation, ops URLs. */
@Module({
  imports: [DealerModule],
  controllers: [SyndicationFeedController, DealerSyndicationController, OpsSyndicationController],
  providers: [SyndicationService, OpsAuthGuard],
})
export class SyndicationModule {}
