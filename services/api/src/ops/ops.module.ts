import { Module } from '@nestjs/common';
import { FeedsModule } from '../feeds/feeds.module';
import { OpsAuthGuard } from './ops-auth.guard';
import { LeadDeliveriesController } from './lead-deliveries.controller';
import { MediaOpsController } from './media-ops.controller';
import { OpsController } from './ops.controller';

@Module({
  imports: [FeedsModule],
  controllers: [OpsController, LeadDeliveriesController, MediaOpsController],
  providers: [OpsAuthGuard],
})
export class OpsModule {}
