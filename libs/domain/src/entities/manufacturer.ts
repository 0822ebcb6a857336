import { z } from 'zod';
import { LogoSchema } from './image';
import { IdSchema } from './primitives';

export const ManufacturerSchema = z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string(),
  logo: LogoSchema.nullish(),
});
export type Manufacturer = z.infer<typeof ManufacturerSchema>;
