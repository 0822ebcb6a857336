import { Controller, Get, Header, Headers, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type Redis from 'ioredis';
import { readSearchVersion } from '@platform/search';
import { ENV, REDIS, ZodValidationPipe, type BaseEnv } from '@platform/server-kit';
import { SiteConfigStore } from '@platform/site-config';
import { SiteDirectory } from './site-directory';
import { SiteSlugPipe } from './site-slug.pipe';
import { SitesService } from './sites.service';

const HostSchema = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'Use a host name such as www.example.com.au');

/** Public site endpoints the web uses to resolve its tenant and render it. */
@Controller('api/sites')
export class SitesController {
  constructor(
    private readonly sites: SitesService,
    private readonly directory: SiteDirectory,
    private readonly store: SiteConfigStore,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: BaseEnv,
  ) {}

  @Get()
  list() {
    return this.sites.list();
  }

  /**
   * The configuration version alone (moved by database triggers on any change to sites, hosts,
   * dealerships or their layers): the web's host cache polls it and forgets every host when it
   * moves, so a host or site change is seen within the poll (issue 51).
   */
  @Get('config-version')
  @Header('Cache-Control', 'no-store')
  async configVersion(): Promise<{ config: string | null }> {
    return { config: await this.store.configVersion() };
  }

  @Get('by-host/:host')
  byHost(@Param('host', new ZodValidationPipe(HostSchema, 'host')) host: string) {
    return this.sites.byHost(host);
  }

  /**
   * The value the web answers at /.well-known/dealer-platform-verification on a host, pending ones
   * included: the platform verifies a host by finding it there (issue 51). Never cached, so a host
   * removed or added again never shows an old token.
   */
  @Get('by-host/:host/verification')
  @Header('Cache-Control', 'no-store')
  hostVerification(
    @Param('host', new ZodValidationPipe(HostSchema, 'host')) host: string,
  ): Promise<{ host: string; value: string }> {
    return this.sites.hostVerification(host);
  }

  /**
   * What a site's pages are rendered from, as two opaque versions: its search index (bumped by the
   * indexer on every stock change) and the configuration (moved by any layer's change). The web's
   * page cache keeps a rendered page only while both are unchanged.
   */
  @Get(':siteSlug/version')
  @Header('Cache-Control', 'no-store')
  async version(@Param('siteSlug', SiteSlugPipe) slug: string): Promise<{ search: string; config: string | null }> {
    const site = await this.directory.bySlug(slug);
    const [search, config] = await Promise.all([
      readSearchVersion(this.redis, this.env.REDIS_PREFIX, site.scope.siteId),
      this.store.configVersion(),
    ]);
    return { search, config };
  }

  /**
   * Merged configuration; cached by browsers and the web for a minute, revalidated by ETag. With
   * X-Config-Preview (a preview link's token), the configuration with that draft applied, never cached.
   */
  @Get(':siteSlug/config')
  async config(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Headers('x-config-preview') previewToken: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.sites.config(slug, previewToken);
    res.setHeader('Vary', 'X-Config-Preview');
    if (previewToken) {
      // A draft's pages belong to the preview link's holder: never kept by anyone on the way.
      res.setHeader('Cache-Control', 'private, no-store');
      res.status(200).type('application/json').send(JSON.stringify(answer));
      return;
    }
    const body = JSON.stringify(answer);
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
    if (
      ifNoneMatch &&
      ifNoneMatch
        .split(',')
        .map((t) => t.trim())
        .includes(etag)
    ) {
      res.status(304).end();
      return;
    }
    res.status(200).type('application/json').send(body);
  }
}
