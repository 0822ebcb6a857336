import { z } from 'zod';
import { FeedIntSchema, FeedNumberSchema } from './primitives';

/**
 * One review as the site API answers it. The specification names no fields of a single review;
 * these are what a Google review carries and what the reviews block shows.
 */
export const ReviewSchema = z.object({
  id: z.string(),
  author_name: z.string(),
  rating: z.int().min(1).max(5),
  text: z.string(),
  published_at: z.iso.datetime({ offset: true }),
  author_photo_url: z.string().nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewsSummarySchema = z.object({
  reviews: z.array(ReviewSchema),
  count: FeedIntSchema.pipe(z.int().nonnegative()),
  average_rating: FeedNumberSchema.pipe(z.number().min(0).max(5)).nullable(),
});
export type ReviewsSummary = z.infer<typeof ReviewsSummarySchema>;
