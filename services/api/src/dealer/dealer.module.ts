import { Module } from '@nestjs/common';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { SignInSecrets } from '../sign-in/sign-in-secrets';
import { DealerAccounts } from './dealer-accounts';
import { DealerLeads } from './dealer-leads';
import { DealerMailer } from './dealer-mailer';
import { DealerSignIn } from './dealer-sign-in';
import { DealerUsers } from './dealer-users';
import { DealerUsersController } from './dealer-users.controller';
import { SignInCodes } from '../sign-in/sign-in-codes';
import { SitesModule } from '../sites/sites.module';
import { DealerOpsController } from './dealer-ops.controller';
import { DealerController } from './dealer.controller';
import { DealerSignedInGuard } from './dealer-session';

/** The dealer console's API: dealer users, their sign-in and sessions, and their dealerships' leads. */
@Module({
  imports: [SitesModule],
  controllers: [DealerController, DealerUsersController, DealerOpsController],
  providers: [
    SignInSecrets,
    SignInCodes,
    DealerAccounts,
    DealerLeads,
    DealerMailer,
    DealerSignIn,
    DealerUsers,
    DealerSignedInGuard,
    OpsAuthGuard,
  ],
})
export class DealerModule {}
