import { z } from 'zod';
import { FeedNumberSchema, FeedStringSchema, IdSchema } from './primitives';

export const AddressSchema = z.object({
  id: IdSchema.nullish(),
  street: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  postcode: FeedStringSchema.nullish(),
  place_url: z.string().nullish(),
  place_id: z.string().nullish(),
  lat: FeedNumberSchema.nullish(),
  long: FeedNumberSchema.nullish(),
  map_key: z.string().nullish(),
});
export type Address = z.infer<typeof AddressSchema>;
