import { Module } from '@nestjs/common';
import { FeedsModule } from '../feeds/feeds.module';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { ReservationsModule } from '../reservations/reservations.module';
import { SignInSecrets } from '../sign-in/sign-in-secrets';
import { DealerAccounts } from './dealer-accounts';
import { DealerFeed } from './dealer-feed';
import { DealerFeedController } from './dealer-feed.controller';
import { DealerLeads } from './dealer-leads';
import { DealerOpsController } from './dealer-ops.controller';
import { DealerReservations } from './dealer-reservations';
import { DealerReservationsController } from './dealer-reservations.controller';
import { DealerController } from './dealer.controller';
import { DealerSignedInGuard } from './dealer-session';

/**
 * The dealer console's API: dealer users, their sign-in and sessions, and their dealerships' leads,
 * reservations and feed health.
 */
@Module({
  imports: [ReservationsModule, FeedsModule],
  controllers: [DealerController, DealerOpsController, DealerReservationsController, DealerFeedController],
  providers: [
    SignInSecrets,
    DealerAccounts,
    DealerLeads,
    DealerReservations,
    DealerFeed,
    DealerSignedInGuard,
    OpsAuthGuard,
  ],
})
export class DealerModule {}
