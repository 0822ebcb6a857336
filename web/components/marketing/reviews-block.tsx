import { reviewsVisible, type Review, type SiteConfig } from '@platform/domain';
import { Stars } from '@/components/locations/stars';
import styles from './marketing.module.css';

interface ReviewsBlockProps {
  name: string;
  rating: number | null;
  count: number | null;
  /** The newest Google reviews, already limited to the configured number (12). */
  reviews: Review[];
  /** The location's Google Maps page, where every review can be read. */
  moreHref: string | null;
  timeZone: string;
  config: SiteConfig['reviews'];
}

/**
 * The reviews block (spec 001 screen 6): only when the average exceeds the configured minimum (4)
 * and reviews are not hidden. Anchored at #reviews. Review text is rendered as text, never as HTML.
 */
export function ReviewsBlock({ name, rating, count, reviews, moreHref, timeZone, config }: ReviewsBlockProps) {
  if (!reviewsVisible(rating, config) || rating == null) return null;
  const date = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  return (
    <section id="reviews" className={styles.reviews} aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      <p>
        <Stars rating={rating} count={count} />
      </p>
      <p className={styles.muted}>Google reviews of {name}</p>
      {reviews.length > 0 && (
        <ul className={styles.reviewList} aria-label={`Latest reviews of ${name}`}>
          {reviews.map((review) => (
            <li key={review.id} className={styles.review}>
              <article aria-label={`Review by ${review.author_name}`}>
                <p className={styles.reviewAuthor}>{review.author_name}</p>
                <Stars rating={review.rating} />
                <p className={styles.muted}>
                  <time dateTime={review.published_at}>{date.format(new Date(review.published_at))}</time>
                </p>
                {review.text && <p className={styles.reviewText}>{review.text}</p>}
              </article>
            </li>
          ))}
        </ul>
      )}
      {moreHref && (
        <p>
          <a href={moreHref} target="_blank" rel="noopener noreferrer">
            Read all reviews on Google<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}
