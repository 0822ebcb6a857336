import { z } from 'zod';
import { FeedIntSchema, FeedNumberSchema } from './primitives';

// The specification lists no fields of a single review, so they pass through untyped.
export const ReviewSchema = z.looseObject({});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewsSummarySchema = z.object({
  reviews: z.array(ReviewSchema),
  count: FeedIntSchema.pipe(z.int().nonnegative()),
  average_rating: FeedNumberSchema.pipe(z.number().min(0).max(5)).nullable(),
});
export type ReviewsSummary = z.infer<typeof ReviewsSummarySchema>;
