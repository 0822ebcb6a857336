import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { notFound, ZodValidationPipe } from '@platform/server-kit';
import { photoBacklog, reprocessPhotos, type DealershipPhotoBacklog } from '@platform/stock';
import { OpsAuthGuard } from './ops-auth.guard';

const ReprocessSchema = z.union(
  [
    z.strictObject({
      dealership: z
        .string()
        .regex(/^[a-z0-9-]{1,100}$/, 'must be a dealership slug (lower-case letters, digits and hyphens)'),
    }),
    z.strictObject({
      carId: z.int('carId must be a whole number').positive('carId must be positive').max(2_147_483_647),
    }),
  ],
  { error: 'give either { "dealership": "<slug>" } or { "carId": <id> }' },
);
type Reprocess = z.output<typeof ReprocessSchema>;

/** Dealer photos for ops (issue 38): the backlog per dealership, and a forced re-fetch. */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@Controller('api/ops/media')
export class MediaOpsController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('backlog')
  @ApiOperation({
    summary:
      'Dealer photos per dealership: pending, stored, refused and unreachable counts, and how long the oldest pending photo has waited',
  })
  async backlog(): Promise<{ dealerships: DealershipPhotoBacklog[] }> {
    return { dealerships: await photoBacklog(this.dataSource) };
  }

  @Post('reprocess')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Fetch every photo of one car ({ "carId": n }) or one dealership ({ "dealership": "slug" }) again, whatever their validators say',
  })
  async reprocess(
    @Body(new ZodValidationPipe(ReprocessSchema, 'reprocess request')) body: Reprocess,
  ): Promise<{ queued: number }> {
    if ('carId' in body) {
      const [car] = (await this.dataSource.query(`SELECT id FROM cars WHERE id = $1`, [body.carId])) as {
        id: number;
      }[];
      if (!car) throw notFound('Car not found', `No car has the id ${body.carId}.`);
      return { queued: await reprocessPhotos(this.dataSource, { carId: car.id }) };
    }
    const [dealership] = (await this.dataSource.query(`SELECT id FROM dealerships WHERE slug = $1`, [
      body.dealership,
    ])) as { id: number }[];
    if (!dealership) throw notFound('Dealership not found', `No dealership has the slug '${body.dealership}'.`);
    return { queued: await reprocessPhotos(this.dataSource, { dealershipId: dealership.id }) };
  }
}
