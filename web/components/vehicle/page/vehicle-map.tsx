import { LocationMap } from '@/components/locations/location-map';
import { getSite } from '@/lib/api';
import { locationView } from '@/lib/locations/location-view';
import styles from '@/components/vehicle/vehicle.module.css';
import type { VehicleContext } from './vehicle-data';

/**
 * Where the car is (spec 000: the #vehicle-map anchor): its location's address and Get Directions,
 * and the embedded map where the site has a maps key. Without one there is no map: the location's
 * picture (on the demo sites its group's logo) says nothing about where the car is, so the card
 * keeps to the address and the directions link. A car with no location has no section.
 */
export async function VehicleMap({ siteSlug, page }: VehicleContext) {
  const id = page.location?.id ?? page.car.location_id;
  if (id == null) return null;
  const site = await getSite(siteSlug);
  const location = site.source.locations.find((entry) => entry.id === id);
  if (!location) return null;
  const view = locationView(location, site);
  return (
    <section id="vehicle-map" className={styles.card} aria-labelledby="vehicle-map-title">
      <h2 id="vehicle-map-title">Vehicle Location</h2>
      <p>
        <strong>{view.name}</strong>
        {view.address && (
          <>
            <br />
            {view.address}
          </>
        )}
      </p>
      {view.mapEmbedSrc && <LocationMap location={view} />}
      {view.directionsHref && (
        <p>
          <a href={view.directionsHref} target="_blank" rel="noopener noreferrer" className={styles.secondaryButton}>
            Get Directions<span className="visually-hidden"> to {view.name} (opens in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}
