import { Module } from '@nestjs/common';
import { SitesModule } from '../sites/sites.module';
import { searchAppearancesProvider } from './search-appearances.provider';
import { SearchController } from './search.controller';
import { SiteSearch } from './site-search.service';

@Module({
  imports: [SitesModule],
  controllers: [SearchController],
  providers: [SiteSearch, searchAppearancesProvider],
  exports: [SiteSearch],
})
export class SearchModule {}
