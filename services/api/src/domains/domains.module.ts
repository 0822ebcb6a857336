import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV, platformHostVerifier } from '@platform/server-kit';
import { HostVerifier } from '@platform/site-config';
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
      // The TXT record on DNS_RESOLVER, then the HTTP token through the guarded fetcher (the worker's sweep alike).
      useFactory: (dataSource: DataSource, env: ApiEnv) => platformHostVerifier(dataSource, env),
    },
  ],
})
export class DomainsModule {}
