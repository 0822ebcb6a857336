import { Module } from '@nestjs/common';
import { CarsModule } from '../cars/cars.module';
import { SitesModule } from '../sites/sites.module';
import { PlacesController } from './places.controller';
import { PlacesService } from './places.service';
import { PostcodeDirectory } from './postcode-directory';

@Module({
  imports: [SitesModule, CarsModule],
  controllers: [PlacesController],
  providers: [PlacesService, PostcodeDirectory],
  exports: [PlacesService, PostcodeDirectory],
})
export class PlacesModule {}
