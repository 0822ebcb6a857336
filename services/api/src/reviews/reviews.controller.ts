import { Body, Controller, Get, Headers, Param, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { IdSchema, REVIEW_PUSH_MAX, ReviewPushSchema, type ReviewPush, type ReviewsSummary } from '@platform/domain';
import { ZodValidationPipe } from '@platform/server-kit';
import { FeedKeys } from '@platform/stock';
import { dealershipForKey } from '../feeds/dealership-key';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { ReviewsService, type ReviewPushResult } from './reviews.service';

const PUSH_ROUTE = 'PUT /api/feeds/{dealershipSlug}/locations/{locationSlug}/reviews';

/** The OpenAPI description of push, kept out of the decorator so the route reads at a glance. */
const PUSH_DESCRIPTION = [
  `With the dealership's feed key. Body: { average_rating (1-5, null when there are none),`,
  `review_count (the source's total), reviews: [{ id, author_name, rating (1-5), text,`,
  `published_at (ISO 8601 with offset), author_photo_url (https, optional) }] },`,
  `at most ${REVIEW_PUSH_MAX} reviews, newest first.`,
  `The location's summary and reviews are replaced together.`,
].join(' ');

@ApiTags('Reviews')
@Controller('api')
export class ReviewsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly keys: FeedKeys,
    private readonly reviews: ReviewsService,
  ) {}

  @Put('feeds/:dealershipSlug/locations/:locationSlug/reviews')
  @ApiBearerAuth('feedKey')
  @ApiOperation({
    summary: "Replace a location's Google reviews",
    description: PUSH_DESCRIPTION,
  })
  @ApiBody({
    schema: {
      type: 'object',
      example: {
        average_rating: 4.7,
        review_count: 812,
        reviews: [
          {
            id: 'ChZDSUhNMG9nS0VJQ0FnSUR',
            author_name: 'Sam Citizen',
            rating: 5,
            text: 'Friendly and no pressure.',
            published_at: '2026-10-01T09:30:00+10:00',
          },
        ],
      },
    },
  })
  @ApiResponse({ status: 200, description: '{ location, average_rating, review_count, stored }' })
  @ApiResponse({
    status: 400,
    description: 'Problem details naming each invalid field (reviews.3.rating, ...); nothing is stored',
  })
  @ApiResponse({ status: 401, description: 'Missing or unknown feed key' })
  @ApiResponse({ status: 403, description: 'The key belongs to another dealership' })
  @ApiResponse({ status: 404, description: 'Unknown dealership or location' })
  async push(
    @Param('dealershipSlug') dealershipSlug: string,
    @Param('locationSlug') locationSlug: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
  ): Promise<ReviewPushResult> {
    // The key is checked before the body, so a caller without one learns nothing from validation.
    const dealership = await dealershipForKey(this.dataSource, this.keys, dealershipSlug, authorization, PUSH_ROUTE);
    const push: ReviewPush = new ZodValidationPipe(ReviewPushSchema, 'reviews').transform(body);
    return this.reviews.replace(dealership, locationSlug, push);
  }

  @Get('sites/:siteSlug/locations/:locationId/reviews')
  @ApiOperation({
    summary:
      "A location's rating, review count and newest Google reviews (as many as the site's reviews.google_reviews_shown, 12)",
  })
  @ApiResponse({
    status: 200,
    description:
      '{ reviews: [{ id, author_name, rating, text, published_at, author_photo_url }], count, average_rating }',
  })
  @ApiResponse({ status: 404, description: 'Not a visible location of this site' })
  async forLocation(
    @Param('siteSlug', SiteSlugPipe) siteSlug: string,
    @Param('locationId', new ZodValidationPipe(IdSchema, 'locationId')) locationId: number,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ReviewsSummary> {
    const summary = await this.reviews.forLocation(siteSlug, locationId);
    response.setHeader('Cache-Control', 'public, max-age=300');
    return summary;
  }
}
