import { Module } from '@nestjs/common';
import { FeedsModule } from '../feeds/feeds.module';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { ReservationsModule } from '../reservations/reservations.module';
import { SignInSecrets } from '../sign-in/sign-in-secrets';
import { DealerAccounts } from './dealer-accounts';
import { DealerFeed } from './dealer-feed';
import { DealerFeedController } from './dealer-feed.controller';
import { DealerInsights } from './dealer-insights';
import { DealerInsightsController } from './dealer-insights.controller';
import { DealerInsightsEmailController } from './dealer-insights-email.controller';
import { DealerLeads } from './dealer-leads';
import { DealerLeadBulk } from './dealer-lead-bulk';
import { DealerLeadBulkController } from './dealer-lead-bulk.controller';
import { DealerLeadReplies } from './dealer-lead-replies';
import { DealerLeadRepliesController } from './dealer-lead-replies.controller';
import { DealerLeadTasks } from './dealer-lead-tasks';
import { DealerLeadTasksController } from './dealer-lead-tasks.controller';
import { DealerMailer } from './dealer-mailer';
import { DealerPreferences } from './dealer-preferences';
import { DealerPreferencesController } from './dealer-preferences.controller';
import { DealerSignIn } from './dealer-sign-in';
import { DealerUsers } from './dealer-users';
import { DealerUsersController } from './dealer-users.controller';
import { SignInCodes } from '../sign-in/sign-in-codes';
import { SitesModule } from '../sites/sites.module';
import { DealerOpsController } from './dealer-ops.controller';
import { DealerReports } from './dealer-reports';
import { DealerReportsController } from './dealer-reports.controller';
import { DealerReservations } from './dealer-reservations';
import { DealerReservationsController } from './dealer-reservations.controller';
import { DealerSavedViews } from './dealer-saved-views';
import { DealerController } from './dealer.controller';
import { DealerSignedInGuard } from './dealer-session';

/**
 * The dealer console's API: dealer users, their sign-in and sessions, and their dealerships' leads,
 * reservations and feed health.
 */
@Module({
  imports: [SitesModule, ReservationsModule, FeedsModule],
  controllers: [
    DealerController,
    DealerUsersController,
    DealerOpsController,
    DealerReservationsController,
    DealerFeedController,
    DealerInsightsController,
    DealerInsightsEmailController,
    DealerReportsController,
    DealerPreferencesController,
    DealerLeadRepliesController,
    DealerLeadTasksController,
    DealerLeadBulkController,
  ],
  providers: [
    SignInSecrets,
    SignInCodes,
    DealerAccounts,
    DealerLeads,
    DealerLeadReplies,
    DealerMailer,
    DealerSignIn,
    DealerUsers,
    DealerReservations,
    DealerFeed,
    DealerInsights,
    DealerReports,
    DealerPreferences,
    DealerLeadTasks,
    DealerLeadBulk,
    DealerSavedViews,
    DealerSignedInGuard,
    OpsAuthGuard,
  ],
  // The syndication module's console routes sign dealers in the same way.
  exports: [SignInSecrets, DealerAccounts, DealerSignedInGuard],
})
export class DealerModule {}
