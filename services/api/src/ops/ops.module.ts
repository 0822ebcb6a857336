import { Module } from '@nestjs/common';
import { FeedsModule } from '../feeds/feeds.module';
import { OpsAuthGuard } from './ops-auth.guard';
import { LeadDeliveriesController } from './lead-deliveries.controller';
import { OpsController } from './ops.controller';

@Module({ imports: [FeedsModule], controllers: [OpsController, LeadDeliveriesController], providers: [OpsAuthGuard] })
export class OpsModule {}
