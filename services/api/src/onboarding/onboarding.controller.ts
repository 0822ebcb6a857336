import { Body, Controller, Delete, Get, Param, Patch, Post, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { OnboardingDocumentSchema, SitePatchSchema, type OnboardingDocument, type SitePatch } from '@platform/domain';
import { ZodValidationPipe } from '@platform/server-kit';
import { OpsActorInterceptor } from '../ops-access/ops-actor';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { Onboarding, type OnboardingAnswer } from './onboarding';
import { OpsSites, type SiteDetail, type SiteListEntry } from './ops-sites';

const ListQuerySchema = z.strictObject({
  retired: z.enum(['true', 'false'], { error: "retired is 'true' (list retired sites too) or 'false'" }).optional(),
});

/** Tenants as data (issue 51): a dealer onboarded from one document, and sites read, changed and retired. */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@UseInterceptors(OpsActorInterceptor)
@Controller('api/ops')
export class OnboardingController {
  constructor(
    private readonly onboarding: Onboarding,
    private readonly sites: OpsSites,
  ) {}

  @Post('onboarding')
  @ApiOperation({
    summary:
      'Onboard a dealer from one document (site, hosts, dealerships, locations with hours, first owners), all or nothing; see docs/onboarding.md',
  })
  @ApiResponse({
    status: 201,
    description:
      '{ site, hosts: [{ host, status, dns_records }], dealerships: [{ feed_key, owner: { sign_in_url } }] }: keys and links shown once',
  })
  @ApiResponse({
    status: 400,
    description: 'The document is invalid: problem details name each field; nothing is created',
  })
  @ApiResponse({
    status: 409,
    description: 'The site slug, a dealership slug or a host exists already (the same document posted again)',
  })
  onboard(
    @Body(new ZodValidationPipe(OnboardingDocumentSchema, 'onboarding document')) body: OnboardingDocument,
  ): Promise<OnboardingAnswer> {
    return this.onboarding.onboard(body);
  }

  @Get('sites')
  @ApiOperation({
    summary:
      'Every site with its status, hosts and their state, dealerships, cars live, last feed run and leads today (retired ones with ?retired=true)',
  })
  @ApiQuery({ name: 'retired', required: false, enum: ['true', 'false'] })
  async list(
    @Query(new ZodValidationPipe(ListQuerySchema, 'sites query')) query: z.output<typeof ListQuerySchema>,
  ): Promise<{ sites: SiteListEntry[] }> {
    return { sites: await this.sites.list(query.retired === 'true') };
  }

  @Get('sites/:siteSlug')
  @ApiOperation({ summary: 'One site whole: hosts, dealerships, locations with their hours (a retired one too)' })
  @ApiResponse({ status: 404, description: 'No site has the slug' })
  get(@Param('siteSlug', SiteSlugPipe) slug: string): Promise<SiteDetail> {
    return this.sites.get(slug);
  }

  @Patch('sites/:siteSlug')
  @ApiOperation({ summary: "Change a site's name or status (active, suspended); written to the ops audit log" })
  @ApiResponse({ status: 409, description: 'The site is retired' })
  update(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Body(new ZodValidationPipe(SitePatchSchema, 'site change')) body: SitePatch,
  ): Promise<SiteListEntry> {
    return this.sites.update(slug, body);
  }

  @Delete('sites/:siteSlug')
  @ApiOperation({
    summary:
      'Retire a site (soft: its hosts and slug stop resolving, its rows stay until purged); written to the ops audit log',
  })
  retire(@Param('siteSlug', SiteSlugPipe) slug: string): Promise<SiteListEntry> {
    return this.sites.retire(slug);
  }
}
