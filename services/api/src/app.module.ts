import { Module, type DynamicModule } from '@nestjs/common';
import { PipelineCoreModule, PlatformCoreModule } from '@platform/server-kit';
import type { ApiEnv } from './env';
import { FeedsModule } from './feeds/feeds.module';
import { OpsModule } from './ops/ops.module';
import { SitesModule } from './sites/sites.module';

@Module({})
export class AppModule {
  static forRoot(env: ApiEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformCoreModule.forRoot({ env, appName: 'api' }), PipelineCoreModule, SitesModule, FeedsModule, OpsModule],
    };
  }
}
