import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  DEFAULT_HITS_PER_PAGE,
  ModelSearchSchema,
  SearchRequestSchema,
  type ModelSearch,
  type SearchHit,
  type SearchRequest,
  type SearchResult,
} from '@platform/domain';
import { SearchAppearanceCounter } from '@platform/events';
import { ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { SiteDirectory } from '../sites/site-directory';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import {
  HitsRequestSchema,
  SpecialOffersSearchSchema,
  type HitsRequest,
  type SpecialOffersSearch,
} from './search.schemas';
import { SiteSearch } from './site-search.service';

const cacheHeader = (res: Response, hit: boolean): void => {
  res.setHeader('X-Search-Cache', hit ? 'hit' : 'miss');
};

/** The OpenAPI description of query, kept out of the decorator so the route reads at a glance. */
const QUERY_DESCRIPTION = [
  'Every field is optional: query, page (1-based), hitsPerPage (21, max 100),',
  'sortBy (relevance | created_at:desc | price:desc | price:asc), filters { facet:',
  "[values] } (make_model as 'make:model'), ranges { price|km|year|subscription_price|weekly_price:",
  "'min:max' }, facets [names] (all when omitted).",
  "A facet's own selection does not narrow its own counts.",
  'Results are cached per site until its index changes (X-Search-Cache: hit|miss).',
  'count is the true count.',
].join(' ');

@ApiTags('Search')
@Controller('api/sites/:siteSlug/search')
export class SearchController {
  constructor(
    private readonly sites: SiteDirectory,
    private readonly search: SiteSearch,
    private readonly appearances: SearchAppearanceCounter,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stock search with facets',
    description: QUERY_DESCRIPTION,
  })
  @ApiBody({
    schema: {
      type: 'object',
      example: {
        query: 'hilux',
        filters: { car_type: ['used'], make: ['Toyota'] },
        ranges: { price: '10000:40000' },
        sortBy: 'price:asc',
        page: 1,
      },
    },
  })
  @ApiResponse({
    status: 200,
    description:
      '{ hits, count, facets: { name: { value: count } }, facetStats: { name: { min, max } }, pages, page, ms }',
  })
  @ApiResponse({ status: 400, description: 'Unknown facet, bad range, page below 1: problem details naming the field' })
  @ApiResponse({ status: 404, description: 'Unknown site' })
  async query(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Body(new ZodValidationPipe(SearchRequestSchema, 'search')) request: SearchRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SearchResult> {
    const site = await this.sites.bySlug(slug);
    const { value, hit } = await this.search.search(site.scope, request);
    // Counted per page of hits, cache hit or not (a shopper saw them either way); never awaited.
    this.appearances.record(value.hits.map((car) => car.id));
    cacheHeader(res, hit);
    return value;
  }

  @Post('models')
  @HttpCode(200)
  @ApiOperation({ summary: 'Model directory search: cars by make, model and body, 21 per page' })
  @ApiResponse({ status: 200, description: 'The search response shape, facets make, model and body' })
  async models(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Body(new ZodValidationPipe(ModelSearchSchema, 'model search')) body: ModelSearch,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SearchResult> {
    const site = await this.sites.bySlug(slug);
    const filters = Object.fromEntries(
      (['make', 'model', 'body'] as const).flatMap((facet) => (body[facet] ? [[facet, [body[facet]]]] : [])),
    );
    const request = SearchRequestSchema.parse({
      filters,
      page: body.page,
      hitsPerPage: DEFAULT_HITS_PER_PAGE,
      facets: ['make', 'model', 'body'],
    });
    const { value, hit } = await this.search.modelSearch(site.scope, request);
    cacheHeader(res, hit);
    return value;
  }

  @Post('special-offers')
  @HttpCode(200)
  @ApiOperation({ summary: "Special-offers search: one dealership's cars by categories and price, 21 per page" })
  @ApiResponse({ status: 200, description: 'The search response shape, facets categories and price' })
  @ApiResponse({
    status: 400,
    description: 'Missing dealership_id, a dealership of another site, or a bad price range',
  })
  async specialOffers(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Body(new ZodValidationPipe(SpecialOffersSearchSchema, 'special-offers search')) body: SpecialOffersSearch,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SearchResult> {
    const site = await this.sites.bySlug(slug);
    if (!site.scope.dealershipIds.includes(body.dealership_id)) {
      throw new ProblemException({
        status: 400,
        title: 'Invalid request',
        detail: `Dealership ${body.dealership_id} is not a dealership of '${slug}'.`,
        errors: [{ path: 'dealership_id', message: `Use one of ${site.scope.dealershipIds.join(', ')}` }],
      });
    }
    const request = SearchRequestSchema.parse({
      filters: body.categories?.length ? { categories: body.categories } : {},
      ranges: body.price ? { price: body.price } : {},
      page: body.page,
      hitsPerPage: DEFAULT_HITS_PER_PAGE,
      facets: ['categories', 'price'],
    });
    const { value, hit } = await this.search.specialOfferSearch(
      { ...site.scope, dealershipIds: [body.dealership_id] },
      request,
    );
    cacheHeader(res, hit);
    return value;
  }

  @Post('hits')
  @HttpCode(200)
  @ApiOperation({ summary: 'Hits by filter and limit (no facets): for carousels and lists' })
  @ApiResponse({ status: 200, description: '{ hits }' })
  async hits(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Body(new ZodValidationPipe(HitsRequestSchema, 'hits request')) body: HitsRequest,
  ): Promise<{ hits: SearchHit[] }> {
    const site = await this.sites.bySlug(slug);
    const { limit, ...request } = body;
    return { hits: await this.search.hits(site.scope, request, limit) };
  }
}
