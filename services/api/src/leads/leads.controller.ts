import { Body, Controller, Headers, HttpCode, Ip, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { z } from 'zod';
import { LEAD_FORMS, refusingProtoKey } from '@platform/domain';
import { ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { SiteSlugPipe, SiteSlugSchema } from '../sites/site-slug.pipe';
import { ProblemThrottlerGuard, throttledOnly, THROTTLES } from '../throttling/throttling.module';
import { IDEMPOTENCY_KEY_PATTERN, LeadsService } from './leads.service';

const MiscellaneousSchema = z.strictObject({
  lead_id: z.uuid({ error: 'lead_id must be the lead_id a submission answered with' }),
  column_name: z.literal('valuation', { error: "column_name must be 'valuation'" }),
  valuation: refusingProtoKey(
    z.record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]), {
      error: 'valuation must be the valuation result object',
    }),
  ),
});

/** The site of a valuation save on the path without one: the lead must be of that site. */
const MiscellaneousQuerySchema = z.object({
  site: z
    .string({
      error: 'Add ?site= with the site slug the lead was made on, or use POST /api/sites/{siteSlug}/miscellaneous',
    })
    .pipe(SiteSlugSchema),
});

const SAVE_DESCRIPTION = [
  'Answers { success: true }. Only a lead of this site (404 otherwise, as for no lead), of a form that offers',
  'a valuation (trade_in; 400 otherwise), and only once: a saved valuation is never overwritten (409).',
  'Failures are problem details that also carry success: false and message.',
].join(' ');

const MISCELLANEOUS_BODY = {
  schema: {
    type: 'object',
    example: {
      lead_id: '2b0f3c2e-0000-4000-8000-000000000000',
      column_name: 'valuation',
      valuation: { low: 18000, high: 21000 },
    },
  },
};

/** The OpenAPI description of submit, kept out of the decorator so the route reads at a glance. */
const SUBMIT_DESCRIPTION = [
  `form is one of ${LEAD_FORMS.join(', ')};`,
  `the other fields are the form's (spec 001 'Enquiry form fields', 'Lead form fields',`,
  `vehicle-page defaults) plus userData { url, lead_attributes { visited_pages,`,
  `linked_query_params } } and captcha_token. Invalid submissions get 400 with errors (per field)`,
  `and form_errors (the list shown under 'Please fix the following errors:').`,
  `A trade_in answers its valuation too, and save_valuation: whether the lead's dealership has`,
  `leads.save_valuation on, so the page saves that valuation with POST /api/miscellaneous.`,
].join(' ');

/** Form submissions: leads of every kind, and values saved against them. */
@ApiTags('Leads')
@Controller('api')
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  @Post('sites/:siteSlug/leads')
  @HttpCode(201)
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.leadSubmit))
  @ApiOperation({
    summary: 'Submit a form: stores the lead and queues its delivery to the dealership',
    description: SUBMIT_DESCRIPTION,
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'One per form submission: a retry or double click with the same key answers the same lead_id and stores nothing new.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      example: {
        form: 'general',
        name: 'Jane Citizen',
        email: 'jane@example.com',
        message: 'Hello',
        category: 'General Enquiry',
        location: '1',
        terms_conditions: true,
      },
    },
  })
  @ApiResponse({ status: 201, description: '{ lead_id, valuation?, save_valuation? }' })
  @ApiResponse({ status: 400, description: 'Problem details naming each invalid field' })
  @ApiResponse({ status: 413, description: 'Body over LEAD_MAX_BYTES' })
  @ApiResponse({ status: 422, description: 'Idempotency-Key reused for a different submission' })
  @ApiResponse({ status: 429, description: 'Too many submissions from this client in a minute' })
  async submit(
    @Param('siteSlug', SiteSlugPipe) siteSlug: string,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
    @Ip() ip: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw new ProblemException({
        status: 400,
        title: 'Invalid Idempotency-Key',
        detail:
          'Idempotency-Key must be 1 to 200 visible ASCII characters, such as a UUID made once per form submission.',
        errors: [{ path: 'Idempotency-Key', message: 'Use 1 to 200 visible ASCII characters' }],
      });
    }
    const result = await this.leads.submit(siteSlug, body, { idempotencyKey, userAgent, remoteIp: ip });
    if (!result.created) response.setHeader('Idempotent-Replayed', 'true');
    return {
      lead_id: result.lead_id,
      ...(result.valuation ? { valuation: result.valuation, save_valuation: result.save_valuation ?? false } : {}),
    };
  }

  @Post('sites/:siteSlug/miscellaneous')
  @HttpCode(200)
  @ApiOperation({
    summary: "Save a trade-in's valuation result against its lead, once (dealerships with leads.save_valuation)",
    description: SAVE_DESCRIPTION,
  })
  @ApiBody(MISCELLANEOUS_BODY)
  async siteMiscellaneous(
    @Param('siteSlug', SiteSlugPipe) siteSlug: string,
    @Body(new ZodValidationPipe(MiscellaneousSchema, 'valuation save')) body: z.output<typeof MiscellaneousSchema>,
  ) {
    await this.leads.saveMiscellaneous(siteSlug, body.lead_id, body.column_name, body.valuation);
    return { success: true };
  }

  @Post('miscellaneous')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The same as POST /api/sites/{siteSlug}/miscellaneous, the site named by ?site=',
    description: SAVE_DESCRIPTION,
  })
  @ApiBody(MISCELLANEOUS_BODY)
  async miscellaneous(
    @Query(new ZodValidationPipe(MiscellaneousQuerySchema, 'query')) query: z.output<typeof MiscellaneousQuerySchema>,
    @Body(new ZodValidationPipe(MiscellaneousSchema, 'valuation save')) body: z.output<typeof MiscellaneousSchema>,
  ) {
    await this.leads.saveMiscellaneous(query.site, body.lead_id, body.column_name, body.valuation);
    return { success: true };
  }
}
