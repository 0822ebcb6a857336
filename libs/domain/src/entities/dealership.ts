import { z } from 'zod';
import { LogoSchema } from './image';
import { LocationSchema } from './location';
import { FeedIntSchema, FeedNumberSchema, IdSchema } from './primitives';

export const DEFAULT_INCLUDE_SOLD_CARS_DAYS = 3;

export const DealershipSchema = z.object({
  id: IdSchema,
  slug: z.string(),
  name: z.string(),
  locations: z.array(LocationSchema).optional(),
  manufacturer_id: IdSchema.nullish(),
  logo: LogoSchema.nullish(),
  override_city: z.string().nullish(),
  // Days a sold car stays listed after its sold date.
  include_sold_cars_days: FeedIntSchema.pipe(z.int().nonnegative()).default(DEFAULT_INCLUDE_SOLD_CARS_DAYS),
  average_rating: FeedNumberSchema.nullish(),
  review_count: FeedIntSchema.nullish(),
});
export type Dealership = z.infer<typeof DealershipSchema>;

export const DealershipWebsiteSchema = z.object({
  name: z.string(),
  slug: z.string(),
  make: z.string().nullish(),
  url: z.string(),
  logo: LogoSchema.nullish(),
});
export type DealershipWebsite = z.infer<typeof DealershipWebsiteSchema>;
