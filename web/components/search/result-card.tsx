import Link from 'next/link';
import { preload } from 'react-dom';
import {
  cardTag,
  carOffer,
  formatDollars,
  photoSrc,
  priceDisplay,
  type SearchHit,
  type SiteConfig,
} from '@platform/domain';
import { CertifiedBadge } from '@/components/vehicle/certified-badge';
import { carPhotoAttributes } from '@/lib/media/car-photo';
import { cardActions, carPath, showSaveButtons } from '@/lib/search/card-actions';
import { formatKm } from '@/lib/search/labels';
import { SaveButtons } from './save-buttons';
import styles from './result-card.module.css';

/** Card images are 4:3; width and height reserve the box so nothing shifts when the photo arrives. */
const IMAGE_WIDTH = 480;
const IMAGE_HEIGHT = 360;
const IMAGE_SIZES = '(min-width: 75rem) 22rem, (min-width: 48rem) 33vw, 100vw';
/** The favourites and compare lists draw a 240 px picture. */
const LIST_IMAGE_WIDTH = 480;

/** Wording of the market-price badge; the specification names the badge but not its text. */
export const MARKET_BADGE_LABEL = 'Below Market Price';

export interface ResultCardProps {
  car: SearchHit;
  /**
   * The configuration of the car's own dealership (carConfigOf), as the car's page reads it: on a
   * group site, reserve online and the market-price badge differ by dealership.
   */
  config: SiteConfig;
  /** The first cards' images load with priority (spec 000 §9: the first 2). */
  priority: boolean;
  /** 'now' for the new-arrival tag, fixed per request so the page renders consistently. */
  now: Date;
}

/** One search result (spec 000 screen 2, §4). */
export function ResultCard({ car, config, priority, now }: ResultCardProps) {
  const page = carPath(car.slug);
  // The first image, with its stored photo; a dealer photo not stored yet comes as PHOTO_PLACEHOLDER
  // and draws a placeholder box (carPhotoAttributes is null for it), one refused is not in the hit.
  const first = car.images.find((i) => i.url);
  const address = first?.url ?? car.primary_image_url;
  const stored = first ? (first.photo ?? null) : (car.primary_photo ?? null);
  const photo = address ? carPhotoAttributes(address, stored, 'card') : null;
  // The first cards' photos are the page's largest paint: asked for from the head, at the width the
  // browser will pick from the same srcset, not once the parser reaches the results below the filters.
  if (photo && priority)
    preload(photo.src, { as: 'image', imageSrcSet: photo.srcSet, imageSizes: IMAGE_SIZES, fetchPriority: 'high' });
  const price = priceDisplay(car, {
    noPriceText: config.wording.no_price_text,
    subscriptionEnabled: config.features.subscription_enabled,
  });
  const tag = cardTag(car, { now });
  const belowMarket = carOffer(car, config).marketBadge;
  const badgeLine = [car.badge, car.series].filter(Boolean).join(' ');
  const specs = [
    car.km != null ? { label: 'Odometer', value: formatKm(car.km) } : null,
    car.simple_transmission ? { label: 'Transmission', value: car.simple_transmission } : null,
    car.simple_fuel ? { label: 'Fuel', value: car.simple_fuel } : null,
  ].filter((spec): spec is { label: string; value: string } => spec !== null);
  const canSave =
    (config.features.favourites_enabled || config.features.compare_enabled) && showSaveButtons(car, config);

  return (
    <article className={styles.card} aria-labelledby={`car-${car.id}-title`} data-testid="result-card">
      <div className={styles.media}>
        {photo ? (
          <img
            className={styles.image}
            src={photo.src}
            srcSet={photo.srcSet}
            sizes={IMAGE_SIZES}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            alt={car.name}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding={priority ? 'sync' : 'async'}
          />
        ) : (
          <div className={styles.noImage} aria-hidden="true" data-testid={address ? 'photo-placeholder' : undefined} />
        )}
        {tag?.kind === 'certified' && tag.make ? (
          <CertifiedBadge make={tag.make} className={styles.certified} height={32} />
        ) : (
          tag && (
            <span className={`${styles.tag} ${tag.kind === 'sold' ? styles.tagSold : ''}`} data-tag={tag.kind}>
              {tag.label}
            </span>
          )
        )}
        {canSave && (
          <SaveButtons
            entry={{
              id: car.id,
              name: car.name,
              slug: car.slug,
              make: car.make,
              model: car.model,
              // The saved lists draw this picture later: the stored photo, never the dealer's address.
              primary_image_url: photoSrc(address, stored, LIST_IMAGE_WIDTH),
            }}
            favourites={config.features.favourites_enabled}
            compare={config.features.compare_enabled}
          />
        )}
      </div>
      <div className={styles.body}>
        <h3 id={`car-${car.id}-title`} className={styles.title}>
          <Link href={page} prefetch={false}>
            {car.name}
          </Link>
        </h3>
        {badgeLine && <p className={styles.badgeLine}>{badgeLine}</p>}
        {specs.length > 0 && (
          <dl className={styles.specs}>
            {specs.map((spec) => (
              <div key={spec.label}>
                <dt className="visually-hidden">{spec.label}</dt>
                <dd>{spec.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className={styles.price}>
          {price.was !== null && (
            <s className={styles.was}>
              <span className="visually-hidden">Was </span>
              {formatDollars(price.was)}
            </s>
          )}
          <span className={styles.amount} data-price-kind={price.kind}>
            {price.was !== null && <span className="visually-hidden">Now </span>}
            {price.text}
          </span>
          {belowMarket && <span className={styles.market}>{MARKET_BADGE_LABEL}</span>}
        </div>
        <ul className={styles.actions}>
          {cardActions(car, config).map((action) => (
            <li key={action.kind}>
              <Link
                href={action.href}
                prefetch={false}
                className={`${styles.action} ${action.kind === 'enquire' || action.kind === 'similar' ? styles.actionPrimary : ''}`}
                aria-label={action.kind === 'details' ? undefined : `${action.label}: ${car.name}`}
              >
                {action.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
