import { z } from 'zod';

/** The dealer card every answer carries, so the shopper always knows whose site it is and lands there. */
export const DealerSchema = z.object({
  name: z.string(),
  website: z.string(),
});
