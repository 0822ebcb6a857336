import { Module } from '@nestjs/common';
import { SignInModule } from '../sign-in/sign-in.module';
import { SitesModule } from '../sites/sites.module';
import { WatchableCars } from './watchable-cars';
import { WatchlistController } from './watchlist.controller';
import { WatchlistService } from './watchlist.service';

@Module({
  imports: [SitesModule, SignInModule],
  controllers: [WatchlistController],
  providers: [WatchlistService, WatchableCars],
})
export class WatchlistModule {}
