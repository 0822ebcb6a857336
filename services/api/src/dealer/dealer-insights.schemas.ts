import { z } from 'zod';
import { AGEING_BUCKETS, RATING_BANDS } from '@platform/domain';
import { DealershipSlugSchema } from './dealer.schemas';

export const STOCK_SORTS = ['days', 'views7', 'views30', 'enquiries7', 'enquiries30', 'score', 'price'] as const;
export const PRICE_POSITIONS = ['below', 'at', 'above', 'unknown'] as const;

const choice = <T extends string>(name: string, values: readonly T[]) =>
  z.enum(values as [T, ...T[]], { error: `${name} is one of ${values.join(', ')}.` });

/** The stock list's query: every parameter optional, each refused by name when it is not one of its values. */
export const StockInsightsQuerySchema = z.object({
  dealership: DealershipSlugSchema.optional(),
  sort: choice('sort', STOCK_SORTS).default('days'),
  order: choice('order', ['asc', 'desc'] as const).default('desc'),
  band: choice(
    'band',
    RATING_BANDS.map((band) => band.name),
  ).optional(),
  bucket: choice(
    'bucket',
    AGEING_BUCKETS.map((bucket) => bucket.id),
  ).optional(),
  position: choice('position', PRICE_POSITIONS).optional(),
  limit: z.coerce
    .number({ error: 'limit is a whole number from 1 to 2000.' })
    .int('limit is a whole number from 1 to 2000.')
    .min(1, 'limit is a whole number from 1 to 2000.')
    .max(2000, 'limit is a whole number from 1 to 2000.')
    .default(2000),
  /** Which `limit`-sized page of the sorted, filtered list (the console shows 100 cars a page). */
  page: z.coerce
    .number({ error: 'page is a whole number from 1 to 2000.' })
    .int('page is a whole number from 1 to 2000.')
    .min(1, 'page is a whole number from 1 to 2000.')
    .max(2000, 'page is a whole number from 1 to 2000.')
    .default(1),
});
export type StockInsightsQuery = z.infer<typeof StockInsightsQuerySchema>;

export const OverviewQuerySchema = z.object({ dealership: DealershipSlugSchema.optional() });
export type OverviewQuery = z.infer<typeof OverviewQuerySchema>;

/** A car id in a path: anything else reads as an unknown car (404), as another dealership's does. */
export const CarIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
