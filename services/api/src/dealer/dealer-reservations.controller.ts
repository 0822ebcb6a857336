import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ZodValidationPipe } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import {
  DealerReservations,
  reservationNotFound,
  type DealerReservation,
  type DealerReservationDetail,
} from './dealer-reservations';
import { dealershipScope, unknownDealership } from './dealer-scope';
import { Dealer, DealerSignedInGuard } from './dealer-session';
import {
  ExtendHoldSchema,
  ReservationIdSchema,
  ReservationListQuerySchema,
  type ExtendHold,
  type ReservationListQuery,
} from './dealer.schemas';

/** An id that cannot be a reservation's is answered as an unknown one. */
const reservationId = (id: string): string => {
  if (!ReservationIdSchema.safeParse(id).success) throw reservationNotFound();
  return id;
};

const RESERVATION_SHAPE =
  '{ id, kind, status, active, dealership, car: { id, title, stocknum, slug, image }, shopper: { name, email, phone }, deposit: { cents, currency }, payment: { state, provider, reference, error }, refund: { state, attempts, error, refundedAt } | null, holdExpiresAt, minutesLeft, paymentDeadline, extensions: { used, max, maxHours }, createdAt, heldAt, endedAt, dealerRemindedAt, can: { complete, cancel, extend } }';

/**
 * Reservations of the user's dealerships: the holds with their time left, deposit and payment
 * state, and the dealership's outcome (sold, cancelled and refunded, extended). Actions need the
 * X-CSRF-Token header and the 'owner' or 'sales' role; a 'viewer' reads only.
 */
@ApiTags('Dealer console')
@UseGuards(DealerSignedInGuard)
@Controller('api/dealer/reservations')
export class DealerReservationsController {
  constructor(private readonly reservations: DealerReservations) {}

  @Get()
  @ApiOperation({
    summary: "Reservations of the user's dealerships: active holds first (soonest to end first), then ended ones",
    description: 'Filters: dealership (slug), status (active, ended or all; default all), limit (1-200, default 100).',
  })
  @ApiResponse({ status: 200, description: `{ reservations: [${RESERVATION_SHAPE}] }` })
  @ApiResponse({ status: 404, description: 'dealership is not one of the user’s' })
  async list(
    @Dealer() dealer: DealerPrincipal,
    @Query(new ZodValidationPipe(ReservationListQuerySchema, 'query')) query: ReservationListQuery,
  ): Promise<{ reservations: DealerReservation[] }> {
    const ids = dealershipScope(dealer, query.dealership);
    if (!ids) throw unknownDealership(query.dealership!);
    return { reservations: await this.reservations.list(dealer, ids, query) };
  }

  @Get(':reservationId')
  @ApiOperation({ summary: 'One reservation, with the emails sent about it' })
  @ApiResponse({
    status: 200,
    description: 'The reservation, with leadId and notices: [{ kind, status, createdAt, sentAt }]',
  })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s reservation (the same answer)' })
  async detail(
    @Dealer() dealer: DealerPrincipal,
    @Param('reservationId') id: string,
  ): Promise<DealerReservationDetail> {
    const found = await this.reservations.detail(dealer, reservationId(id));
    if (!found) throw reservationNotFound();
    return found;
  }

  @Post(':reservationId/complete')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mark a held reservation sold (completed); the shopper is emailed',
    description: 'The car stays reserved until the feed marks it sold. Roles: owner, sales.',
  })
  @ApiResponse({ status: 200, description: '{ reservation }' })
  @ApiResponse({ status: 403, description: 'Viewer role, or no CSRF token' })
  @ApiResponse({ status: 409, description: 'Not held any more (ended, or another click or ops acted first)' })
  async complete(
    @Dealer() dealer: DealerPrincipal,
    @Param('reservationId') id: string,
  ): Promise<{ reservation: DealerReservation }> {
    return { reservation: await this.reservations.complete(dealer, reservationId(id)) };
  }

  @Post(':reservationId/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel a reservation; a paid deposit is refunded through the payment provider and the shopper emailed',
    description:
      'refund.state is pending until the provider confirms the refund (the reservation sweep retries it). Roles: owner, sales.',
  })
  @ApiResponse({ status: 200, description: '{ reservation }' })
  @ApiResponse({ status: 403, description: 'Viewer role, or no CSRF token' })
  @ApiResponse({ status: 409, description: 'Already ended (another click or ops acted first)' })
  async cancel(
    @Dealer() dealer: DealerPrincipal,
    @Param('reservationId') id: string,
  ): Promise<{ reservation: DealerReservation }> {
    return { reservation: await this.reservations.cancel(dealer, reservationId(id)) };
  }

  @Post(':reservationId/extend')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Extend a live hold by { hours }; the shopper is emailed the new end',
    description:
      'Bounded by the dealership’s reservations.max_extension_hours (per extension) and reservations.max_extensions (count). Roles: owner, sales.',
  })
  @ApiResponse({ status: 200, description: '{ reservation }' })
  @ApiResponse({ status: 400, description: 'hours is not a whole number from 1 to 168' })
  @ApiResponse({ status: 409, description: 'Beyond the configured bounds, or the hold is no longer live' })
  async extend(
    @Dealer() dealer: DealerPrincipal,
    @Param('reservationId') id: string,
    @Body(new ZodValidationPipe(ExtendHoldSchema, 'body')) body: ExtendHold,
  ): Promise<{ reservation: DealerReservation }> {
    return { reservation: await this.reservations.extend(dealer, reservationId(id), body.hours) };
  }
}
