import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { SiteHostSchema } from '@platform/domain';
import { ZodValidationPipe } from '@platform/server-kit';
import { OpsActorInterceptor } from '../ops-access/ops-actor';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { SiteSlugSchema } from '../sites/site-slug.pipe';
import { SiteHostsService, type HostView, type VerifyView } from './site-hosts.service';

const SiteParamsSchema = z.object({ siteSlug: SiteSlugSchema });
const HostParamsSchema = z.object({ siteSlug: SiteSlugSchema, host: SiteHostSchema });
type HostParams = z.infer<typeof HostParamsSchema>;

const AddHostSchema = z.strictObject({
  host: SiteHostSchema,
  /** Make it the host every other one redirects to (a host that serves: a development host, or verified). */
  primary: z.boolean('primary must be true or false').default(false),
});
type AddHost = z.infer<typeof AddHostSchema>;

/**
 * Custom domains of a site (issue 51): a host is pending, serving nothing and getting no
 * certificate, until the dealer's TXT record carrying its token is seen, or, with the name already
 * pointing here, its HTTP token at /.well-known/dealer-platform-verification; development hosts
 * (*.localhost) are verified at once. Ops token only.
 */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@UseInterceptors(OpsActorInterceptor)
@Controller('api/ops/sites/:siteSlug/hosts')
export class SiteHostsController {
  constructor(private readonly hosts: SiteHostsService) {}

  @Get()
  @ApiOperation({ summary: "A site's hosts: state, whether each serves, and the DNS records the dealer sets" })
  async list(
    @Param(new ZodValidationPipe(SiteParamsSchema, 'path')) { siteSlug }: { siteSlug: string },
  ): Promise<{ hosts: HostView[] }> {
    return { hosts: await this.hosts.list(siteSlug) };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Add a host: pending (no pages, no certificate) until its TXT record or HTTP token is seen; answers the DNS records to set',
  })
  async add(
    @Param(new ZodValidationPipe(SiteParamsSchema, 'path')) { siteSlug }: { siteSlug: string },
    @Body(new ZodValidationPipe(AddHostSchema, 'host')) body: AddHost,
  ): Promise<HostView> {
    return this.hosts.add(siteSlug, body.host, body.primary);
  }

  @Post(':host/verify')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Check the host now, its TXT record then its HTTP token: its state after, the way that matched, and why each missed',
  })
  async verify(@Param(new ZodValidationPipe(HostParamsSchema, 'path')) params: HostParams): Promise<VerifyView> {
    return this.hosts.verify(params.siteSlug, params.host);
  }

  @Put(':host/primary')
  @ApiOperation({ summary: 'Make a serving host the primary one, which every other non-development host redirects to' })
  async primary(@Param(new ZodValidationPipe(HostParamsSchema, 'path')) params: HostParams): Promise<HostView> {
    return this.hosts.makePrimary(params.siteSlug, params.host);
  }

  @Delete(':host')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a host (never the primary or the last one): it stops serving at once' })
  async remove(@Param(new ZodValidationPipe(HostParamsSchema, 'path')) params: HostParams): Promise<void> {
    await this.hosts.remove(params.siteSlug, params.host);
  }
}
