import { Logger, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DevSmsSender, HttpSmsSender, SMS_SENDER } from '@platform/leads';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { SitesModule } from '../sites/sites.module';
import { SessionReader } from './session-reader';
import { ShopperSessions } from './shopper-sessions';
import { SignInCodes } from './sign-in-codes';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';
import { SignInSecrets } from './sign-in-secrets';
import { SignedInGuard } from './signed-in.guard';

/** The Nest logger behind the libraries' log interface. */
const nestLog = (logger: Logger) => ({
  info: (data: Record<string, unknown>, message: string) => logger.log(data, message),
  warn: (data: Record<string, unknown>, message: string) => logger.warn(data, message),
});

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
          : new DevSmsSender(db, nestLog(new Logger('DevSmsSender')));
      },
    },
  ],
  // Other modules gate their routes on a signed-in shopper with these.
  exports: [SessionReader, SignedInGuard],
})
export class SignInModule {}
