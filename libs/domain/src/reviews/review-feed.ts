import { z } from 'zod';

/** At most this many reviews per push: a source sends its newest, the site shows 12 by default. */
export const REVIEW_PUSH_MAX = 100;
export const REVIEW_TEXT_MAX = 4000;

// Control characters (other than tab and line breaks) break layouts and logs; runs of blank lines
// are collapsed so one review cannot push the block down the page.
const plainText = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * One review as a review source (Google Business Profile, or a reputation tool exporting it)
 * pushes it. Text is plain text: it is stored as sent and always rendered as text, never as HTML.
 */
export const ReviewPushItemSchema = z.strictObject({
  id: z
    .string({ error: 'id is required: the source’s own id of the review' })
    .trim()
    .min(1, 'id must not be empty')
    .max(200, 'id must be at most 200 characters'),
  author_name: z
    .string({ error: 'author_name is required' })
    .trim()
    .min(1, 'author_name must not be empty')
    .max(120, 'author_name must be at most 120 characters'),
  rating: z
    .int({ error: 'rating must be a whole number of stars, 1 to 5' })
    .min(1, 'rating must be 1 to 5')
    .max(5, 'rating must be 1 to 5'),
  text: z
    .string()
    .max(REVIEW_TEXT_MAX, `text must be at most ${REVIEW_TEXT_MAX} characters`)
    .transform(plainText)
    .default(''),
  published_at: z.iso.datetime({
    offset: true,
    error: 'published_at must be an ISO 8601 date-time, e.g. 2026-10-01T09:30:00+10:00',
  }),
  author_photo_url: z
    .url({ protocol: /^https$/, error: 'author_photo_url must be an https URL' })
    .max(2000)
    .nullable()
    .default(null),
});
export type ReviewPushItem = z.output<typeof ReviewPushItemSchema>;

/**
 * A location's reviews from its source: the summary (average over every review, and how many
 * there are) and the newest reviews. Each push replaces the location's reviews from that source.
 */
export const ReviewPushSchema = z
  .strictObject({
    average_rating: z
      .number({ error: 'average_rating must be a number from 1 to 5, or null when there are no reviews' })
      .min(1)
      .max(5)
      .nullable(),
    review_count: z
      .int({ error: 'review_count must be the total number of reviews (a whole number)' })
      .nonnegative('review_count must be 0 or more'),
    reviews: z
      .array(ReviewPushItemSchema)
      .max(REVIEW_PUSH_MAX, `Send at most ${REVIEW_PUSH_MAX} reviews, the newest first`),
  })
  .superRefine((push, ctx) => {
    const seen = new Map<string, number>();
    push.reviews.forEach((review, index) => {
      const first = seen.get(review.id);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['reviews', index, 'id'],
          message: `Duplicate id '${review.id}' (also reviews.${first}.id)`,
        });
      else seen.set(review.id, index);
    });
    if (push.review_count < push.reviews.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['review_count'],
        message: `review_count (${push.review_count}) is less than the ${push.reviews.length} reviews sent`,
      });
    }
    if ((push.average_rating === null) !== (push.review_count === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['average_rating'],
        message: 'average_rating is null exactly when review_count is 0',
      });
    }
  });
export type ReviewPush = z.output<typeof ReviewPushSchema>;
