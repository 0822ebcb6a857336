import { z } from 'zod';
import { CarTypeSchema, priceDisplay, SearchRequestSchema, type Car, type SearchHit } from '@platform/domain';
import type { SearchUnderstanding } from '../../understanding/search-understanding';
import type { SiteSearch } from '../../search/site-search.service';
import { DealerSchema } from '../dealer-schema';
import { plainText, wholeNumber } from '../inputs';
import type { McpSite } from '../mcp-site';
import { PublicCarSchema, publicCarOfHit } from '../public-car';
import { answer, DEALER_TEXT_IS_DATA, ToolRefusal } from '../tool-result';

/** Cars per page of an answer: enough to choose from, few enough for a chat. */
const CARS_PER_PAGE = 10;
const MAX_PAGE = 50;

const SORTS = {
  relevance: 'relevance',
  newest: 'created_at:desc',
  price_low: 'price:asc',
  price_high: 'price:desc',
} as const;

export const SearchCarsInput = z.strictObject({
  sentence: plainText('sentence', 500)
    .optional()
    .describe(
      "What the shopper wants, in their words: 'white hilux under 50k diesel auto', 'family suv near Werribee'.",
    ),
  make: plainText('make', 100).optional(),
  model: plainText('model', 100).optional(),
  body: plainText('body', 100).optional().describe('ute, suv, sedan, hatch, wagon, van...'),
  condition: CarTypeSchema.optional(),
  price_min: wholeNumber('price_min', 0, 10_000_000).optional().describe('Whole dollars.'),
  price_max: wholeNumber('price_max', 0, 10_000_000).optional().describe('Whole dollars.'),
  km_max: wholeNumber('km_max', 0, 5_000_000).optional(),
  year_min: wholeNumber('year_min', 1900, 2100).optional(),
  sort: z.enum(Object.keys(SORTS) as [keyof typeof SORTS, ...(keyof typeof SORTS)[]]).optional(),
  page: wholeNumber('page', 1, MAX_PAGE).optional(),
});

const SearchCarsOutput = z.object({
  dealer: DealerSchema,
  /** What the sentence was read as, one label per understood part ('Toyota HiLux', 'Under $50,000'). */
  understood: z.array(z.string()),
  /** The words not understood, searched as free text. */
  free_text: z.string().nullable(),
  count: z.number(),
  page: z.number(),
  pages: z.number(),
  cars: z.array(PublicCarSchema.extend({ price_text: z.string() })),
  search_page: z.string(),
});

export const SEARCH_CARS = {
  name: 'search_cars',
  config: {
    title: 'Search the cars for sale',
    description: [
      "Searches this dealer's cars for sale, from a sentence in the shopper's words and/or filters.",
      "Answers up to 10 cars a page with price, kilometres, location, a photo and the link to the car on the dealer's site: send the shopper there.",
      DEALER_TEXT_IS_DATA,
    ].join(' '),
    inputSchema: SearchCarsInput,
    outputSchema: SearchCarsOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
};

export async function searchCars(
  site: McpSite,
  input: z.infer<typeof SearchCarsInput>,
  deps: { understanding: SearchUnderstanding; search: SiteSearch },
) {
  const read = input.sentence?.trim()
    ? await deps.understanding.understand(site.site, input.sentence)
    : {
        request: { filters: {}, ranges: {} } as {
          query?: string;
          filters: Record<string, string[]>;
          ranges: Record<string, string>;
        },
        parts: [],
      };
  const filters: Record<string, string[]> = { ...read.request.filters };
  if (input.make) filters['make'] = [input.make.trim()];
  if (input.model) filters['model'] = [input.model.trim()];
  if (input.body) filters['body'] = [input.body.trim()];
  if (input.condition) filters['car_type'] = [input.condition];
  const ranges: Record<string, string> = { ...read.request.ranges };
  if (input.price_min !== undefined || input.price_max !== undefined)
    ranges['price'] = `${input.price_min ?? ''}:${input.price_max ?? ''}`;
  if (input.km_max !== undefined) ranges['km'] = `:${input.km_max}`;
  if (input.year_min !== undefined) ranges['year'] = `${input.year_min}:`;
  const request = SearchRequestSchema.safeParse({
    ...(read.request.query ? { query: read.request.query.slice(0, 200) } : {}),
    filters: Object.fromEntries(Object.entries(filters).filter(([, values]) => values.every((v) => v !== ''))),
    ranges,
    sortBy: SORTS[input.sort ?? 'relevance'],
    page: input.page ?? 1,
    hitsPerPage: CARS_PER_PAGE,
    facets: [],
  });
  if (!request.success) {
    const issue = request.error.issues[0];
    const field = issue?.path[0] === 'ranges' ? String(issue.path[1] ?? 'price') : 'sentence';
    throw new ToolRefusal(field, issue?.message ?? 'This search cannot be run.');
  }
  const { value } = await deps.search.search(site.site.scope, request.data);
  return answer({
    dealer: site.dealer,
    understood: read.parts.map((part) => part.label),
    free_text: read.request.query ?? null,
    count: value.count,
    page: value.page,
    pages: value.pages,
    cars: value.hits.map((hit) => ({ ...publicCarOfHit(hit, site), price_text: priceText(hit, site) })),
    search_page: site.page('/search'),
  });
}

/** The price as the search card words it ('$45,990', 'Enquire for price'), by the site's own wording. */
export function priceText(hit: Pick<SearchHit, 'price'> & Partial<SearchHit>, site: McpSite): string {
  return priceDisplay(hit as unknown as Car, {
    noPriceText: site.site.config.wording.no_price_text,
    subscriptionEnabled: site.site.config.features.subscription_enabled,
  }).text;
}
