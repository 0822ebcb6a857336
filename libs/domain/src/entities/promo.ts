import { z } from 'zod';
import { CarTypeSchema } from './car';
import { FeedIntSchema } from './primitives';

const DateOrDateTimeSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

// Car types a promo or banner is shown for (the car-type display filter).
export const DisplayFilterSchema = z.array(CarTypeSchema);
export type DisplayFilter = z.infer<typeof DisplayFilterSchema>;

export const PromoNodeSchema = z.object({
  start: DateOrDateTimeSchema.nullish(),
  expiry: DateOrDateTimeSchema.nullish(),
  position: FeedIntSchema.pipe(z.int().positive()).nullish(),
  display: DisplayFilterSchema.nullish(),
  strictDisplay: z.boolean().nullish(),
  node: z.unknown(), // content rendered in the results grid; the domain does not inspect it
});
export type PromoNode = z.infer<typeof PromoNodeSchema>;

export const BannerSchema = z.object({
  image: z.string(),
  alt: z.string().nullish(),
  background: z.string().nullish(),
  display: DisplayFilterSchema.nullish(),
  strictDisplay: z.boolean().nullish(),
});
export type Banner = z.infer<typeof BannerSchema>;
