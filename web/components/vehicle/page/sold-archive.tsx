import { SOLD_HEADING, SOLD_MESSAGE } from '@platform/domain';
import { Breadcrumbs } from '@/components/search/breadcrumbs';
import { carBreadcrumbs } from '@/lib/vehicle/car-details';
import styles from '@/components/vehicle/vehicle.module.css';
import { SimilarSection } from './similar-section';
import type { VehicleContext } from './vehicle-data';

/** After a sold car's listing window: noindex (see the page's metadata), the SOLD message and similar cars instead of its details. */
export function SoldArchive({ siteSlug, page, now }: VehicleContext & { now: Date }) {
  const { car, config } = page;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs crumbs={carBreadcrumbs(car, config.wording.used_label)} />
      <div className={styles.sold} data-testid="sold-message">
        <h1 className={styles.title}>{car.name}</h1>
        <p className={styles.soldHeading}>{SOLD_HEADING}</p>
        <p>{SOLD_MESSAGE}</p>
      </div>
      <SimilarSection siteSlug={siteSlug} page={page} now={now} />
    </div>
  );
}
