import { Module } from '@nestjs/common';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { SignInSecrets } from '../sign-in/sign-in-secrets';
import { DealerAccounts } from './dealer-accounts';
import { DealerLeads } from './dealer-leads';
import { DealerOpsController } from './dealer-ops.controller';
import { DealerController } from './dealer.controller';
import { DealerSignedInGuard } from './dealer-session';

/** The dealer console's API: dealer users, their sign-in and sessions, and their dealerships' leads. */
@Module({
  controllers: [DealerController, DealerOpsController],
  providers: [SignInSecrets, DealerAccounts, DealerLeads, DealerSignedInGuard, OpsAuthGuard],
  // The syndication module's console routes sign dealers in the same way.
  exports: [SignInSecrets, DealerAccounts, DealerSignedInGuard],
})
export class DealerModule {}
