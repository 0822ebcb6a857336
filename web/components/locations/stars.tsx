import { starRating } from '@platform/domain';
import styles from './locations.module.css';

/** A rating as 5 stars (up to 4 full plus a partial) and its number to 1 decimal. */
export function Stars({ rating, count }: { rating: number; count?: number | null }) {
  const { text, fills } = starRating(rating);
  return (
    <span className={styles.rating}>
      <span className={styles.stars} role="img" aria-label={`Rated ${text} out of 5`}>
        {fills.map((fill, index) => (
          <span key={index} className={styles.star} data-fill={fill}>
            <span className={styles.starFill} style={{ width: `${fill * 100}%` }} />
          </span>
        ))}
      </span>
      <span className={styles.ratingText}>{text}</span>
      {count != null && count > 0 && (
        <span className={styles.ratingCount}>({count.toLocaleString('en-AU')} reviews)</span>
      )}
    </span>
  );
}
