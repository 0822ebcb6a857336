import type { LocationView } from '@/lib/locations/location-view';
import { LocationDetails } from './location-details';
import { Stars } from './stars';
import styles from './locations-block.module.css';

/**
 * A location card (spec 001 screen 5): name, address, phone, landline, hours, licence numbers,
 * rating (only where the reviews rule allows it), and the Get Directions and contact buttons.
 */
export function LocationCard({ location }: { location: LocationView }) {
  return (
    <article className={styles.card} aria-label={location.name}>
      <LocationSummary location={location} />
    </article>
  );
}

/** What a card and the location hero both show: details, rating and the contact button. */
export function LocationSummary({ location }: { location: LocationView }) {
  return (
    <>
      <LocationDetails location={location} headingLevel={3} />
      {location.showRating && location.rating != null && (
        <Stars rating={location.rating} count={location.reviewCount} />
      )}
      <p className={styles.cardActions}>
        <a href={location.action.href} className="button button-primary">
          {location.action.label}
          <span className="visually-hidden"> at {location.name}</span>
        </a>
      </p>
    </>
  );
}
