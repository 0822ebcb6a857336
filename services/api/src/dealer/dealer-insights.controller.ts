import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ZodValidationPipe } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import { carNotFound, DealerInsights } from './dealer-insights';
import {
  CarIdSchema,
  OverviewQuerySchema,
  StockInsightsQuerySchema,
  type OverviewQuery,
  type StockInsightsQuery,
} from './dealer-insights.schemas';
import { dealershipScope, unknownDealership } from './dealer-scope';
import { Dealer, DealerSignedInGuard } from './dealer-session';

/**
 * Stock insights (issue 41): how each of the user's live cars performs, its rating and days to
 * sell, and the dealership's overview. Another dealership's car answers 404 like an unknown one.
 */
@ApiTags('Dealer console')
@UseGuards(DealerSignedInGuard)
@Controller('api/dealer/insights')
export class DealerInsightsController {
  constructor(private readonly insights: DealerInsights) {}

  @Get('stock')
  @ApiOperation({
    summary: "Every live car of the user's dealerships with its performance",
    description:
      'Filters: dealership (slug), band (Strong | On track | Below par | Needs attention), bucket (0-30 | 31-60 | 61-90 | 90+), position (below | at | above | unknown); sort (days | views7 | views30 | enquiries7 | enquiries30 | score | price), order (asc | desc); limit (1-2000, default 2000) cars a page, page (1-2000, default 1).',
  })
  @ApiResponse({
    status: 200,
    description:
      '{ cars: [{ id, dealership, stocknum, title, slug, price, daysInStock, bucket, views7, views30, enquiries7, enquiries30, score, band, pricePosition, marketAverage, dailyViews[30] }], buckets: { "0-30", "31-60", "61-90", "90+" }, total (live cars), matching (live cars the filters keep; cars is one page of them) }',
  })
  @ApiResponse({ status: 400, description: 'A parameter outside its values: problem details naming it' })
  @ApiResponse({ status: 404, description: 'dealership is not one of the user’s' })
  async stock(
    @Dealer() dealer: DealerPrincipal,
    @Query(new ZodValidationPipe(StockInsightsQuerySchema, 'query')) query: StockInsightsQuery,
  ) {
    const ids = dealershipScope(dealer, query.dealership);
    if (!ids) throw unknownDealership(query.dealership!);
    return this.insights.stock(ids, query);
  }

  @Get('cars/:carId')
  @ApiOperation({
    summary: 'One car: 90 days of views, reveals, enquiries and prices, its rating, market comparison and days to sell',
  })
  @ApiResponse({
    status: 200,
    description:
      '{ car, rating: { score, band, explanation } | null, market: { segment, expectedViews7, expectedEnquiries7, average, position, comparables, range, description }, daysToSell: { days, atMarket, text }, daily: [{ day, views, phoneReveals, enquiries, searchAppearances, price }], priceChanges: [{ day, from, to }] }',
  })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s car (the same answer)' })
  async car(@Dealer() dealer: DealerPrincipal, @Param('carId') carId: string) {
    const id = CarIdSchema.safeParse(carId);
    if (!id.success || !/^\d+$/.test(carId)) throw carNotFound();
    const found = await this.insights.car(dealershipScope(dealer, undefined)!, id.data);
    if (!found) throw carNotFound();
    return found;
  }

  @Get('overview')
  @ApiOperation({
    summary:
      'The dealerships’ overview: leads by form and week, stock turn, days to sell, top and bottom cars, response time',
  })
  @ApiResponse({
    status: 200,
    description:
      '{ leadsByForm: [{ form, leads }], leadsByWeek: [{ week, leads }], stockTurn, liveCars, soldLast90Days, averageDaysToSell, leadResponseMinutes, respondedLeads, top: [...], bottom: [...] }',
  })
  @ApiResponse({ status: 404, description: 'dealership is not one of the user’s' })
  async overview(
    @Dealer() dealer: DealerPrincipal,
    @Query(new ZodValidationPipe(OverviewQuerySchema, 'query')) query: OverviewQuery,
  ) {
    const ids = dealershipScope(dealer, query.dealership);
    if (!ids) throw unknownDealership(query.dealership!);
    return this.insights.overview(ids);
  }
}
