import { z } from 'zod';
import { MAX_HITS_PER_PAGE, RangeTextSchema, SearchRequestSchema } from '@platform/domain';

const PageSchema = z.int().min(1, 'page starts at 1').default(1);
const ValueSchema = z.string().trim().min(1).max(100);

/** Special-offers search: one dealership's cars, filtered by categories and price (spec 000 §3). */
export const SpecialOffersSearchSchema = z.strictObject({
  dealership_id: z.int({ error: 'dealership_id is required: the id of one of the site’s dealerships' }).positive(),
  categories: z.array(ValueSchema).max(50).optional(),
  price: RangeTextSchema.optional(),
  page: PageSchema,
});
export type SpecialOffersSearch = z.output<typeof SpecialOffersSearchSchema>;

/** A list of hits by filter and limit, for carousels: the search request's filters, no facets, no paging. */
export const HitsRequestSchema = SearchRequestSchema.pick({
  query: true,
  filters: true,
  ranges: true,
  sortBy: true,
  ids: true,
}).extend({
  limit: z.int().min(1).max(MAX_HITS_PER_PAGE).default(10),
});
export type HitsRequest = z.output<typeof HitsRequestSchema>;
