import { z } from 'zod';
import { ImageSchema } from './image';
import { ManufacturerSchema } from './manufacturer';
import { IdSchema } from './primitives';

export const OfferSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string().nullish(),
  disclaimer: z.string().nullish(),
  image_or_model_image: ImageSchema.nullish(),
  model: z.object({ slug: z.string(), name: z.string() }).nullish(),
  manufacturer: ManufacturerSchema.nullish(),
});
export type Offer = z.infer<typeof OfferSchema>;
