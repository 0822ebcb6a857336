import { SiteEditorModule } from './site-editor/site-editor.module';
import { Module, type DynamicModule } from '@nestjs/common';
import { PipelineCoreModule, PlatformCoreModule } from '@platform/server-kit';
import type { ApiEnv } from './env';
import { AnalyticsModule } from './analytics/analytics.module';
import { CarsModule } from './cars/cars.module';
import { DealerModule } from './dealer/dealer.module';
import { DomainsModule } from './domains/domains.module';
import { FeedsModule } from './feeds/feeds.module';
import { FinanceModule } from './finance/finance.module';
import { LeadsModule } from './leads/leads.module';
import { McpModule } from './mcp/mcp.module';
import { MediaModule } from './media/media.module';
import { OnboardingModule } from './onboarding/onboarding.module';
import { OpsRecordsModule } from './onboarding/ops-records.module';
import { SyndicationModule } from './syndication/syndication.module';
import { OpsModule } from './ops/ops.module';
import { OpsAccessModule } from './ops-access/ops-access.module';
import { PlacesModule } from './places/places.module';
import { ReservationsModule } from './reservations/reservations.module';
import { ReviewsModule } from './reviews/reviews.module';
import { SearchModule } from './search/search.module';
import { UnderstandingModule } from './understanding/understanding.module';
import { SignInModule } from './sign-in/sign-in.module';
import { SitemapModule } from './sitemap/sitemap.module';
import { SitesModule } from './sites/sites.module';
import { ThrottlingModule } from './throttling/throttling.module';
import { WatchlistModule } from './watchlist/watchlist.module';
import { SavedSearchesModule } from './alerts/saved-searches.module';

@Module({})
export class AppModule {
  static forRoot(env: ApiEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformCoreModule.forRoot({ env, appName: 'api' }),
        PipelineCoreModule,
        ThrottlingModule,
        SitesModule,
        SitemapModule,
        SearchModule,
        UnderstandingModule,
        CarsModule,
        PlacesModule,
        ReviewsModule,
        FinanceModule,
        FeedsModule,
        OpsAccessModule,
        OpsModule,
        OnboardingModule,
        OpsRecordsModule,
        SiteEditorModule,
        DomainsModule,
        LeadsModule,
        AnalyticsModule,
        SignInModule,
        WatchlistModule,
        SavedSearchesModule,
        ReservationsModule,
        DealerModule,
        MediaModule,
        SyndicationModule,
        McpModule,
      ],
    };
  }
}
