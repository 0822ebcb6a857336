import type { LocationView } from '@/lib/locations/location-view';
import { MAP_IMAGE_WIDTH, mapImageUrl } from '@/lib/media/image-url';
import styles from './locations.module.css';

/**
 * A location's map: an embedded map when the site has a maps key; otherwise the location's image
 * (a static picture, sized so nothing shifts) with the Get Directions link beside it; with neither,
 * an address card with Get Directions, so no card shows an empty box.
 */
export function LocationMap({ location, large = false }: { location: LocationView; large?: boolean }) {
  if (location.mapEmbedSrc) {
    return (
      <iframe
        className={large ? styles.mapLarge : styles.map}
        src={location.mapEmbedSrc}
        title={`Map of ${location.name}`}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
    );
  }
  return (
    <div className={large ? styles.mapLarge : styles.map}>
      {location.image ? (
        // Static image: 600 wide at quality 75 (spec 001 §9), lazy below the fold.
        <img
          src={mapImageUrl(location.image.src)}
          alt={location.image.alt}
          width={MAP_IMAGE_WIDTH}
          height={large ? 462 : 338}
          loading="lazy"
          className={styles.mapImage}
        />
      ) : (
        <AddressCard location={location} />
      )}
    </div>
  );
}

function AddressCard({ location }: { location: LocationView }) {
  return (
    <div className={styles.addressCard}>
      <span className={styles.addressCardPin} aria-hidden="true" />
      <p className={styles.addressCardText}>{location.address ?? location.city ?? location.name}</p>
      {location.directionsHref && (
        <a href={location.directionsHref} target="_blank" rel="noopener noreferrer" className="button button-secondary">
          Get Directions<span className="visually-hidden"> to {location.name} (opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}
