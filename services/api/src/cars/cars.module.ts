import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { SearchModule } from '../search/search.module';
import { SitesModule } from '../sites/sites.module';
import { CarsController, SiteCarsController } from './cars.controller';
import { CarsService } from './cars.service';
import { SiteCars } from './site-cars';

@Module({
  imports: [SitesModule, SearchModule, MediaModule],
  controllers: [SiteCarsController, CarsController],
  providers: [CarsService, SiteCars],
  exports: [SiteCars, CarsService],
})
export class CarsModule {}
