import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { leadDeliveryJobId, QueueProducer } from '@platform/queues';
import { notFound, ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { OpsAuthGuard } from './ops-auth.guard';

const ListSchema = z.strictObject({
  status: z
    .enum(['pending', 'queued', 'delivered', 'dead'], { error: 'status must be pending, queued, delivered or dead' })
    .optional(),
  limit: z.coerce.number({ error: 'limit must be a whole number' }).int().min(1).max(500).default(50),
});

/** Lead deliveries for ops: what went where, what is dead and why, and a retry. */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@Controller('api/ops/leads')
export class LeadDeliveriesController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: QueueProducer,
  ) {}

  @Get('deliveries')
  @ApiOperation({
    summary:
      'Lead deliveries, newest first, with status, attempts, target and the last failure reason (no personal data)',
  })
  @ApiQuery({ name: 'status', required: false })
  @ApiQuery({ name: 'limit', required: false })
  async deliveries(@Query(new ZodValidationPipe(ListSchema, 'query')) query: z.output<typeof ListSchema>) {
    const rows = await this.dataSource.query(
      `SELECT o.id, o.lead_id, o.channel, o.status, o.attempts, o.last_error, o.target, o.created_at, o.queued_at, o.delivered_at,
              s.slug AS site, d.slug AS dealership, l.form, l.category
       FROM lead_outbox o JOIN leads l ON l.id = o.lead_id JOIN sites s ON s.id = l.site_id LEFT JOIN dealerships d ON d.id = l.dealership_id
       WHERE ($1::text IS NULL OR o.status = $1) ORDER BY o.created_at DESC LIMIT $2`,
      [query.status ?? null, query.limit],
    );
    const counts = (await this.dataSource.query(
      `SELECT status, count(*)::int AS n FROM lead_outbox GROUP BY status`,
    )) as { status: string; n: number }[];
    return { counts: Object.fromEntries(counts.map((c) => [c.status, c.n])), deliveries: rows };
  }

  @Get('crm-deliveries')
  @ApiOperation({
    summary:
      'The development CRM: leads delivered to the deliveries table (dealerships without a webhook), newest first',
  })
  @ApiQuery({ name: 'limit', required: false })
  async crmDeliveries(
    @Query(new ZodValidationPipe(ListSchema.pick({ limit: true }), 'query')) query: { limit: number },
  ) {
    return {
      deliveries: await this.dataSource.query(
        `SELECT delivery_id, lead_id, dealership_id, received_at, payload FROM crm_deliveries ORDER BY received_at DESC LIMIT $1`,
        [query.limit],
      ),
    };
  }

  @Post('deliveries/:id/retry')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Retry a dead delivery (after fixing the CRM or its configuration); it keeps its delivery id',
  })
  async retry(@Param('id', new ParseUUIDPipe()) id: string) {
    const [row] = (await this.dataSource.query(`SELECT status FROM lead_outbox WHERE id = $1`, [id])) as {
      status: string;
    }[];
    if (!row) throw notFound('Delivery not found', `No lead delivery has the id '${id}'.`);
    if (row.status !== 'dead')
      throw new ProblemException({
        status: 409,
        title: 'Delivery not dead',
        detail: `Only a dead delivery can be retried; this one is '${row.status}'.`,
      });
    const job = await this.producer.queue('leadDelivery').getJob(leadDeliveryJobId(id));
    await this.dataSource.query(
      `UPDATE lead_outbox SET status = 'queued', queued_at = now(), updated_at = now() WHERE id = $1`,
      [id],
    );
    if (job && (await job.isFailed())) {
      await job.retry('failed', { resetAttemptsMade: true });
    } else {
      // The job is gone (removed from the dashboard): the relay queues pending rows afresh.
      await this.dataSource.query(`UPDATE lead_outbox SET status = 'pending' WHERE id = $1`, [id]);
    }
    return { id, status: 'queued' };
  }
}
