/** Stars drawn for a rating: up to 4 full stars plus a partial one (spec 001 §5 'Reviews'). */
export const MAX_FULL_STARS = 4;
export const STAR_COUNT = 5;

export interface StarRating {
  /** The rating to 1 decimal, as printed: '4.7'. */
  text: string;
  /** Fill of each of the 5 stars, 0 to 1: full stars first (at most 4), then the partial one, then empty. */
  fills: number[];
}

/**
 * A 0-5 rating as stars: 4.7 is four full stars and a fifth filled 0.7; 5 is four full stars and a
 * full fifth. The fill is of the rating rounded to 1 decimal, so the stars agree with the number.
 */
export function starRating(rating: number | null | undefined): StarRating {
  const value = Math.min(
    STAR_COUNT,
    Math.max(0, Number.isFinite(rating) ? Math.round((rating as number) * 10) / 10 : 0),
  );
  const full = Math.min(MAX_FULL_STARS, Math.floor(value));
  const partial = Math.round((value - full) * 10) / 10;
  const fills = Array.from({ length: STAR_COUNT }, (_, index) => (index < full ? 1 : index === full ? partial : 0));
  return { text: value.toFixed(1), fills };
}

export interface ReviewsVisibilityConfig {
  minimum_rating: number;
  hidden: boolean;
}

/** Reviews show only when the average exceeds the configured minimum (4) and they are not hidden. */
export function reviewsVisible(averageRating: number | null | undefined, config: ReviewsVisibilityConfig): boolean {
  if (config.hidden || averageRating == null || !Number.isFinite(averageRating)) return false;
  return averageRating > config.minimum_rating;
}
