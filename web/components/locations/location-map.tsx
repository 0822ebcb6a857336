import type { LocationView } from '@/lib/locations/location-view';
import styles from './locations.module.css';

/**
 * A location's map: an embedded map when the site has a maps key; otherwise the location's image
 * (a static picture, sized so nothing shifts) with the Get Directions link beside it.
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
        // Static image: 600 wide (spec 001 §9 map image width), lazy below the fold.
        <img src={location.image.src} alt={location.image.alt} width={600} height={large ? 462 : 338} loading="lazy" className={styles.mapImage} />
      ) : (
        <span className={styles.mapPlaceholder} aria-hidden="true">
          {location.city ?? location.name}
        </span>
      )}
    </div>
  );
}
