import type { DealershipSummary, LocationSummary } from '@/lib/api';
import styles from './dealership-list.module.css';

const TYPE_LABEL: Record<LocationSummary['type'], string> = {
  sales: 'Sales',
  used: 'Used cars',
  service: 'Service',
  parts: 'Parts',
};

/** The site's dealerships and their locations: name, city and a phone number to call. */
export function DealershipList({
  dealerships,
  otherLocations,
}: {
  dealerships: DealershipSummary[];
  otherLocations: LocationSummary[];
}) {
  const groups = dealerships.filter((dealership) => dealership.locations.length > 0);
  if (groups.length === 0 && otherLocations.length === 0) return null;

  return (
    <section className={`container ${styles.section}`} aria-labelledby="dealerships-title">
      <h2 id="dealerships-title" className={styles.title}>
        Our dealerships
      </h2>
      <ul className={styles.grid}>
        {groups.map((dealership) => (
          <li key={dealership.id} className={styles.card}>
            <h3 className={styles.name}>{dealership.name}</h3>
            <LocationLines locations={dealership.locations} />
          </li>
        ))}
        {otherLocations.length > 0 && (
          <li className={styles.card}>
            <h3 className={styles.name}>Other locations</h3>
            <LocationLines locations={otherLocations} />
          </li>
        )}
      </ul>
    </section>
  );
}

function LocationLines({ locations }: { locations: LocationSummary[] }) {
  return (
    <ul className={styles.locations}>
      {locations.map((location) => (
        <li key={location.id} className={styles.location}>
          <span className={styles.locationName}>{location.name}</span>
          <span className={styles.meta}>
            {TYPE_LABEL[location.type]}
            {location.city && <> · {location.city}</>}
          </span>
          {location.phone && location.phoneHref && (
            <a href={location.phoneHref} className={styles.phone}>
              <span className="visually-hidden">Call {location.name} on </span>
              {location.phone}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
