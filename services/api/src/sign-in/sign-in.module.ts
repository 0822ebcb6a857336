import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { SitesModule } from '../sites/sites.module';
import { DevSmsSender } from './dev-sms-sender';
import { HttpSmsSender } from './http-sms-sender';
import { SessionReader } from './session-reader';
import { ShopperSessions } from './shopper-sessions';
import { SignInCodes } from './sign-in-codes';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';
import { SignInSecrets } from './sign-in-secrets';
import { SignedInGuard } from './signed-in.guard';
import { SMS_SENDER } from './sms-sender';

@Module({
  imports: [SitesModule],
  controllers: [SignInController],
  providers: [
    SignInSecrets,
    SignInCodes,
    ShopperSessions,
    SessionReader,
    SignedInGuard,
    SignInService,
    {
      provide: SMS_SENDER,
      inject: [ENV, getDataSourceToken()],
      useFactory: (env: ApiEnv, db: DataSource) => {
        // The environment schema refuses production without a gateway, so this is development only.
        return env.SMS_GATEWAY_URL
          ? new HttpSmsSender(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_TOKEN)
          : new DevSmsSender(db);
      },
    },
  ],
  // Other modules gate their routes on a signed-in shopper with these.
  exports: [SessionReader, SignedInGuard],
})
export class SignInModule {}
