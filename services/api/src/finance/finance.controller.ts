import { Body, Controller, HttpCode, Inject, Logger, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { YouxQuoteRequestSchema, type QuoteProviderResult, type YouxQuoteRequest } from '@platform/domain';
import { notFound, ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { SiteDirectory } from '../sites/site-directory';
import { SiteSlugSchema } from '../sites/site-slug.pipe';
import { QUOTE_PROVIDER, QuoteServiceError, type QuoteProvider } from './quote-provider';

const QuoteQuerySchema = z.strictObject({ site: SiteSlugSchema });

/** The OpenAPI description of quote, kept out of the decorator so the route reads at a glance. */
const QUOTE_DESCRIPTION = [
  'Body: selfAssessedCreditScore (GREAT), purchasePrice, loanTerm (5), year, vin, nvic,',
  "whoIsHelping (''). ?site= names the site whose rates apply.",
  'From the partner service when QUOTE_SERVICE_URL is set,',
  "else computed from the site's finance.quote_* rates.",
  'The comparison rate is for a 5-year secured $30,000 loan including fees.',
].join(' ');

@ApiTags('Finance')
@Controller('api/youx')
export class FinanceController {
  private readonly logger = new Logger(FinanceController.name);

  constructor(
    private readonly sites: SiteDirectory,
    @Inject(QUOTE_PROVIDER) private readonly provider: QuoteProvider,
  ) {}

  @Post('quote')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Weekly finance quote for a car (spec 001 §7)',
    description: QUOTE_DESCRIPTION,
  })
  @ApiQuery({ name: 'site', required: true })
  @ApiBody({
    schema: {
      type: 'object',
      example: {
        selfAssessedCreditScore: 'GREAT',
        purchasePrice: 32990,
        loanTerm: 5,
        year: 2022,
        vin: null,
        nvic: null,
        whoIsHelping: '',
      },
    },
  })
  @ApiResponse({ status: 200, description: '{ weeklyRepaymentAmount, comparisonRate, advertisedRate }' })
  @ApiResponse({ status: 404, description: 'Unknown site, or the site does not offer quotes' })
  @ApiResponse({ status: 422, description: 'A price of 0 or less: no quote' })
  @ApiResponse({ status: 502, description: 'The partner quote service failed' })
  async quote(
    @Query(new ZodValidationPipe(QuoteQuerySchema, 'query')) query: z.output<typeof QuoteQuerySchema>,
    @Body(new ZodValidationPipe(YouxQuoteRequestSchema, 'quote request')) body: YouxQuoteRequest,
  ): Promise<QuoteProviderResult> {
    const site = await this.sites.bySlug(query.site);
    if (!site.config.finance.quote_service_enabled) {
      throw notFound(
        'No quote service',
        `The site '${query.site}' does not offer finance quotes (finance.quote_service_enabled is off).`,
      );
    }
    let result: QuoteProviderResult | null;
    try {
      result = await this.provider.quote(body, site.config.finance);
    } catch (error) {
      if (!(error instanceof QuoteServiceError)) throw error;
      this.logger.warn({ err: error.message }, 'quote service failed');
      throw new ProblemException({
        status: 502,
        title: 'Quote service unavailable',
        detail: 'The finance partner could not quote right now. Please try again shortly.',
      });
    }
    if (!result) {
      throw new ProblemException({
        status: 422,
        title: 'No quote',
        detail: 'A quote needs a purchase price above 0.',
        errors: [{ path: 'purchasePrice', message: 'Use a purchase price above 0' }],
      });
    }
    return result;
  }
}
