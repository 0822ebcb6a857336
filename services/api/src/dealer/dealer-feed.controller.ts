import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ZodValidationPipe } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import {
  DealerFeed,
  keyNotFound,
  runNotFound,
  type DealerFeedKey,
  type DealerFeedRun,
  type DealerFeedRunDetail,
} from './dealer-feed';
import { dealershipScope, unknownDealership } from './dealer-scope';
import { Dealer, DealerSignedInGuard } from './dealer-session';
import {
  CreateFeedKeySchema,
  FeedKeyIdSchema,
  FeedRunIdSchema,
  FeedRunListQuerySchema,
  type CreateFeedKey,
  type FeedRunListQuery,
} from './dealer.schemas';

const runId = (id: string): string => {
  if (!FeedRunIdSchema.safeParse(id).success) throw runNotFound();
  return id;
};

/**
 * Feed health of the user's dealerships: runs, their row errors and warnings, held snapshots with
 * the cars they would withdraw; owners confirm or reject a held run and manage feed keys.
 */
@ApiTags('Dealer console')
@UseGuards(DealerSignedInGuard)
@Controller('api/dealer/feed')
export class DealerFeedController {
  constructor(private readonly feed: DealerFeed) {}

  @Get('runs')
  @ApiOperation({
    summary: "Feed runs of the user's dealerships, newest first",
    description: 'Filters: dealership (slug), limit (1-100, default 30).',
  })
  @ApiResponse({
    status: 200,
    description:
      '{ runs: [{ id, dealership, mode, status, detail, counts, rowsApplied, errorCount, warningCount, receivedAt, startedAt, finishedAt, confirmedAt }] }',
  })
  @ApiResponse({ status: 404, description: 'dealership is not one of the user’s' })
  async runs(
    @Dealer() dealer: DealerPrincipal,
    @Query(new ZodValidationPipe(FeedRunListQuerySchema, 'query')) query: FeedRunListQuery,
  ): Promise<{ runs: DealerFeedRun[] }> {
    const ids = dealershipScope(dealer, query.dealership);
    if (!ids) throw unknownDealership(query.dealership!);
    return { runs: await this.feed.list(ids, query.limit) };
  }

  @Get('runs/:feedRunId')
  @ApiOperation({ summary: 'One feed run: row errors (row, stocknum, field, message), warnings, held snapshot' })
  @ApiResponse({
    status: 200,
    description:
      'The run, with errors, errorsOmitted, warnings, warningsOmitted, held: { withdrawals: [{ stocknum, title, slug, live }], recorded } | null, can: { confirm, reject }',
  })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s run (the same answer)' })
  async run(@Dealer() dealer: DealerPrincipal, @Param('feedRunId') id: string): Promise<DealerFeedRunDetail> {
    const found = await this.feed.detail(dealer, runId(id));
    if (!found) throw runNotFound();
    return found;
  }

  @Post('runs/:feedRunId/confirm')
  @HttpCode(202)
  @ApiOperation({ summary: 'Owner: apply a held snapshot despite the mass-removal guard (it is queued)' })
  @ApiResponse({ status: 202, description: '{ id, status: "queued" }' })
  @ApiResponse({ status: 403, description: 'Not an owner of the run’s dealership, or no CSRF token' })
  @ApiResponse({ status: 409, description: 'Not held (any more), or a later run has been applied' })
  async confirm(
    @Dealer() dealer: DealerPrincipal,
    @Param('feedRunId') id: string,
  ): Promise<{ id: string; status: 'queued' }> {
    return this.feed.confirm(dealer, runId(id));
  }

  @Post('runs/:feedRunId/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Owner: discard a held snapshot; nothing is applied' })
  @ApiResponse({ status: 200, description: '{ id, status: "failed" }' })
  @ApiResponse({ status: 403, description: 'Not an owner of the run’s dealership, or no CSRF token' })
  @ApiResponse({ status: 409, description: 'Not held (any more)' })
  async reject(
    @Dealer() dealer: DealerPrincipal,
    @Param('feedRunId') id: string,
  ): Promise<{ id: string; status: 'failed' }> {
    return this.feed.reject(dealer, runId(id));
  }

  @Get('keys')
  @ApiOperation({
    summary: 'Owner: the feed keys of the dealerships the user owns (prefix, created, last used; never the secret)',
  })
  @ApiResponse({
    status: 200,
    description: '{ keys: [{ id, prefix, createdAt, lastUsedAt, revokedAt, dealership: { slug, name } }] }',
  })
  @ApiResponse({ status: 403, description: 'The user owns no dealership' })
  async keys(@Dealer() dealer: DealerPrincipal): Promise<{ keys: DealerFeedKey[] }> {
    return { keys: await this.feed.listKeys(dealer) };
  }

  @Post('keys')
  @ApiOperation({
    summary: 'Owner: create a feed key; the secret is in this answer only',
    description: 'Body { dealership } (slug), optional when the user owns exactly one dealership.',
  })
  @ApiResponse({ status: 201, description: '{ id, key, prefix, dealership: { slug, name } }' })
  @ApiResponse({ status: 403, description: 'Not an owner of the dealership' })
  async createKey(
    @Dealer() dealer: DealerPrincipal,
    @Body(new ZodValidationPipe(CreateFeedKeySchema, 'body')) body: CreateFeedKey,
  ) {
    return this.feed.createKey(dealer, body.dealership);
  }

  @Delete('keys/:keyId')
  @ApiOperation({ summary: 'Owner: revoke a feed key; pushes with it are refused from now on' })
  @ApiResponse({ status: 200, description: '{ id, revoked: true }' })
  @ApiResponse({ status: 404, description: 'Unknown, revoked, or another dealership’s key (the same answer)' })
  async revokeKey(@Dealer() dealer: DealerPrincipal, @Param('keyId') keyId: string) {
    const parsed = FeedKeyIdSchema.safeParse(keyId);
    if (!parsed.success) throw keyNotFound();
    return this.feed.revokeKey(dealer, parsed.data);
  }
}
