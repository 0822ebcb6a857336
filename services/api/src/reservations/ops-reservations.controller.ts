import { Controller, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { RESERVATION_STATUSES } from '@platform/domain';
import { ReservationLedger } from '@platform/reservations';
import { notFound, ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { SiteDirectory } from '../sites/site-directory';

const ReservationsQuerySchema = z.strictObject({
  status: z.enum(RESERVATION_STATUSES).optional(),
  site: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, 'must be a site slug (lower-case letters, digits and hyphens)')
    .optional(),
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(200, 'must be 200 or less').default(50),
});
type ReservationsQuery = z.infer<typeof ReservationsQuerySchema>;

const RefundsQuerySchema = ReservationsQuerySchema.omit({ status: true });
type RefundsQuery = z.infer<typeof RefundsQuerySchema>;

const IdSchema = z.uuid({ error: 'must be a reservation id (a UUID)' });

/** Ops: reservations by status and site, cancel (refunding a paid one) and complete (the sale went through). */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@Controller('api/ops/reservations')
export class OpsReservationsController {
  constructor(
    private readonly ledger: ReservationLedger,
    private readonly sites: SiteDirectory,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Reservations, newest first',
    description:
      'Filter by status and site slug; limit 1-200 (default 50). ops_flag says why one needs a look (paid after its hold ended, a refund that failed).',
  })
  async list(@Query(new ZodValidationPipe(ReservationsQuerySchema, 'query')) query: ReservationsQuery) {
    const siteId = query.site ? (await this.sites.bySlug(query.site)).id : undefined;
    return { reservations: await this.ledger.list({ status: query.status, siteId, limit: query.limit }) };
  }

  @Get('refunds')
  @ApiOperation({
    summary: 'Refunds owed and not yet confirmed by the payment provider, the most-attempted first',
    description:
      'Filter by site slug; limit 1-200 (default 50). Each refund is retried by the reservation sweep, the wait doubling from a minute to an hour; refund_error is the provider’s last answer and needs_attention is set after 5 failed attempts (look at the provider: the refund is never given up on).',
  })
  async refunds(@Query(new ZodValidationPipe(RefundsQuerySchema, 'query')) query: RefundsQuery) {
    const siteId = query.site ? (await this.sites.bySlug(query.site)).id : undefined;
    return { refunds: await this.ledger.pendingRefunds({ siteId, limit: query.limit }) };
  }

  @Post(':id/refund')
  @ApiOperation({
    summary: 'Refund the deposit of a paid hold that expired before expired holds were refunded automatically',
    description:
      'For reservations flagged by the migration (status expired, paid, no refund). The refund goes through the provider that took the payment, with the same exactly-once key as every other refund; a refund the provider refuses stays owed and is retried by the sweep.',
  })
  async refund(@Param('id', new ZodValidationPipe(IdSchema, 'reservation id')) id: string) {
    const result = await this.ledger.refundKeptDeposit(id);
    if (result === 'not_found') throw notFound('Reservation not found', `No reservation has the id '${id}'.`);
    if (result === 'not_refundable') {
      throw new ProblemException({
        status: 409,
        title: 'Nothing to refund',
        detail:
          'Only an expired paid hold whose deposit was kept can be refunded here; this one is still running, unpaid, or its refund is already owed or made.',
      });
    }
    return { reservation: result };
  }

  @Post(':id/cancel')
  @ApiOperation({ summary: 'Cancel a reservation: a paid deposit is refunded and the car is free again' })
  async cancel(@Param('id', new ZodValidationPipe(IdSchema, 'reservation id')) id: string) {
    const result = await this.ledger.cancel(id);
    if (result === 'not_found') throw notFound('Reservation not found', `No reservation has the id '${id}'.`);
    if (result === 'ended') {
      throw new ProblemException({
        status: 409,
        title: 'Reservation already ended',
        detail: 'Only a reservation awaiting payment or held can be cancelled.',
      });
    }
    return { reservation: result };
  }

  @Post(':id/complete')
  @ApiOperation({
    summary: 'Mark a held reservation completed (sold); the car stays reserved until the feed marks it sold',
  })
  async complete(@Param('id', new ZodValidationPipe(IdSchema, 'reservation id')) id: string) {
    const result = await this.ledger.complete(id);
    if (result === 'not_found') throw notFound('Reservation not found', `No reservation has the id '${id}'.`);
    if (result === 'not_held') {
      throw new ProblemException({
        status: 409,
        title: 'Reservation not held',
        detail: 'Only a held (paid) reservation can be completed.',
      });
    }
    return { reservation: result };
  }
}
