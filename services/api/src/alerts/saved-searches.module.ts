import { Module } from '@nestjs/common';
import { SignInModule } from '../sign-in/sign-in.module';
import { SitesModule } from '../sites/sites.module';
import { WatchableCars } from '../watchlist/watchable-cars';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesService } from './saved-searches.service';

@Module({
  imports: [SitesModule, SignInModule],
  controllers: [SavedSearchesController],
  providers: [SavedSearchesService, WatchableCars],
})
export class SavedSearchesModule {}
