import Link from 'next/link';
import { slugify } from '@platform/domain';
import { ResultCard } from '@/components/search/result-card';
import { getSite } from '@/lib/api';
import { getSimilarCars } from '@/lib/api/cars';
import { carConfigOf } from '@/lib/search/dealership-configs';
import { Carousel } from './carousel-controls';
import styles from './vehicle.module.css';

/** Placeholders while the similar cars load (spec 000 §9: 6). */
export const SIMILAR_SKELETONS = 6;

export function SimilarVehiclesSkeleton() {
  return (
    <section className={styles.similar} aria-labelledby="similar-title" aria-busy="true">
      <h2 id="similar-title">Similar Vehicles</h2>
      <div className={styles.carouselTrack}>
        {Array.from({ length: SIMILAR_SKELETONS }, (_, i) => (
          <div key={i} className={styles.skeleton} data-testid="similar-skeleton" />
        ))}
      </div>
    </section>
  );
}

/** Similar vehicles (spec 000 §4, §7): up to 6 hits, or a search of the make and model when there are none. */
export async function SimilarVehicles({
  siteSlug,
  carSlug,
  make,
  model,
  now,
}: {
  siteSlug: string;
  carSlug: string;
  make: string;
  model: string;
  now: Date;
}) {
  const [hits, site] = await Promise.all([
    getSimilarCars(siteSlug, carSlug).catch((error: Error) => {
      console.warn(`[vehicle] similar cars for ${carSlug} unavailable: ${error.message}`); // eslint-disable-line no-console
      return [];
    }),
    getSite(siteSlug),
  ]);
  // Each similar car may belong to another dealership of the site: its card follows that dealership.
  const configOf = carConfigOf(site);
  return (
    <section className={styles.similar} aria-labelledby="similar-title">
      <h2 id="similar-title">Similar Vehicles</h2>
      {hits.length > 0 ? (
        <Carousel label="Similar vehicles">
          {hits.map((hit) => (
            <div key={hit.id} className={styles.carouselItem}>
              <ResultCard car={hit} config={configOf(hit)} priority={false} now={now} />
            </div>
          ))}
        </Carousel>
      ) : (
        <p>
          <Link href={`/search/${slugify(make)}/${slugify(model)}`} prefetch={false}>
            Search more {make} {model} vehicles
          </Link>
        </p>
      )}
    </section>
  );
}
