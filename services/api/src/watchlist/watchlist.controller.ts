import { Body, Controller, Get, Header, HttpCode, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { MobileNumberSchema } from '@platform/domain';
import { ZodValidationPipe } from '@platform/server-kit';
import type { SignedInShopper } from '../sign-in/session-reader';
import { CurrentShopper, SignedInGuard } from '../sign-in/signed-in.guard';
import { WatchlistProblemFilter } from './watchlist-problem.filter';
import { WatchlistService } from './watchlist.service';

const WatchlistCarSchema = z.strictObject({
  phone_number: MobileNumberSchema,
  // The web may send the id as it reads it from a data attribute: a numeric string is accepted.
  car_id: z.coerce
    .number({ error: 'car_id must be a car id' })
    .int('car_id must be a car id')
    .positive('car_id must be a car id'),
});
type WatchlistCar = z.output<typeof WatchlistCarSchema>;

const BODY_EXAMPLE = {
  schema: {
    type: 'object',
    required: ['phone_number', 'car_id'],
    example: { phone_number: '0412 345 678', car_id: 42 },
  },
};

/**
 * The watchlist (spec 000 §7). Needs a signed-in shopper, whose session names the site; every
 * error also carries success: false and a message the web shows in an alert.
 */
@ApiTags('Watchlist')
@Controller('api/watchlist')
@UseGuards(SignedInGuard)
@UseFilters(WatchlistProblemFilter)
export class WatchlistController {
  constructor(private readonly watchlist: WatchlistService) {}

  @Post('save-car')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save a car the site shows to the signed-in shopper’s watchlist (saving twice is harmless)',
  })
  @ApiBody(BODY_EXAMPLE)
  @ApiResponse({ status: 200, description: '{ success: true }' })
  @ApiResponse({ status: 401, description: 'Not signed in (problem details with success: false, message)' })
  @ApiResponse({ status: 403, description: 'phone_number is not the signed-in shopper’s number' })
  @ApiResponse({ status: 404, description: 'Not a car this site shows' })
  save(
    @CurrentShopper() shopper: SignedInShopper,
    @Body(new ZodValidationPipe(WatchlistCarSchema, 'watchlist request')) body: WatchlistCar,
  ) {
    return this.watchlist.save(shopper, body);
  }

  @Post('remove-car')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove a car from the signed-in shopper’s watchlist (removing an absent car is harmless)' })
  @ApiBody(BODY_EXAMPLE)
  @ApiResponse({ status: 200, description: '{ success: true }' })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  @ApiResponse({ status: 403, description: 'phone_number is not the signed-in shopper’s number' })
  @ApiResponse({ status: 404, description: 'Not a car of this site' })
  remove(
    @CurrentShopper() shopper: SignedInShopper,
    @Body(new ZodValidationPipe(WatchlistCarSchema, 'watchlist request')) body: WatchlistCar,
  ) {
    return this.watchlist.remove(shopper, body);
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The signed-in shopper’s saved cars, newest first',
    description:
      '{ items: [{ car_id, slug, title, price: { kind, amount, text, was }, status, in_stock, image, saved_at }] } with today’s price and status.',
  })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  list(@CurrentShopper() shopper: SignedInShopper) {
    return this.watchlist.list(shopper);
  }
}
