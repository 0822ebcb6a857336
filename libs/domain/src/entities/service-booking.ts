import { z } from 'zod';

export const ServiceBookingEntrySchema = z.object({
  name: z.string(),
  make: z.string().nullish(),
  url: z.string(),
});
export type ServiceBookingEntry = z.infer<typeof ServiceBookingEntrySchema>;
