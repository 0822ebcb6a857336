import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { z } from 'zod';
import { IdSchema, PG_INT_MAX } from '@platform/domain';
import { ZodValidationPipe } from '@platform/server-kit';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { ProblemThrottlerGuard, throttledOnly, THROTTLES } from '../throttling/throttling.module';
import { CarsService } from './cars.service';

const CarSlugSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,199}$/, 'Use a car slug: lower-case letters, digits and hyphens');
const CarSlugPipe = new ZodValidationPipe(CarSlugSchema, 'car slug');
const SpinCodePipe = new ZodValidationPipe(
  z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Use a spin code: letters, digits, hyphens and underscores'),
  'spin code',
);

const ViewQuerySchema = z.strictObject({
  photos_count: z.coerce
    .number({ error: 'photos_count must be a whole number' })
    .int()
    .min(0)
    .max(PG_INT_MAX)
    .optional(),
  updated_at: z.iso
    .datetime({ offset: true, error: 'updated_at must be an ISO date-time such as 2026-11-21T09:30:00Z' })
    .optional(),
  website_id: IdSchema.optional(),
});

/** Spec 000's reveal body: car_id, dealership_id, website_id; car_id is optional for pages rendered before it was sent. */
const PhoneRevealSchema = z.strictObject({
  car_id: IdSchema.optional(),
  dealership_id: z
    .int({ error: 'dealership_id is required: the id of the car’s dealership' })
    .positive()
    .max(PG_INT_MAX),
  website_id: z
    .int({ error: 'website_id is required: the id of the website the number was revealed on' })
    .positive()
    .max(PG_INT_MAX),
});

const CarIdSchema = z.strictObject({ car_id: IdSchema });

/** The OpenAPI description of detail, kept out of the decorator so the route reads at a glance. */
const DETAIL_DESCRIPTION = [
  "derived carries what the page shows, computed by the platform's rules: in_stock, available,",
  "sold_display, listed (false once a sold car's listing window has passed:",
  'render noindex with similar cars), tag, price (display order), can_reserve, market_badge,',
  'phone (display, masked, tel), finance_teaser. A withdrawn or hidden car is 404.',
].join(' ');

/** The vehicle page's endpoints, scoped to a site. */
@ApiTags('Vehicles')
@Controller('api/sites/:siteSlug')
export class SiteCarsController {
  constructor(private readonly cars: CarsService) {}

  @Get('cars/:slug')
  @ApiOperation({
    summary: 'A car with its dealership, location, configuration and derived display fields',
    description: DETAIL_DESCRIPTION,
  })
  detail(@Param('siteSlug', SiteSlugPipe) site: string, @Param('slug', CarSlugPipe) slug: string) {
    return this.cars.detail(site, slug);
  }

  @Get('cars/:slug/similar')
  @ApiOperation({
    summary:
      'Up to 6 similar in-stock cars: same model first, then the price band (+-10,000 under 50,000, else +-25,000)',
  })
  async similar(@Param('siteSlug', SiteSlugPipe) site: string, @Param('slug', CarSlugPipe) slug: string) {
    return { hits: await this.cars.similar(site, slug) };
  }

  @Get('cars/:slug/test-drive-slots')
  @ApiOperation({
    summary:
      "Test-drive start times for the next 14 days from the car's location hours and special hours, in its time zone",
  })
  testDriveSlots(@Param('siteSlug', SiteSlugPipe) site: string, @Param('slug', CarSlugPipe) slug: string) {
    return this.cars.testDriveSlots(site, slug);
  }

  @Get('spins/:code')
  @ApiOperation({
    summary:
      'A 360 spin by its spin_code: { spin_code, name, frames } for the local spin viewer; 404 when the site shows none',
  })
  spin(@Param('siteSlug', SiteSlugPipe) site: string, @Param('code', SpinCodePipe) code: string) {
    return this.cars.spin(site, code);
  }

  @Get('car-link')
  @ApiOperation({
    summary: 'The slug of a car of the site by its id: { car_id, slug }; 404 when the site does not show it',
  })
  @ApiQuery({ name: 'car_id', required: true })
  carLink(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Query(new ZodValidationPipe(CarIdSchema, 'query')) query: z.output<typeof CarIdSchema>,
  ) {
    return this.cars.carLink(site, query.car_id);
  }

  @Get('finance/disclaimer')
  @ApiOperation({
    summary: "A car's finance disclaimer from finance_lenders[provider].disclaimer, with the 197-character short form",
  })
  @ApiQuery({ name: 'car_id', required: true })
  financeDisclaimer(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Query(new ZodValidationPipe(CarIdSchema, 'query')) query: z.output<typeof CarIdSchema>,
  ) {
    return this.cars.financeDisclaimer(site, query.car_id);
  }
}

/** Endpoints addressed by the car's globally unique slug (spec 000 §7). */
@ApiTags('Vehicles')
@Controller('api/cars/:slug')
export class CarsController {
  constructor(private readonly cars: CarsService) {}

  @Get('view.json')
  @ApiOperation({
    summary: 'Count a page view (through a queue) and refresh changed fields',
    description:
      'Answers { views, car_fields }: car_fields lists the fields that may have changed when the page copy is older (updated_at) or has another photos_count; otherwise it is empty.',
  })
  @ApiQuery({ name: 'photos_count', required: false })
  @ApiQuery({ name: 'updated_at', required: false })
  @ApiQuery({ name: 'website_id', required: false })
  view(
    @Param('slug', CarSlugPipe) slug: string,
    @Query(new ZodValidationPipe(ViewQuerySchema, 'query')) query: z.output<typeof ViewQuerySchema>,
  ) {
    return this.cars.view(slug, query);
  }

  @Get('autogauge')
  @ApiOperation({
    summary: 'Price gauge from comparable cars in all stock plus market data',
    description:
      '{ fill (0..1, fuller is a better deal), listing_price, market_range_min, market_range_max, confidence, description }; 404 when there is no basis.',
  })
  autogauge(@Param('slug', CarSlugPipe) slug: string) {
    return this.cars.autogauge(slug);
  }

  @Post('phone-reveal')
  @HttpCode(202)
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.phoneReveal))
  @ApiOperation({ summary: 'Report a phone reveal (recorded per car, dealership, website and day, no personal data)' })
  @ApiBody({ schema: { type: 'object', example: { car_id: 42, dealership_id: 3, website_id: 1 } } })
  @ApiResponse({ status: 202, description: '{ status: "accepted" }' })
  @ApiResponse({ status: 400, description: 'Missing ids, or ids that do not match the car' })
  @ApiResponse({ status: 429, description: 'Too many reveals from this client in a minute' })
  async phoneReveal(
    @Param('slug', CarSlugPipe) slug: string,
    @Body(new ZodValidationPipe(PhoneRevealSchema, 'phone reveal')) body: z.output<typeof PhoneRevealSchema>,
  ) {
    await this.cars.phoneReveal(slug, body);
    return { status: 'accepted' };
  }

  @Get('print.pdf')
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.printPdf))
  @ApiProduces('application/pdf')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The car as a printable PDF ({slug}.pdf)',
    description:
      'Photos are fetched through the guarded fetcher (public addresses only); a car’s PDF is kept PRINT_CACHE_SECONDS; PRINT_LIMIT_PER_MINUTE per client.',
  })
  @ApiResponse({ status: 429, description: 'Too many PDFs from this client in a minute' })
  async print(
    @Param('slug', CarSlugPipe) slug: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const pdf = await this.cars.printPdf(slug);
    res.setHeader('Content-Disposition', `attachment; filename="${slug}.pdf"`);
    return new StreamableFile(pdf, { type: 'application/pdf', length: pdf.length });
  }
}
