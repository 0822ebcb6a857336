import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ZodValidationPipe } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import { DealerReports, LeadReportQuerySchema, REPORT_MAX_DAYS, type LeadReportQuery } from './dealer-reports';
import { dealershipScope, unknownDealership } from './dealer-scope';
import { Dealer, DealerSignedInGuard } from './dealer-session';

/**
 * Lead reports (issue 53, item 8). Any signed-in role may read them: they are counts and times,
 * with no shopper's name or contact.
 */
@ApiTags('Dealer console')
@UseGuards(DealerSignedInGuard)
@Controller('api/dealer/reports')
export class DealerReportsController {
  constructor(private readonly reports: DealerReports) {}

  @Get('leads')
  @ApiOperation({
    summary: 'Leads by source, form and salesperson; first-response p50/p90 in opening hours; conversion to won',
    description: `dealership (slug, default all of the user's); from, to (YYYY-MM-DD on the dealership's calendar, both included; default the last 30 days to today; at most ${REPORT_MAX_DAYS} days).`,
  })
  @ApiResponse({
    status: 200,
    description:
      '{ from, to, timeZone, total, won, conversionPercent, responded, p50Minutes, p90Minutes, bySource: [{ key, label, kind, leads, won, conversionPercent }], byForm: [{ key, label, leads, won, conversionPercent }], bySalesperson: [{ key, label, userId, leads, won, conversionPercent, responded, p50Minutes, p90Minutes }] }',
  })
  @ApiResponse({ status: 400, description: 'A parameter outside its values: problem details naming it' })
  @ApiResponse({ status: 404, description: 'dealership is not one of the user’s' })
  async leads(
    @Dealer() dealer: DealerPrincipal,
    @Query(new ZodValidationPipe(LeadReportQuerySchema, 'query')) query: LeadReportQuery,
  ) {
    const ids = dealershipScope(dealer, query.dealership);
    if (!ids) throw unknownDealership(query.dealership!);
    return this.reports.leads(ids, query);
  }
}
