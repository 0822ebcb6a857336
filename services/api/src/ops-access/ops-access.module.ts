import { Global, Module } from '@nestjs/common';
import { DealerMailer } from '../dealer/dealer-mailer';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { SignInSecrets } from '../sign-in/sign-in-secrets';
import { OpsActorInterceptor } from './ops-actor';
import { OpsConsoleController, OpsOperatorsController } from './ops-console.controller';
import { OpsOperators } from './ops-operators';

/**
 * Who may use the ops API: OPS_TOKEN for machines, operators' sessions for people. Global, because
 * every module with ops routes uses OpsAuthGuard, which asks OpsOperators about a session.
 */
@Global()
@Module({
  controllers: [OpsConsoleController, OpsOperatorsController],
  providers: [SignInSecrets, DealerMailer, OpsOperators, OpsAuthGuard, OpsActorInterceptor],
  exports: [OpsOperators, OpsAuthGuard, OpsActorInterceptor],
})
export class OpsAccessModule {}
