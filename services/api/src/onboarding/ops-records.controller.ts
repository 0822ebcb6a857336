import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Put,
  Res,
  UseGuards,
  UseInterceptors,
  type PipeTransform,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { z } from 'zod';
import {
  DealershipPutSchema,
  DealershipSlugSchema,
  LocationPutSchema,
  LocationSlugSchema,
  ManufacturerPutSchema,
  ManufacturerSlugSchema,
  type DealershipPut,
  type LocationPut,
  type ManufacturerPut,
} from '@platform/domain';
import { ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { OpsActorInterceptor } from '../ops-access/ops-actor';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { OpsDealerships, type DealershipRecord, type LocationRecord, type Written } from './ops-dealerships';
import { OpsManufacturers, type ManufacturerRecord } from './ops-manufacturers';

/** Validates a path parameter with a slug schema, naming the parameter in the problem. */
class SlugParamPipe implements PipeTransform<unknown, string> {
  constructor(
    private readonly name: string,
    private readonly schema: z.ZodType<string>,
  ) {}

  transform(value: unknown): string {
    const parsed = this.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const errors = parsed.error.issues.map((issue) => ({ path: this.name, message: issue.message }));
    throw new ProblemException({
      status: 400,
      title: 'Invalid request',
      detail: `The ${this.name} in the path is invalid: ${errors.map((e) => e.message).join('; ')}`,
      errors,
    });
  }
}

const DealershipSlugPipe = new SlugParamPipe('dealershipSlug', DealershipSlugSchema);
const LocationSlugPipe = new SlugParamPipe('locationSlug', LocationSlugSchema);
const ManufacturerSlugPipe = new SlugParamPipe('manufacturerSlug', ManufacturerSlugSchema);

/** 201 for a record the PUT created, 200 for one it replaced or found as asked. */
function answer<T>(res: Response, written: Written<T>): T {
  res.status(written.created ? 201 : 200);
  return written.record;
}

/**
 * A dealer changed later (issue 51 item 1): its dealerships, their locations with hours, and the
 * platform's brand records, each a record ops read, create or replace by slug (PUT) and retire,
 * hide or remove (DELETE). Bodies are the onboarding document's pieces, validated by the same
 * schemas; every change is audited with what it was before and after. See docs/onboarding.md.
 */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@UseInterceptors(OpsActorInterceptor)
@Controller('api/ops')
export class OpsRecordsController {
  constructor(
    private readonly dealerships: OpsDealerships,
    private readonly manufacturers: OpsManufacturers,
  ) {}

  @Get('sites/:siteSlug/dealerships/:dealershipSlug')
  @ApiOperation({
    summary:
      "A dealership in the words PUT takes (name, manufacturer, brands, phone, lead_emails, config) with its locations' slugs and retired_at",
  })
  @ApiResponse({
    status: 404,
    description: "No such site, or the site has no such dealership (another site's is 404 too)",
  })
  getDealership(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Param('dealershipSlug', DealershipSlugPipe) slug: string,
  ): Promise<DealershipRecord> {
    return this.dealerships.getDealership(site, slug);
  }

  @Put('sites/:siteSlug/dealerships/:dealershipSlug')
  @ApiOperation({
    summary:
      "Create or replace a dealership: the onboarding document's dealership without slug, owner and locations; audited; the same body twice changes nothing the second time",
  })
  @ApiResponse({ status: 200, description: 'Replaced (or already so): the dealership as GET answers it' })
  @ApiResponse({ status: 201, description: 'Created: the dealership as GET answers it' })
  @ApiResponse({
    status: 400,
    description: 'Problem details naming each field (a brand the platform lacks, a setting the pages cannot show)',
  })
  @ApiResponse({ status: 404, description: 'No such site' })
  @ApiResponse({
    status: 409,
    description: 'The site or the dealership is retired, or the slug is a dealership of another site',
  })
  async putDealership(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Param('dealershipSlug', DealershipSlugPipe) slug: string,
    @Body(new ZodValidationPipe(DealershipPutSchema, 'dealership')) body: DealershipPut,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DealershipRecord> {
    return answer(res, await this.dealerships.putDealership(site, slug, body));
  }

  @Delete('sites/:siteSlug/dealerships/:dealershipSlug')
  @ApiOperation({
    summary:
      'Retire a dealership (soft): its live cars withdrawn, locations hidden, feed keys revoked; its cars, leads and users stay; audited',
  })
  @ApiResponse({ status: 200, description: 'The dealership with retired_at (retiring it again changes nothing)' })
  @ApiResponse({ status: 404, description: 'No such site or dealership' })
  @ApiResponse({ status: 409, description: 'The site is retired' })
  retireDealership(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Param('dealershipSlug', DealershipSlugPipe) slug: string,
  ): Promise<DealershipRecord> {
    return this.dealerships.retireDealership(site, slug);
  }

  @Get('sites/:siteSlug/dealerships/:dealershipSlug/locations/:locationSlug')
  @ApiOperation({
    summary:
      'A location in the words PUT takes (address, hours per department and weekday, special_hours, ...) with visible and where its postcode placed it',
  })
  @ApiResponse({ status: 404, description: 'No such site, dealership of the site, or location' })
  getLocation(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Param('dealershipSlug', DealershipSlugPipe) dealership: string,
    @Param('locationSlug', LocationSlugPipe) slug: string,
  ): Promise<LocationRecord> {
    return this.dealerships.getLocation(site, dealership, slug);
  }

  @Put('sites/:siteSlug/dealerships/:dealershipSlug/locations/:locationSlug')
  @ApiOperation({
    summary:
      "Create or replace a location: the onboarding document's location without its slug; street address geocoded from its postcode; hours and special hours replaced whole; audited",
  })
  @ApiResponse({ status: 200, description: 'Replaced (or already so): the location as GET answers it' })
  @ApiResponse({ status: 201, description: 'Created: the location as GET answers it' })
  @ApiResponse({
    status: 400,
    description:
      'Problem details naming each field (address.postcode 9999, hours 25:00, a closing time before opening)',
  })
  @ApiResponse({ status: 404, description: 'No such site, or the site has no such dealership' })
  @ApiResponse({
    status: 409,
    description: 'The site or dealership is retired; primary false for the primary location',
  })
  async putLocation(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Param('dealershipSlug', DealershipSlugPipe) dealership: string,
    @Param('locationSlug', LocationSlugPipe) slug: string,
    @Body(new ZodValidationPipe(LocationPutSchema, 'location')) body: LocationPut,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LocationRecord> {
    return answer(res, await this.dealerships.putLocation(site, dealership, slug, body));
  }

  @Delete('sites/:siteSlug/dealerships/:dealershipSlug/locations/:locationSlug')
  @ApiOperation({
    summary: 'Hide a location (its rows, hours, cars and leads stay; PUT shows it again); audited',
  })
  @ApiResponse({ status: 200, description: 'The location with visible false (hiding it again changes nothing)' })
  @ApiResponse({ status: 404, description: 'No such site, dealership of the site, or location' })
  @ApiResponse({
    status: 409,
    description: 'The primary location or the last one shown, or the site or dealership is retired',
  })
  hideLocation(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Param('dealershipSlug', DealershipSlugPipe) dealership: string,
    @Param('locationSlug', LocationSlugPipe) slug: string,
  ): Promise<LocationRecord> {
    return this.dealerships.hideLocation(site, dealership, slug);
  }

  @Get('manufacturers')
  @ApiOperation({
    summary: 'The brand records, by name: slug, name, logo_url, config and the dealerships whose main brand each is',
  })
  async listManufacturers(): Promise<{ manufacturers: ManufacturerRecord[] }> {
    return { manufacturers: await this.manufacturers.list() };
  }

  @Get('manufacturers/:manufacturerSlug')
  @ApiOperation({ summary: 'One brand record' })
  @ApiResponse({ status: 404, description: 'No manufacturer has the slug' })
  getManufacturer(@Param('manufacturerSlug', ManufacturerSlugPipe) slug: string): Promise<ManufacturerRecord> {
    return this.manufacturers.get(slug);
  }

  @Put('manufacturers/:manufacturerSlug')
  @ApiOperation({
    summary:
      'Create or replace a brand record { name, logo_url, config }; audited; the same body twice changes nothing',
  })
  @ApiResponse({ status: 200, description: 'Replaced (or already so)' })
  @ApiResponse({ status: 201, description: 'Created' })
  @ApiResponse({
    status: 400,
    description: "Problem details naming each field, a configuration that would break a dealership's pages too",
  })
  async putManufacturer(
    @Param('manufacturerSlug', ManufacturerSlugPipe) slug: string,
    @Body(new ZodValidationPipe(ManufacturerPutSchema, 'manufacturer')) body: ManufacturerPut,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ManufacturerRecord> {
    return answer(res, await this.manufacturers.put(slug, body));
  }

  @Delete('manufacturers/:manufacturerSlug')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a brand record no dealership or location names; audited' })
  @ApiResponse({ status: 204, description: 'Removed' })
  @ApiResponse({ status: 404, description: 'No manufacturer has the slug' })
  @ApiResponse({ status: 409, description: 'Dealerships or locations still name it (listed)' })
  async removeManufacturer(@Param('manufacturerSlug', ManufacturerSlugPipe) slug: string): Promise<void> {
    await this.manufacturers.remove(slug);
  }
}
