import { z } from 'zod';
import { IdSchema } from './primitives';

export const SlideSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string().nullish(),
  url: z.string().nullish(),
  hide_overlay: z.boolean().nullish(),
});
export type Slide = z.infer<typeof SlideSchema>;
