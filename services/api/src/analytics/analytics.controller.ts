import { Body, Controller, Headers, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { z } from 'zod';
import { ANALYTICS_EVENT_IDS } from '@platform/domain';
import { ZodValidationPipe } from '@platform/server-kit';
import { SiteDirectory } from '../sites/site-directory';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { ProblemThrottlerGuard, throttledOnly, THROTTLES } from '../throttling/throttling.module';
import { AnalyticsTracker } from './analytics-tracker';

const EventSchema = z.strictObject({
  event_id: z.union(
    ANALYTICS_EVENT_IDS.map((id) => z.literal(id)),
    { error: `event_id must be one of ${ANALYTICS_EVENT_IDS.join(', ')}` },
  ),
  car_id: z.int({ error: 'car_id must be a car id' }).positive().optional(),
  url: z.string().max(2000, 'url must be under 2000 characters').optional(),
});

@ApiTags('Leads')
@Controller('api/sites/:siteSlug/events')
export class AnalyticsController {
  constructor(
    private readonly sites: SiteDirectory,
    private readonly tracker: AnalyticsTracker,
  ) {}

  @Post()
  @HttpCode(202)
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.analyticsEvent))
  @ApiOperation({
    summary:
      "Record an analytics event (the specifications' ids: 22, 51, 14, 15, 17, 48, 26, 25, 39, 4, 18, 49, 60, 61)",
    description:
      'Always 202 once valid: a recording failure is logged, never shown to the shopper. Kept with it: the page path (never its query string), the car and its dealership, the source and the user agent (spec 001 §7 user data, bounded).',
  })
  @ApiBody({
    schema: {
      type: 'object',
      example: { event_id: 26, car_id: 42, url: 'https://example.com.au/cars/2024-isuzu-d-max' },
    },
  })
  @ApiResponse({ status: 202, description: '{ status: "accepted" }' })
  async record(
    @Param('siteSlug', SiteSlugPipe) siteSlug: string,
    @Body(new ZodValidationPipe(EventSchema, 'event')) body: z.output<typeof EventSchema>,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    const site = await this.sites.bySlug(siteSlug);
    // Not awaited for the answer: the shopper's page never waits on analytics.
    void this.tracker.track({
      siteId: site.id,
      eventId: body.event_id,
      carId: body.car_id ?? null,
      url: body.url ?? null,
      userAgent: userAgent ?? null,
    });
    return { status: 'accepted' };
  }
}
