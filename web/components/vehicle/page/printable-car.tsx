import { addressLine, dealerTextParagraphs, formatDollars, SOLD_HEADING } from '@platform/domain';
import type { CarPage } from '@/lib/api/cars';
import { allSpecs, caravanSpecs, vehicleDetails } from '@/lib/vehicle/car-details';
import styles from './printable-car.module.css';
import { SpecGrid } from './spec-list';
import { galleryImages } from './vehicle-data';
import { PrintNowButton } from './print-now-button';
import type { StoredPhoto } from '@platform/domain';
import { carPhotoAttributes } from '@/lib/media/car-photo';

/**
 * A car as one printable sheet (spec 000 route /print?car_id=): the photo, price, every
 * specification, features, the dealer's comments and where to find the car. It is the HTML
 * beside the PDF: what a shopper prints from the browser or keeps as a page.
 */
function PrintPhoto({ src, photo, alt }: { src: string; photo: StoredPhoto | null; alt: string }) {
  const attributes = carPhotoAttributes(src, photo, 'gallery');
  if (!attributes)
    return (
      <div
        className={`${styles.photo} ${styles.placeholder}`}
        data-testid="photo-placeholder"
        role="img"
        aria-label={`${alt} (photo coming soon)`}
      />
    );
  return (
    <img
      className={styles.photo}
      src={attributes.src}
      srcSet={attributes.srcSet}
      sizes="(min-width: 48rem) 40rem, 100vw"
      alt={alt}
    />
  );
}

export function PrintableCar({ page }: { page: CarPage }) {
  const { car, derived, dealership, location } = page;
  const photo = galleryImages(car)[0];
  const comments = dealerTextParagraphs(car.dealercomments);
  const caravan = caravanSpecs(car);
  const features = car.features ?? [];
  const address = addressLine(location?.address);
  return (
    <article className={styles.sheet} aria-labelledby="printable-title">
      <div className={styles.actions} data-print-hide>
        <PrintNowButton />
        <a href={`/cars/${car.slug}`}>Back to the vehicle page</a>
      </div>
      <header className={styles.head}>
        <h1 id="printable-title">{car.name}</h1>
        <p className={styles.price} data-testid="printable-price">
          {derived.sold_display ? SOLD_HEADING : derived.price.text}
          {!derived.sold_display && derived.price.was !== null && (
            <>
              {' '}
              <s>
                <span className="visually-hidden">Was </span>
                {formatDollars(derived.price.was)}
              </s>
            </>
          )}
        </p>
      </header>
      {photo && (
        // A plain img: the sheet prints the stored photo (a placeholder box while it is not stored), without the gallery's client code.
        <PrintPhoto src={photo.src} photo={photo.photo} alt={car.name} />
      )}
      <section aria-labelledby="printable-specs">
        <h2 id="printable-specs">Specifications</h2>
        <SpecGrid rows={allSpecs(car)} />
      </section>
      {caravan.length > 0 && (
        <section aria-labelledby="printable-caravan">
          <h2 id="printable-caravan">Caravan Specifications</h2>
          <SpecGrid rows={caravan} />
        </section>
      )}
      {features.length > 0 && (
        <section aria-labelledby="printable-features">
          <h2 id="printable-features">Features</h2>
          <ul className={styles.features}>
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      )}
      {comments.length > 0 && (
        <section aria-labelledby="printable-comments">
          <h2 id="printable-comments">Dealer Comments</h2>
          {comments.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      )}
      <section aria-labelledby="printable-dealer">
        <h2 id="printable-dealer">{dealership.name}</h2>
        <SpecGrid
          rows={vehicleDetails(car, {
            location: location?.name ?? car.location?.name,
            dealerLicence: location?.dealer_license_number,
          })}
        />
        {address && <p>{address}</p>}
        {derived.phone && <p>Phone {derived.phone.display}</p>}
      </section>
    </article>
  );
}
