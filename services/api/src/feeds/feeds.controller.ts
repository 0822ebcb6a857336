import { Controller, Get, Headers, HttpCode, Inject, Logger, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { FeedModeSchema } from '@platform/domain';
import { ENV, notFound, ProblemException } from '@platform/server-kit';
import {
  FEED_CONTENT_TYPES,
  feedContentType,
  FeedFormatError,
  FeedIntake,
  FeedKeys,
  FeedRuns,
  type FeedRunView,
} from '@platform/stock';

import type { ApiEnv } from '../env';
import { dealershipForKey, KEY_HELP, unauthorized } from './dealership-key';
import { bearerToken, readBody } from './read-body';

/** The OpenAPI description of push, kept out of the decorator so the route reads at a glance. */
const PUSH_DESCRIPTION = [
  'Body: a JSON array of cars, or { cars: [...], deleted: [stocknum...] } (delta),',
  "or CSV with a header row (list fields separated by '|',",
  'nested fields as dotted columns such as variant.cylinders). Required per car: stocknum, make, model,',
  'year, car_type (new|used|demo). snapshot mode:',
  'cars of the dealership missing from the feed become sold (default) or withdrawn,',
  "per the dealership's inventory.snapshot_missing_action;",
  'a snapshot removing more than inventory.mass_removal_guard (30%) of live stock is held for ops.',
  'Answers 202 once the payload is stored; poll the run for the outcome.',
].join(' ');

@ApiTags('Feeds')
@ApiBearerAuth('feedKey')
@Controller('api/feeds')
export class FeedsController {
  private readonly logger = new Logger(FeedsController.name);

  constructor(
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly dataSource: DataSource,
    private readonly intake: FeedIntake,
    private readonly keys: FeedKeys,
    private readonly runs: FeedRuns,
  ) {}

  @Post(':dealershipSlug')
  @HttpCode(202)
  @ApiOperation({
    summary: "Push a dealership's stock feed",
    description: PUSH_DESCRIPTION,
  })
  @ApiConsumes(...FEED_CONTENT_TYPES)
  @ApiQuery({ name: 'mode', required: false, enum: ['snapshot', 'delta'] })
  @ApiBody({ description: 'The feed: JSON or CSV', required: true, schema: { type: 'string' } })
  @ApiResponse({ status: 202, description: '{ feedRunId, status, statusUrl }' })
  @ApiResponse({
    status: 400,
    description: 'Malformed JSON (with its position), CSV without required columns, or a bad mode',
  })
  @ApiResponse({ status: 401, description: 'Missing or unknown feed key' })
  @ApiResponse({ status: 403, description: 'The key belongs to another dealership' })
  @ApiResponse({ status: 404, description: 'Unknown dealership' })
  @ApiResponse({ status: 413, description: 'Body over FEED_MAX_BYTES (50 MB)' })
  @ApiResponse({ status: 415, description: 'Content-Type is not application/json or text/csv' })
  async push(
    @Param('dealershipSlug') slug: string,
    @Query('mode') modeParam: string | undefined,
    @Headers('authorization') authorization: string | undefined,
    @Headers('content-type') contentTypeHeader: string | undefined,
    @Req() request: Request,
  ): Promise<{ feedRunId: string; status: 'queued'; statusUrl: string }> {
    const dealership = await dealershipForKey(
      this.dataSource,
      this.keys,
      slug,
      authorization,
      'POST /api/feeds/{dealershipSlug}',
    );
    const mode = FeedModeSchema.safeParse(modeParam ?? 'snapshot');
    if (!mode.success) {
      throw new ProblemException({
        status: 400,
        title: 'Invalid request',
        detail: `mode must be 'snapshot' or 'delta', not '${modeParam}'.`,
        errors: [{ path: 'mode', message: "Use 'snapshot' (the default) or 'delta'" }],
      });
    }
    const contentType = feedContentType(contentTypeHeader);
    if (!contentType) {
      throw new ProblemException({
        status: 415,
        title: 'Unsupported content type',
        detail: `Send the feed as application/json or text/csv (Content-Type was '${contentTypeHeader ?? 'missing'}').`,
      });
    }
    const body = await readBody(request, this.env.FEED_MAX_BYTES);
    let feedRunId: string;
    try {
      feedRunId = await this.intake.receive({ dealershipId: dealership.id, mode: mode.data, contentType, body });
    } catch (error) {
      if (!(error instanceof FeedFormatError)) throw error;
      throw new ProblemException({
        status: 400,
        title: 'Unreadable feed',
        detail: error.message,
        errors: [{ path: error.field, message: error.message }],
      });
    }
    // Stored first, queued second: if Redis is unreachable the worker's sweep queues the run later.
    await this.runs
      .enqueue(feedRunId, 'received')
      .catch((error: Error) =>
        this.logger.warn({ feedRunId, err: error.message }, 'feed run stored but not queued; the sweep will queue it'),
      );
    return { feedRunId, status: 'queued', statusUrl: `/api/feeds/runs/${feedRunId}` };
  }

  @Get('runs/:feedRunId')
  @ApiOperation({ summary: 'The status, counts, row errors and warnings of a feed run' })
  @ApiResponse({
    status: 200,
    description:
      '{ status: queued|running|held|succeeded|partial|failed, counts, errors: [{ row, stocknum, path, message }], warnings }',
  })
  async run(
    @Param('feedRunId') feedRunId: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<FeedRunView> {
    const dealershipId = await this.keys.dealershipOf(bearerToken(authorization));
    if (dealershipId === null) throw unauthorized(KEY_HELP);
    const run = /^[0-9a-f-]{36}$/i.test(feedRunId) ? await this.intake.view(feedRunId) : null;
    if (!run) throw notFound('Feed run not found', `No feed run has the id '${feedRunId}'.`);
    if (run.dealershipId !== dealershipId) {
      throw new ProblemException({
        status: 403,
        title: 'Wrong dealership',
        detail: 'This feed run belongs to another dealership than the key.',
      });
    }
    const { dealershipId: _omit, ...view } = run;
    return view;
  }
}
