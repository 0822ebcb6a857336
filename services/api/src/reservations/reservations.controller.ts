import { Body, Controller, Get, Header, Headers, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { ProblemException } from '@platform/server-kit';
import { IDEMPOTENCY_KEY_PATTERN } from '../leads/leads.service';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { ProblemThrottlerGuard, throttledOnly, THROTTLES } from '../throttling/throttling.module';
import { ReservationsService } from './reservations.service';

function checkKey(idempotencyKey: string | undefined): void {
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new ProblemException({
      status: 400,
      title: 'Invalid Idempotency-Key',
      detail: 'Idempotency-Key must be 1 to 200 visible ASCII characters, such as a UUID made once per checkout.',
      errors: [{ path: 'Idempotency-Key', message: 'Use 1 to 200 visible ASCII characters' }],
    });
  }
}

const KEY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: 'One per checkout: a retry or double click with the same key answers the same reservation.',
};

/** Reserve online, Online Purchase and /online-payment (issue 21). */
@ApiTags('Reservations')
@Controller('api/sites/:siteSlug')
export class ReservationsController {
  constructor(private readonly reservations: ReservationsService) {}

  @Post('reservations')
  @HttpCode(201)
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.checkout))
  @ApiOperation({
    summary: 'Reserve a car: takes the hold (one per car) and starts the deposit payment',
    description:
      'Body: car_id (slug or id), name, last_name?, email, phone, postcode?, terms_conditions: true, and for an Online Purchase purchase { trade_in_lead_id, payment_method, finance, delivery }. ' +
      'Answers { reservation, payment: { provider, pay_url | client_secret, publishable_key } }. Sign-in is required where the site gates checkout.',
  })
  @ApiHeader(KEY_HEADER)
  @ApiBody({
    schema: {
      type: 'object',
      example: {
        car_id: 'toyota-hilux-sr5-abc123',
        name: 'Jane',
        email: 'jane@example.com',
        phone: '0412 345 678',
        terms_conditions: true,
      },
    },
  })
  @ApiResponse({ status: 201, description: 'The hold is taken; pay with payment' })
  @ApiResponse({ status: 400, description: 'Problem details naming each invalid field' })
  @ApiResponse({ status: 401, description: 'Sign-in required (checkout is gated on this site)' })
  @ApiResponse({
    status: 409,
    description: "code 'taken': 'This car has just been reserved by someone else.'; code 'unavailable': not reservable",
  })
  @ApiResponse({ status: 502, description: 'The payment provider could not start the payment; nothing was charged' })
  async reserve(
    @Param('siteSlug', SiteSlugPipe) siteSlug: string,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    checkKey(idempotencyKey);
    const result = await this.reservations.reserve(siteSlug, body, { idempotencyKey, request });
    if (!result.created) response.setHeader('Idempotent-Replayed', 'true');
    return { reservation: result.reservation, payment: result.payment };
  }

  @Get('reservations/:id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A reservation by its id: status, car, deposit, hold expiry, payment state (never contact details)',
    description:
      "refund: null, or { state: 'pending' | 'refunded', reason: 'hold_expired' | 'paid_after_hold_ended' | 'car_unavailable' | 'cancelled', message, refunded_at } when the deposit goes back; message is the line the shopper is shown.",
  })
  @ApiResponse({ status: 404, description: 'No such reservation on this site' })
  reservation(@Param('siteSlug', SiteSlugPipe) siteSlug: string, @Param('id') id: string) {
    return this.reservations.reservation(siteSlug, id);
  }

  @Post('online-payments')
  @HttpCode(201)
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.checkout))
  @ApiOperation({
    summary: 'Pay an amount against a dealer reference (invoice or service booking)',
    description:
      'Body: reference, amount (whole dollars, up to the site’s online_payment_max), name, last_name?, email, phone, dealership_slug?, terms_conditions: true.',
  })
  @ApiHeader(KEY_HEADER)
  @ApiResponse({ status: 201, description: '{ online_payment, payment }' })
  @ApiResponse({ status: 400, description: 'Problem details naming each invalid field' })
  @ApiResponse({ status: 401, description: 'Sign-in required (online payment is gated on this site)' })
  async payOnline(
    @Param('siteSlug', SiteSlugPipe) siteSlug: string,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    checkKey(idempotencyKey);
    const result = await this.reservations.payOnline(siteSlug, body, { idempotencyKey, request });
    if (!result.created) response.setHeader('Idempotent-Replayed', 'true');
    return { online_payment: result.online_payment, payment: result.payment };
  }

  @Get('online-payments/:id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'An online payment by its id: status, reference, amount' })
  onlinePayment(@Param('siteSlug', SiteSlugPipe) siteSlug: string, @Param('id') id: string) {
    return this.reservations.onlinePayment(siteSlug, id);
  }
}
