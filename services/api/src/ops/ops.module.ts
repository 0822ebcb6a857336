import { Module } from '@nestjs/common';
import { FeedsModule } from '../feeds/feeds.module';
import { OpsAuthGuard } from './ops-auth.guard';
import { OpsController } from './ops.controller';

@Module({ imports: [FeedsModule], controllers: [OpsController], providers: [OpsAuthGuard] })
export class OpsModule {}
