import { Module } from '@nestjs/common';
import { PlacesModule } from '../places/places.module';
import { SearchModule } from '../search/search.module';
import { SitesModule } from '../sites/sites.module';
import { SearchUnderstanding } from './search-understanding';
import { UnderstandingController } from './understanding.controller';

/** A shopper's sentence read as the site's search (issue 55): for the site search and the MCP endpoint. */
@Module({
  imports: [SitesModule, SearchModule, PlacesModule],
  controllers: [UnderstandingController],
  providers: [SearchUnderstanding],
  exports: [SearchUnderstanding],
})
export class UnderstandingModule {}
