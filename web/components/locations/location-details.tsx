import type { LocationView } from '@/lib/locations/location-view';
import { OpeningHoursList } from './opening-hours-list';
import styles from './locations.module.css';

/** Address, opening hours, phone, website and licence of one location (spec 000 screen 1, spec 001 screen 5). */
export function LocationDetails({ location, headingLevel = 3 }: { location: LocationView; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className={styles.details}>
      <Heading className={styles.locationName}>
        <a href={location.pageHref}>{location.name}</a>
      </Heading>
      {location.address && <address className={styles.address}>{location.address}</address>}
      <dl className={styles.contact}>
        {location.phone && (
          <>
            <dt>Phone</dt>
            <dd>{location.phoneHref ? <a href={location.phoneHref}>{location.phone}</a> : location.phone}</dd>
          </>
        )}
        {location.landline && (
          <>
            <dt>Landline</dt>
            <dd>
              {location.landlineHref ? <a href={location.landlineHref}>{location.landline}</a> : location.landline}
            </dd>
          </>
        )}
      </dl>
      <OpeningHoursList lines={location.hours} label={`Opening hours of ${location.name}`} />
      <p className={styles.meta}>
        {location.licence && <span>{location.licence}</span>}
        {location.repairer && <span>{location.repairer}</span>}
      </p>
      <p className={styles.links}>
        {location.websiteHref && (
          <a href={location.websiteHref} target="_blank" rel="noopener noreferrer">
            Visit Website<span className="visually-hidden"> of {location.name} (opens in a new tab)</span>
          </a>
        )}
        {location.directionsHref && (
          <a href={location.directionsHref} target="_blank" rel="noopener noreferrer">
            Get Directions<span className="visually-hidden"> to {location.name} (opens in a new tab)</span>
          </a>
        )}
      </p>
    </div>
  );
}
