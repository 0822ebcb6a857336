import { LocationMap } from '@/components/locations/location-map';
import { getSite } from '@/lib/api';
import { locationView } from '@/lib/locations/location-view';
import styles from '@/components/vehicle/vehicle.module.css';
import type { VehicleContext } from './vehicle-data';

/**
 * Where the car is (spec 000: the #vehicle-map anchor): its location's map, drawn the way the
 * locations pages draw it (LocationMap: an embedded map with the site's maps key, else the static
 * picture at 600 wide and quality 75), its address and Get Directions. A car with no location has
 * no section.
 */
export async function VehicleMap({ siteSlug, page }: VehicleContext) {
  const id = page.location?.id ?? page.car.location_id;
  if (id == null) return null;
  const site = await getSite(siteSlug);
  const location = site.source.locations.find((entry) => entry.id === id);
  if (!location) return null;
  const view = locationView(location, site);
  // Without a map or picture, LocationMap draws an address card that carries its own directions link.
  const drawsMap = view.mapEmbedSrc !== null || view.image !== null;
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
      <LocationMap location={view} />
      {drawsMap && view.directionsHref && (
        <p>
          <a href={view.directionsHref} target="_blank" rel="noopener noreferrer" className={styles.secondaryButton}>
            Get Directions<span className="visually-hidden"> to {view.name} (opens in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}
