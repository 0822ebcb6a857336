import { Module } from '@nestjs/common';
import { FeedsModule } from '../feeds/feeds.module';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { PlacesModule } from '../places/places.module';
import { OpsDealerships } from './ops-dealerships';
import { OpsManufacturers } from './ops-manufacturers';
import { OpsRecordsController } from './ops-records.controller';

/** A dealer changed later: dealerships, locations and brand records as ops records (issue 51 item 1). */
@Module({
  imports: [FeedsModule, PlacesModule],
  controllers: [OpsRecordsController],
  providers: [OpsDealerships, OpsManufacturers, OpsAuthGuard],
})
export class OpsRecordsModule {}
