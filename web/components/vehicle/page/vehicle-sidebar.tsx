import Link from 'next/link';
import {
  alertConsentWording,
  ANALYTICS_EVENT_ATTRIBUTE,
  ANALYTICS_EVENTS,
  COMPARISON_RATE_WARNING,
  comparisonRateRangeText,
  formatDollars,
  formatFinanceFee,
  formatRepayment,
  priceTypeLabel,
  type FinanceOffer,
  reserveDepositText,
  showFinanceCalculator,
  showWatchlistButton,
  signInPath,
  SOLD_HEADING,
  SOLD_MESSAGE,
  photoSrc,
} from '@platform/domain';
import { CertifiedBadge } from '@/components/vehicle/certified-badge';
import { ConsoleWarning } from '@/components/vehicle/console-warning';
import { PhoneReveal } from '@/components/vehicle/phone-reveal';
import { PrintButton } from '@/components/vehicle/print-button';
import { ShareButtons } from '@/components/vehicle/share-buttons';
import { SaveButtons } from '@/components/search/save-buttons';
import { WatchlistButton } from '@/components/vehicle/watchlist-button';
import { FollowButton } from '@/components/alerts/follow-button';
import type { CarPage } from '@/lib/api/cars';
import { getSite } from '@/lib/api/sites';
import { isExternalHref } from '@/lib/routes';
import { showSaveButtons } from '@/lib/search/card-actions';
import { dealerSearchHref } from '@/lib/search/dealer-filter';
import { FORM_ANCHORS } from '@/lib/vehicle/form-anchors';
import styles from '@/components/vehicle/vehicle.module.css';
import {
  galleryImages,
  testDriveSlotOptions,
  vehicleFinanceOffer,
  watchState,
  type VehicleContext,
} from './vehicle-data';

/**
 * The sidebar of a listed car (spec 000 screen 4): tag, title, price or the SOLD message, the
 * actions, the phone reveal and the tools. It reads the quote, the test-drive slots and the
 * shopper's watchlist itself, in parallel with the rest of the page.
 */
export async function VehicleSidebar({ siteSlug, page, websiteId }: VehicleContext & { websiteId: number }) {
  const { car, derived, dealership, location } = page;
  const sold = derived.sold_display;
  const [offer, slots, watch, { name: siteName }] = await Promise.all([
    vehicleFinanceOffer(siteSlug, page),
    testDriveSlotOptions(siteSlug, page),
    watchState(siteSlug, page),
    getSite(siteSlug),
  ]);
  const carPath = `/cars/${car.slug}`;

  return (
    <aside className={styles.sidebar} aria-label="Price and enquiry">
      {derived.tag?.kind === 'certified' && derived.tag.make ? (
        <CertifiedBadge make={derived.tag.make} className={styles.certifiedBadge} height={40} />
      ) : (
        derived.tag && (
          <span className={`${styles.tag} ${derived.tag.kind === 'sold' ? styles.tagSold : ''}`}>
            {derived.tag.label}
          </span>
        )
      )}
      <h1 className={styles.title}>{car.name}</h1>
      {[car.badge, car.series].some(Boolean) && (
        <p className={styles.muted}>{[car.badge, car.series].filter(Boolean).join(' ')}</p>
      )}

      {sold ? (
        <div className={styles.sold} data-testid="sold-message">
          <p className={styles.soldHeading}>{SOLD_HEADING}</p>
          <p>{SOLD_MESSAGE}</p>
          <a className={styles.primaryButton} href={`#${FORM_ANCHORS.findSimilar}`}>
            {page.config.buttons.similar_label}
          </a>
        </div>
      ) : (
        <>
          <PriceBlock derived={derived} priceType={car.price_type} />
          <FinanceTeaser offer={offer} comparisonRateRange={page.config.finance.comparison_rate_range} />
          <Actions page={page} testDrive={slots !== null} />
        </>
      )}

      {!derived.phone && (
        <ConsoleWarning
          message={`[vehicle] no phone number for ${car.name} (stock ${car.stocknum}): its dealership and location have none, so no call or reveal button is shown`}
        />
      )}
      {derived.phone && !sold && (
        <PhoneReveal
          carSlug={car.slug}
          carId={car.id}
          dealershipId={dealership.id}
          websiteId={websiteId}
          masked={derived.phone.masked}
          display={derived.phone.display}
          href={derived.phone.href}
        />
      )}

      <div className={styles.tools}>
        {watch && showWatchlistButton(sold, watch.saved) && (
          <WatchlistButton
            siteSlug={siteSlug}
            carId={car.id}
            carName={car.name}
            phone={watch.signedIn ? watch.phone : null}
            initiallySaved={watch.saved}
            signInHref={signInPath({ type: 'watchlist', redirect: carPath, back: carPath })}
          />
        )}
        {watch && !sold && (
          <FollowButton
            siteSlug={siteSlug}
            carId={car.id}
            carName={car.name}
            following={watch.following}
            signInHref={watch.signedIn ? null : signInPath({ type: 'watchlist', redirect: carPath, back: carPath })}
            className={styles.secondaryButton}
            wording={{
              sms: alertConsentWording('sms', 'car', siteName),
              email: alertConsentWording('email', 'car', siteName),
            }}
            source="vehicle_page"
            offer="Follow price"
          />
        )}
        <ShareButtons carId={car.id} carName={car.name} carPath={carPath} />
        {!sold && <FavouriteAndCompare page={page} />}
        <PrintButton carId={car.id} carSlug={car.slug} />
        <a
          className={styles.secondaryButton}
          href={`/print?car_id=${encodeURIComponent(car.slug)}`}
          target="_blank"
          rel="noopener"
        >
          Printable Page
        </a>
        {car.file && isExternalHref(car.file.trim()) && (
          <a className={styles.secondaryButton} href={car.file} target="_blank" rel="noopener noreferrer">
            History Report
          </a>
        )}
      </div>
      {location && (
        <p className={styles.muted}>
          {location.name}
          {location.address?.city ? `, ${location.address.city}` : ''}
        </p>
      )}
      <p>
        <Link href={dealerSearchHref(dealership.slug)} prefetch={false}>
          See more from this dealer
        </Link>
      </p>
    </aside>
  );
}

/**
 * Favourite and Compare beside share and save, as on the car's search card: the same lists in the
 * browser, the same rule for hiding them (spec 000 §5), read from the car's dealership's settings.
 */
function FavouriteAndCompare({ page }: { page: CarPage }) {
  const { car, config } = page;
  const { favourites_enabled: favourites, compare_enabled: compare } = config.features;
  const first = galleryImages(car)[0];
  const primary = first?.src ?? null;
  if (
    !(favourites || compare) ||
    !showSaveButtons({ price: car.price ?? null, images: car.images ?? [], primary_image_url: primary }, config)
  )
    return null;
  return (
    <SaveButtons
      entry={{
        id: car.id,
        name: car.name,
        slug: car.slug,
        make: car.make,
        model: car.model,
        // The saved lists draw this later: the stored photo or the platform's file, never the dealer's address.
        primary_image_url: first ? photoSrc(first.src, first.photo, 480) : null,
      }}
      favourites={favourites}
      compare={compare}
      variant="labelled"
      buttonClassName={styles.secondaryButton}
    />
  );
}

function PriceBlock({ derived, priceType }: { derived: CarPage['derived']; priceType: CarPage['car']['price_type'] }) {
  const type = priceTypeLabel(priceType, derived.price.kind);
  return (
    <div className={styles.price}>
      {derived.price.was !== null && (
        <s className={styles.was}>
          <span className="visually-hidden">Was </span>
          {formatDollars(derived.price.was)}
        </s>
      )}
      <span className={styles.amount} data-testid="vehicle-price">
        {derived.price.text}
      </span>
      {type && (
        <span className={styles.muted}>
          {' '}
          {type.abbreviation ? <abbr title={type.abbreviation}>{type.text}</abbr> : type.text}
        </span>
      )}
      {derived.market_badge && <span className={styles.badge}>Below Market Price</span>}
    </div>
  );
}

/**
 * The sidebar's weekly estimate (spec 001 screen 2): the lender's teaser, or the quote service's
 * estimate where the teaser rules let it stand in, priced by financeOffer on the same loan and fees
 * the finance calculator opens with, so the two figures agree; the fees in it are named. A
 * comparison rate, or the provider's range of them, always comes with the regulatory warning.
 */
function FinanceTeaser({
  offer,
  comparisonRateRange: range,
}: {
  offer: FinanceOffer;
  comparisonRateRange: CarPage['config']['finance']['comparison_rate_range'];
}) {
  const figures = offer.sidebar;
  if (!figures) return null;
  return (
    <div className={styles.teaser} data-testid="finance-teaser">
      <p>
        <a href="#finance-calculator">
          From <strong>{formatRepayment(figures.weekly, 'week')}</strong> per week
        </a>{' '}
        <span className={styles.muted}>
          {figures.interestRate}% p.a. (comparison rate {figures.comparisonRate}% p.a.*)
        </span>
      </p>
      {offer.fees.length > 0 && (
        <p className={styles.muted}>Includes fees: {offer.fees.map(formatFinanceFee).join(', ')}.</p>
      )}
      {range && <p className={styles.muted}>{comparisonRateRangeText(range)}</p>}
      <p className={styles.rateWarning}>*{COMPARISON_RATE_WARNING}</p>
    </div>
  );
}

/**
 * One primary action (the enquiry); the other ways to act on this car are secondary, and the ones
 * that only lead to a tool or a request are a compact list below.
 */
function Actions({ page, testDrive }: { page: CarPage; testDrive: boolean }) {
  const { car, derived, config, dealership } = page;
  const financeShown = showFinanceCalculator({ ...car, dealership_id: dealership.id }, config.finance);
  return (
    <>
      <div className={styles.buttons}>
        <a className={styles.primaryButton} href={`#${FORM_ANCHORS.enquiry}`}>
          {config.buttons.enquire_label}
        </a>
        {derived.can_reserve && derived.reserve_path && (
          <Link
            className={styles.secondaryButton}
            href={derived.reserve_path}
            prefetch={false}
            {...{ [ANALYTICS_EVENT_ATTRIBUTE]: ANALYTICS_EVENTS.reserve }}
            data-car-id={car.id}
          >
            {config.buttons.reserve_label}{' '}
            <span className={styles.muted}>({reserveDepositText(null, derived.reserve_deposit_text)} deposit)</span>
          </Link>
        )}
        {testDrive && (
          <a className={styles.secondaryButton} href={`#${FORM_ANCHORS.testDrive}`}>
            Book a Test Drive
          </a>
        )}
      </div>
      <ul className={styles.moreActions}>
        <li>
          <a href={`#${FORM_ANCHORS.requestPhotos}`}>Request Photos</a>
        </li>
        {derived.online_purchase_path && (
          <li>
            <Link href={derived.online_purchase_path} prefetch={false}>
              Online Purchase
            </Link>
          </li>
        )}
        <li>
          <Link
            href={derived.trade_in_path}
            prefetch={false}
            {...{ [ANALYTICS_EVENT_ATTRIBUTE]: ANALYTICS_EVENTS.tradeIn }}
            data-car-id={car.id}
          >
            Trade-In Valuation
          </Link>
        </li>
        {financeShown && (
          <li>
            <a href="#finance-calculator">Finance Calculator</a>
          </li>
        )}
      </ul>
    </>
  );
}
