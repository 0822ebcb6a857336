import { Module } from '@nestjs/common';
import { SitesController } from './sites.controller';
import { SiteDirectory } from './site-directory';
import { SitesService } from './sites.service';

@Module({
  controllers: [SitesController],
  providers: [SitesService, SiteDirectory],
  exports: [SitesService, SiteDirectory],
})
export class SitesModule {}
