import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformCoreModule } from '@platform/server-kit';
import type { ApiEnv } from './env';
import { SitesModule } from './sites/sites.module';

@Module({})
export class AppModule {
  static forRoot(env: ApiEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformCoreModule.forRoot({ env, appName: 'api' }), SitesModule],
    };
  }
}
