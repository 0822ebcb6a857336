import { Module } from '@nestjs/common';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { SitesModule } from '../sites/sites.module';
import { FinanceController } from './finance.controller';
import { BuiltInQuoteProvider, HttpQuoteProvider, QUOTE_PROVIDER } from './quote-provider';

@Module({
  imports: [SitesModule],
  controllers: [FinanceController],
  providers: [
    {
      provide: QUOTE_PROVIDER,
      inject: [ENV],
      useFactory: (env: ApiEnv) =>
        env.QUOTE_SERVICE_URL
          ? new HttpQuoteProvider(env.QUOTE_SERVICE_URL, env.QUOTE_SERVICE_TOKEN)
          : new BuiltInQuoteProvider(),
    },
  ],
})
export class FinanceModule {}
