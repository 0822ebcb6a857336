import { reviewsVisible, type SiteConfig } from '@platform/domain';
import { Stars } from '@/components/locations/stars';
import styles from './marketing.module.css';

/**
 * The reviews block (spec 001 screen 6): only when the average exceeds the configured minimum (4)
 * and reviews are not hidden. Anchored at #reviews.
 */
export function ReviewsBlock({ name, rating, count, config }: { name: string; rating: number | null; count: number | null; config: SiteConfig['reviews'] }) {
  if (!reviewsVisible(rating, config) || rating == null) return null;
  return (
    <section id="reviews" className={styles.reviews} aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      <p>
        <Stars rating={rating} count={count} />
      </p>
      <p className={styles.muted}>Google reviews of {name}</p>
    </section>
  );
}
