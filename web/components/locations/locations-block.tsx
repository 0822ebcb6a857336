import type { CSSProperties } from 'react';
import {
  locationCarouselColumns,
  locationGridColumns,
  locationsBlockVariant,
  selectBlockLocations,
  swipeHintShown,
} from '@platform/domain';
import { Carousel, CarouselItem } from '@/components/carousel/carousel';
import type { SiteView } from '@/lib/api';
import { locationView, visibleLocations, type LocationView } from '@/lib/locations/location-view';
import { LocationCard, LocationSummary } from './location-card';
import { LocationMap } from './location-map';
import styles from './locations-block.module.css';

/**
 * The locations block (spec 001 screens 4 and 5), as the site's locations_block configuration says:
 * the primary location, one by id or a filtered list; one location as a map and contact card (or
 * the large location hero), several as a card grid or the 'Our Locations' carousel with a Swipe hint.
 */
export function LocationsBlock({ site }: { site: SiteView }) {
  const settings = site.config.locations_block;
  const selected = selectBlockLocations(visibleLocations(site), settings, site.config.locations.city_order);
  const locations = selected.map((location) => locationView(location, site));
  const variant = locationsBlockVariant(locations.length, settings.layout, settings.single_display);
  if (variant === 'none') return null;
  const headingId = 'locations-block-title';
  const heading = (
    <h2 id={headingId} className={styles.title}>
      {settings.title}
    </h2>
  );

  if (variant === 'single' || variant === 'hero') {
    const [location] = locations as [LocationView];
    return (
      <section className={`container ${styles.section}`} aria-labelledby={headingId} data-variant={variant}>
        {heading}
        {variant === 'hero' ? (
          <LocationHero location={location} />
        ) : (
          <div className={styles.single}>
            <LocationMap location={location} />
            <LocationCard location={location} />
          </div>
        )}
      </section>
    );
  }

  if (variant === 'grid') {
    const style = { '--location-columns': locationGridColumns(locations.length) } as CSSProperties;
    return (
      <section className={`container ${styles.section}`} aria-labelledby={headingId} data-variant="grid">
        {heading}
        <ul className={styles.grid} style={style} data-columns={locationGridColumns(locations.length)}>
          {locations.map((location) => (
            <li key={location.id}>
              <LocationCard location={location} />
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const hint = swipeHintShown(locations.length);
  return (
    <section className={`container ${styles.section}`} aria-labelledby={headingId} data-variant="carousel">
      <div className={styles.carouselHeader}>
        {heading}
        <p className={hint === 'always' ? styles.swipe : `${styles.swipe} ${styles.swipeSmallOnly}`} aria-hidden="true">
          Swipe <span className={styles.swipeArrow}>→</span>
        </p>
      </div>
      <Carousel label={settings.title} labelledBy={headingId} perView={locationCarouselColumns(locations.length)}>
        {locations.map((location) => (
          <CarouselItem key={location.id}>
            <LocationCard location={location} />
          </CarouselItem>
        ))}
      </Carousel>
    </section>
  );
}

/** The large location hero with map (spec 001 screen 5). */
export function LocationHero({ location }: { location: LocationView }) {
  return (
    <div className={styles.hero}>
      <LocationMap location={location} large />
      <div className={styles.heroText}>
        <LocationSummary location={location} />
      </div>
    </div>
  );
}
