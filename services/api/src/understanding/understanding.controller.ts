import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { hasControlCharacters, MAX_SENTENCE_LENGTH, type TermSuggestion } from '@platform/domain';
import { ZodValidationPipe } from '@platform/server-kit';
import { SiteDirectory } from '../sites/site-directory';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { SearchUnderstanding, type SentenceSearch } from './search-understanding';

const SENTENCE_MESSAGE = `q is what the shopper typed, up to ${MAX_SENTENCE_LENGTH * 4} characters (the first ${MAX_SENTENCE_LENGTH} are read).`;

/** GET /api/sites/{slug}/search/understand?q= and .../suggest?q=: the sentence (or what is typed so far) is all it takes. */
export const UnderstandQuerySchema = z.object({
  q: z
    .string({ error: SENTENCE_MESSAGE })
    .max(MAX_SENTENCE_LENGTH * 4, SENTENCE_MESSAGE)
    .refine((q) => !hasControlCharacters(q), 'q must be plain text: remove control characters.'),
});

@ApiTags('Search')
@Controller('api/sites/:siteSlug/search')
export class UnderstandingController {
  constructor(
    private readonly sites: SiteDirectory,
    private readonly understanding: SearchUnderstanding,
  ) {}

  @Get('understand')
  // The same sentence reads the same for a minute (the site's vocabulary is rebuilt once a minute).
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOperation({
    summary: "A shopper's sentence as the site's search request",
    description:
      "'white hilux under 50k diesel auto' -> { request: { query?, filters, ranges }, parts: [{ kind, label, keys, filters, ranges, span, detail? }] }: the filters and ranges the site search takes (POST /api/sites/{slug}/search), the words not understood as its query, and each understood part for a removable chip. Read with the site's own makes, models, bodies, colours, features, locations and finance calculator.",
  })
  @ApiResponse({ status: 200, description: '{ request, parts }' })
  @ApiResponse({ status: 400, description: 'q missing or too long: problem names q' })
  @ApiResponse({ status: 404, description: 'Unknown site' })
  async understand(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Query(new ZodValidationPipe(UnderstandQuerySchema, 'query')) query: z.infer<typeof UnderstandQuerySchema>,
  ): Promise<SentenceSearch> {
    return this.understanding.understand(await this.sites.bySlug(slug), query.q);
  }

  @Get('suggest')
  // Suggestions follow the vocabulary, rebuilt once a minute: the same letters offer the same words for a minute.
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOperation({
    summary: 'Typing suggestions for the search box',
    description:
      "'white hil' -> { suggestions: [{ label: 'Toyota HiLux', kind: 'model', completion: 'white Toyota HiLux' }, ...] }: up to 8 phrases of the site's own vocabulary (makes, models, bodies, features, fuels, colours, conditions, places near its stock) that the last, unfinished words of q may be, each with the text the box holds once it is chosen. None once q ends in a space.",
  })
  @ApiResponse({ status: 200, description: '{ suggestions: [{ label, kind, completion }] }' })
  @ApiResponse({ status: 400, description: 'q missing or too long: problem names q' })
  @ApiResponse({ status: 404, description: 'Unknown site' })
  async suggest(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Query(new ZodValidationPipe(UnderstandQuerySchema, 'query')) query: z.infer<typeof UnderstandQuerySchema>,
  ): Promise<{ suggestions: TermSuggestion[] }> {
    return this.understanding.suggest(await this.sites.bySlug(slug), query.q);
  }
}
