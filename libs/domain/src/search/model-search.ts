import { z } from 'zod';

/**
 * The model directory search's body (spec 000 'model search filters: manufacturer.name,
 * model.name, model.body'), 21 a page. One schema for the api that validates it and the web that
 * sends it, so a body the web builds is never one the api refuses.
 */
export const ModelSearchSchema = z.strictObject({
  make: z.string().trim().min(1).max(100).optional(),
  model: z.string().trim().min(1).max(100).optional(),
  body: z.string().trim().min(1).max(100).optional(),
  page: z.int().min(1, 'page starts at 1').default(1),
});
export type ModelSearch = z.output<typeof ModelSearchSchema>;
export type ModelSearchInput = z.input<typeof ModelSearchSchema>;
