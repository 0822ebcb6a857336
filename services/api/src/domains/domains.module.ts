import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV } from '@platform/server-kit';
import { dnsTxtResolver, HostVerifier } from '@platform/site-config';
import type { ApiEnv } from '../env';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { SiteHostsController } from './site-hosts.controller';
import { SiteHostsService } from './site-hosts.service';
import { TlsAskController } from './tls-ask.controller';

/** Custom domains (issue 51): ops manage a site's hosts, and Caddy asks which names get a certificate. */
@Module({
  controllers: [SiteHostsController, TlsAskController],
  providers: [
    SiteHostsService,
    OpsAuthGuard,
    {
      provide: HostVerifier,
      inject: [DataSource, ENV],
      useFactory: (dataSource: DataSource, env: ApiEnv) =>
        new HostVerifier(dataSource, dnsTxtResolver(env.DNS_RESOLVER, env.DNS_TIMEOUT_MS)),
    },
  ],
})
export class DomainsModule {}
