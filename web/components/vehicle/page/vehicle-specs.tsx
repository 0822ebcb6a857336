import { DEALER_COMMENTS_PENDING, dealerTextParagraphs, KEY_SPECS_INITIAL, videoSlide } from '@platform/domain';
import { ExpandableList } from '@/components/vehicle/expandable';
import { VideoPlayer } from '@/components/vehicle/gallery';
import type { CarPage } from '@/lib/api/cars';
import { allSpecs, caravanSpecs, keySpecs, vehicleDetails } from '@/lib/vehicle/car-details';
import styles from '@/components/vehicle/vehicle.module.css';
import { Description, FeatureList, SpecGrid, specItems } from './spec-list';

/** What the car is (spec 000 §7): key information and video, dealer text, every specification, features and the details card. */
export function VehicleSpecs({ page }: { page: CarPage }) {
  const { car, location } = page;
  const video = videoSlide(car.video_url ?? car.external_video_url);
  const comments = dealerTextParagraphs(car.dealercomments);
  const description = car.description ? dealerTextParagraphs(car.description) : [];
  const caravan = caravanSpecs(car);
  return (
    <>
      <section className={styles.section} aria-labelledby="key-info">
        <h2 id="key-info">Key information</h2>
        <SpecGrid rows={keySpecs(car).slice(0, KEY_SPECS_INITIAL)} />
        {video && (
          <div className={styles.videoSection}>
            <h3>Video</h3>
            <div className={styles.videoFrame}>
              <VideoPlayer video={video} name={car.name} active />
            </div>
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="dealer-comments">
        <h2 id="dealer-comments">Dealer Comments</h2>
        {comments.length === 0 ? (
          <p className={styles.muted}>{DEALER_COMMENTS_PENDING}</p>
        ) : (
          <Description paragraphs={comments} />
        )}
      </section>

      {description.length > 0 && (
        <section className={styles.section} aria-labelledby="description">
          <h2 id="description">Description</h2>
          <Description paragraphs={description} />
        </section>
      )}

      <section className={styles.section} aria-labelledby="all-specs">
        <h2 id="all-specs">All Specifications</h2>
        <ExpandableList
          as="dl"
          className={styles.specs}
          initial={KEY_SPECS_INITIAL}
          moreLabel="Show All Specs"
          lessLabel="Hide Specs"
          items={specItems(allSpecs(car))}
        />
      </section>

      {caravan.length > 0 && (
        <section className={styles.section} aria-labelledby="caravan-specs">
          <h2 id="caravan-specs">Caravan Specifications</h2>
          <SpecGrid rows={caravan} />
        </section>
      )}

      <FeatureList id="features" title="Features" items={car.features ?? []} />
      <FeatureList id="standard-equipment" title="Standard Equipment" items={car.standardEquipment ?? []} />

      <section className={styles.card} aria-labelledby="vehicle-details">
        <h2 id="vehicle-details">Vehicle Details</h2>
        <SpecGrid
          rows={vehicleDetails(car, {
            location: location?.name ?? car.location?.name,
            dealerLicence: location?.dealer_license_number,
          })}
        />
      </section>
    </>
  );
}
