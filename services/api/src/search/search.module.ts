import { Module } from '@nestjs/common';
import { SitesModule } from '../sites/sites.module';
import { SearchController } from './search.controller';
import { SiteSearch } from './site-search.service';

@Module({
  imports: [SitesModule],
  controllers: [SearchController],
  providers: [SiteSearch],
  exports: [SiteSearch],
})
export class SearchModule {}
