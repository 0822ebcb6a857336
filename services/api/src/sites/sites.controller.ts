import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ZodValidationPipe } from '@platform/server-kit';
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
  constructor(private readonly sites: SitesService) {}

  @Get()
  list() {
    return this.sites.list();
  }

  @Get('by-host/:host')
  byHost(@Param('host', new ZodValidationPipe(HostSchema, 'host')) host: string) {
    return this.sites.byHost(host);
  }

  /** Merged configuration; cached by browsers and the web for a minute, revalidated by ETag. */
  @Get(':siteSlug/config')
  async config(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const body = JSON.stringify(await this.sites.config(slug));
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
