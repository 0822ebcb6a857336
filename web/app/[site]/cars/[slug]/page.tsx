import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import {
  dealerTextParagraphs,
  DEALER_COMMENTS_PENDING,
  FEATURES_INITIAL,
  financeLimits,
  financePanelDefaults,
  formatDollars,
  isMediaAddress,
  galleryModes,
  KEY_SPECS_INITIAL,
  otherCityAnnouncement,
  previewText,
  priceTypeLabel,
  reserveDepositText,
  showFinanceCalculator,
  showFinanceDisclaimer,
  showFuelCalculator,
  showThumbnails,
  showWatchlistButton,
  sidebarButtonColour,
  signInPath,
  SOLD_HEADING,
  SOLD_MESSAGE,
  vehicleEnquiryDefaults,
  videoSlide,
  COMPARISON_RATE_WARNING,
  quoteMayStandIn,
} from '@platform/domain';
import { Breadcrumbs } from '@/components/search/breadcrumbs';
import { DeliveryCalculator } from '@/components/vehicle/delivery-calculator';
import { DismissableBar } from '@/components/vehicle/dismissable-bar';
import { ExpandableList, ExpandableText } from '@/components/vehicle/expandable';
import { FinanceCalculator } from '@/components/vehicle/finance-calculator';
import { FinanceDisclaimer, FinanceDisclaimerLoading } from '@/components/vehicle/finance-disclaimer';
import { FuelCalculator } from '@/components/vehicle/fuel-calculator';
import { Gallery, type GalleryImage, VideoPlayer } from '@/components/vehicle/gallery';
import { PhoneReveal } from '@/components/vehicle/phone-reveal';
import { ViewReporter } from '@/components/vehicle/view-reporter';
import { PriceGauge } from '@/components/vehicle/price-gauge';
import { PrintButton } from '@/components/vehicle/print-button';
import { ScrollChrome } from '@/components/vehicle/scroll-chrome';
import { ShareButtons } from '@/components/vehicle/share-buttons';
import { SimilarVehicles, SimilarVehiclesSkeleton } from '@/components/vehicle/similar-vehicles';
import { VehicleForms } from '@/components/vehicle/vehicle-forms';
import { WatchlistButton } from '@/components/vehicle/watchlist-button';
import { getSite } from '@/lib/api';
import { requestSiteOrigin } from '@/lib/seo';
import { getCarPage, getFinanceQuote, getTestDriveSlots, type CarPage } from '@/lib/api/cars';
import { getShopper, sessionToken } from '@/lib/api/shopper';
import { getWatchlist } from '@/lib/api/watchlist';
import { FORM_ANCHORS } from '@/lib/vehicle/form-anchors';
import {
  allSpecs,
  carBreadcrumbs,
  carStructuredData,
  caravanSpecs,
  jsonLd,
  keySpecs,
  metaDescription,
  vehicleDetails,
  type SpecRow,
} from '@/lib/vehicle/car-details';
import styles from '@/components/vehicle/vehicle.module.css';

interface VehicleParams {
  params: Promise<{ site: string; slug: string }>;
}

/** The car's photos; only web or /media addresses, since cars stored before feeds checked media may hold others. */
function galleryImages(car: CarPage['car']): GalleryImage[] {
  const images = (car.images ?? [])
    .filter((i): i is { url: string; thumb?: { url: string | null } | null } => !!i.url && isMediaAddress(i.url))
    .map((i) => ({ src: i.url, thumb: i.thumb?.url && isMediaAddress(i.thumb.url) ? i.thumb.url : null }));
  if (images.length === 0 && car.primary_image_url && isMediaAddress(car.primary_image_url))
    images.push({ src: car.primary_image_url, thumb: null });
  return images;
}

export async function generateMetadata({ params }: VehicleParams): Promise<Metadata> {
  const { site: siteSlug, slug } = await params;
  const [site, page] = await Promise.all([getSite(siteSlug), getCarPage(siteSlug, slug)]);
  const origin = await requestSiteOrigin(site);
  const { car, derived, dealership, location } = page;
  const canonical = `${origin}/cars/${car.slug}`;
  const image = galleryImages(car)[0]?.src;
  const description = derived.listed
    ? metaDescription(
        car,
        derived.sold_display ? SOLD_HEADING : derived.price.text,
        dealership.name,
        location?.address?.city ?? null,
      )
    : `${car.name}: ${SOLD_MESSAGE}`;
  return {
    title: car.name,
    description,
    alternates: { canonical },
    robots: derived.listed ? undefined : { index: false, follow: true },
    openGraph: {
      type: 'website',
      url: canonical,
      title: car.name,
      description,
      siteName: site.name,
      images: image ? [{ url: new URL(image, origin).toString(), alt: car.name }] : undefined,
    },
  };
}

/** The vehicle detail page (spec 000 screen 4). */
export default async function VehiclePage({ params }: VehicleParams) {
  const { site: siteSlug, slug } = await params;
  const [site, page] = await Promise.all([getSite(siteSlug), getCarPage(siteSlug, slug)]);
  const { car, derived, config, dealership, location } = page;
  const now = new Date();

  if (!derived.listed) return <SoldArchive page={page} siteSlug={siteSlug} now={now} />;

  const sold = derived.sold_display;
  const testDriveOffered = !sold && config.features.test_drive_enabled;
  const [origin, shopper, slots, quote] = await Promise.all([
    requestSiteOrigin(site),
    config.features.watchlist_enabled ? getShopper(siteSlug).catch(() => ({ signed_in: false, phone: null })) : null,
    testDriveOffered ? getTestDriveSlots(siteSlug, slug).catch(() => null) : null,
    !sold && config.finance.quote_service_enabled ? getFinanceQuote(siteSlug, car) : null,
  ]);
  const saved = shopper?.signed_in ? await savedOnWatchlist(car.id) : false;

  const images = galleryImages(car);
  const { modes, initial } = galleryModes(car, config.features.gallery_default_mode, config.features.impel_enabled);
  const video = videoSlide(car.video_url ?? car.external_video_url);
  const comments = dealerTextParagraphs(car.dealercomments);
  const description = car.description ? dealerTextParagraphs(car.description) : [];
  const primaryCity = site.source.locations.find((l) => l.primary)?.address?.city ?? null;
  const otherCity = otherCityAnnouncement(location?.address?.city ?? car.location?.city, primaryCity);
  const buttonColour = sidebarButtonColour(car.make, config.theme.brand_button_colours, config.theme.primary_colour);
  const carPath = `/cars/${car.slug}`;
  const defaults = vehicleEnquiryDefaults({ ...car, dealership_slug: dealership.slug });
  const slotOptions = slots
    ? slots.days.flatMap((day) => day.slots.map((s) => ({ value: s.start, label: `${dayLabel(day.date)} ${s.label}` })))
    : null;
  const financeShown = !sold && showFinanceCalculator({ ...car, dealership_id: dealership.id }, config.finance);
  const limits = financeLimits(config.finance, car.price, 'panel');
  const structured = carStructuredData({
    car,
    url: `${origin}${carPath}`,
    images: images.map((i) => new URL(i.src, origin).toString()),
    priceAmount: sold ? null : derived.price.amount,
    dealer: {
      name: dealership.name,
      phone: derived.phone?.display ?? null,
      street: location?.address?.street,
      city: location?.address?.city,
      state: location?.address?.state,
      postcode: location?.address?.postcode,
    },
  });
  const enquire = `#${FORM_ANCHORS.enquiry}`;
  const priceType = priceTypeLabel(car.price_type);

  const priceBlock = (
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
      {derived.price.kind !== 'no_price' && priceType && (
        <span className={styles.muted}>
          {' '}
          {priceType.abbreviation ? <abbr title={priceType.abbreviation}>{priceType.text}</abbr> : priceType.text}
        </span>
      )}
      {derived.market_badge && <span className={styles.badge}>Below Market Price</span>}
    </div>
  );

  return (
    <div className={`container ${styles.page}`} style={{ ['--sidebar-button' as string]: buttonColour }}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
      <ViewReporter
        carSlug={car.slug}
        websiteId={site.id}
        photosCount={car.photos_count ?? null}
        updatedAt={car.updated_at ?? null}
      />
      <Breadcrumbs crumbs={carBreadcrumbs(car, config.wording.used_label)} />
      {otherCity && (
        <DismissableBar>
          This vehicle is located in {otherCity}.{' '}
          <a
            href={
              location?.address?.place_url && isWebAddress(location.address.place_url)
                ? location.address.place_url
                : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent([location?.name, location?.address?.street, otherCity].filter(Boolean).join(', '))}`
            }
            target="_blank"
            rel="noopener noreferrer"
          >
            Get Directions
          </a>
        </DismissableBar>
      )}

      {/* Media, sidebar, then the rest: on a phone the price and main actions follow the photos
          instead of every specification; on a desktop the sidebar sits beside both. */}
      <div className={styles.layout}>
        <div className={styles.media}>
          <Gallery
            name={car.name}
            images={images}
            showThumbnails={showThumbnails(car, images.length)}
            video={video}
            modes={modes}
            initialMode={initial}
            spinImages={car.spin_images ?? []}
            hotspots={{ exterior: car.hotspots?.exterior ?? [], interior: car.hotspots?.interior ?? [] }}
            interiorImage={car.spin_interior_image ?? null}
          />
        </div>

        <aside className={styles.sidebar} aria-label="Price and enquiry">
          {derived.tag && (
            <span className={`${styles.tag} ${derived.tag.kind === 'sold' ? styles.tagSold : ''}`}>
              {derived.tag.label}
            </span>
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
                {config.buttons.similar_label}
              </a>
            </div>
          ) : (
            <>
              {priceBlock}
              <FinanceTeaser page={page} quoteWeekly={quote?.weeklyRepaymentAmount ?? null} />
              {/* One primary action (the enquiry); the other ways to act on this car are secondary,
                  and the ones that only lead to a tool or a request are a compact list below. */}
              <div className={styles.buttons}>
                <a className={styles.primaryButton} href={enquire}>
                  {config.buttons.enquire_label}
                </a>
                {derived.can_reserve && derived.reserve_path && (
                  <Link className={styles.secondaryButton} href={derived.reserve_path} prefetch={false}>
                    {config.buttons.reserve_label}{' '}
                    <span className={styles.muted}>
                      ({reserveDepositText(null, derived.reserve_deposit_text)} deposit)
                    </span>
                  </Link>
                )}
                {slotOptions && slotOptions.length > 0 && (
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
                  <Link href={derived.trade_in_path} prefetch={false}>
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
          )}

          {derived.phone && !sold && (
            <PhoneReveal
              siteSlug={siteSlug}
              carSlug={car.slug}
              carId={car.id}
              dealershipId={dealership.id}
              websiteId={site.id}
              masked={derived.phone.masked}
              display={derived.phone.display}
              href={derived.phone.href}
            />
          )}

          <div className={styles.tools}>
            {shopper && showWatchlistButton(sold, saved) && (
              <WatchlistButton
                siteSlug={siteSlug}
                carId={car.id}
                carName={car.name}
                phone={shopper.signed_in ? shopper.phone : null}
                initiallySaved={saved}
                signInHref={signInPath({ type: 'watchlist', redirect: carPath, back: carPath })}
              />
            )}
            <ShareButtons carName={car.name} carPath={carPath} />
            <PrintButton carSlug={car.slug} />
            {car.file && isWebAddress(car.file) && (
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
        </aside>

        <div className={styles.main}>
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

          {caravanSpecs(car).length > 0 && (
            <section className={styles.section} aria-labelledby="caravan-specs">
              <h2 id="caravan-specs">Caravan Specifications</h2>
              <SpecGrid rows={caravanSpecs(car)} />
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

          {financeShown && (
            <FinanceCalculator
              siteSlug={siteSlug}
              carId={car.id}
              limits={limits}
              defaults={financePanelDefaults(
                car.price,
                config.finance,
                derived.finance_teaser.eligible ? derived.finance_teaser : null,
              )}
              fees={config.finance.fees.map((fee) => ({ label: fee.label, amount: fee.amount, per: fee.per }))}
              quoteHref={enquire}
            />
          )}
          {!sold && showFinanceDisclaimer({ ...car, dealership_id: dealership.id }, config.finance) && (
            <Suspense fallback={<FinanceDisclaimerLoading />}>
              <FinanceDisclaimer siteSlug={siteSlug} carId={car.id} />
            </Suspense>
          )}
          {!sold && config.features.delivery_calculator_enabled && (
            <DeliveryCalculator siteSlug={siteSlug} carSlug={car.slug} />
          )}
          {config.features.fuel_calculator_enabled && showFuelCalculator(car) && (
            <FuelCalculator economy={car.variant?.fuelconsumptioncombined} />
          )}
          <Suspense fallback={null}>
            <PriceGauge carSlug={car.slug} />
          </Suspense>
        </div>
      </div>

      <FeatureBanner servicePath={config.routes.service_path} />

      <Suspense fallback={<SimilarVehiclesSkeleton />}>
        <SimilarVehicles
          siteSlug={siteSlug}
          carSlug={car.slug}
          make={car.make}
          model={car.model}
          config={config}
          now={now}
        />
      </Suspense>

      <ScrollChrome
        header={
          <div className={styles.chromeInner}>
            <strong>{car.name}</strong>
            {!sold && <span>{derived.price.text}</span>}
            <a className={styles.primaryButton} href={sold ? `#${FORM_ANCHORS.findSimilar}` : enquire}>
              {sold ? config.buttons.similar_label : config.buttons.enquire_label}
            </a>
          </div>
        }
        bar={
          <div className={styles.chromeInner}>
            {!sold && <span className={styles.barPrice}>{derived.price.text}</span>}
            <a className={styles.primaryButton} href={sold ? `#${FORM_ANCHORS.findSimilar}` : enquire}>
              {sold ? config.buttons.similar_label : config.buttons.enquire_label}
            </a>
            {derived.phone && !sold && (
              <a className={styles.secondaryButton} href={derived.phone.href}>
                Call
              </a>
            )}
          </div>
        }
      />

      <VehicleForms
        siteSlug={siteSlug}
        car={{ id: car.id, title: car.name, carType: car.car_type, tag: car.tag ?? null, stockNumber: car.stocknum }}
        defaults={defaults}
        enquireLabel={config.buttons.enquire_label}
        similarLabel={config.buttons.similar_label}
        messageRequired={config.forms.message_required}
        captcha={config.forms}
        testDriveSlots={slotOptions && slotOptions.length > 0 ? slotOptions : null}
        soldDisplay={sold}
      />
    </div>
  );
}

/** Dealer-supplied links are followed only when they are http(s) addresses. */
function isWebAddress(href: string): boolean {
  return /^https?:\/\//i.test(href.trim());
}

async function savedOnWatchlist(carId: number): Promise<boolean> {
  const token = await sessionToken();
  if (!token) return false;
  try {
    return (await getWatchlist(token)).items.some((item) => item.car_id === carId);
  } catch {
    return false;
  }
}

const dayFormat = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
function dayLabel(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

function SpecGrid({ rows }: { rows: SpecRow[] }) {
  return <dl className={styles.specs}>{specItems(rows)}</dl>;
}

function specItems(rows: SpecRow[]) {
  return rows.map((row) => (
    <div key={row.label} className={styles.spec}>
      <dt>{row.label}</dt>
      <dd>{row.value}</dd>
    </div>
  ));
}

function Description({ paragraphs }: { paragraphs: string[] }) {
  const preview = previewText(paragraphs);
  if (!preview.truncated) {
    return (
      <>
        {paragraphs.map((p, i) => (
          <p key={i} className={styles.prose}>
            {p}
          </p>
        ))}
      </>
    );
  }
  return (
    <ExpandableText preview={preview.text} full={paragraphs.join('\n\n')} moreLabel="Show More" lessLabel="Show Less" />
  );
}

function FeatureList({ id, title, items }: { id: string; title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ExpandableList
        className={styles.features}
        initial={FEATURES_INITIAL}
        moreLabel="Show All"
        lessLabel="Hide"
        items={items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      />
    </section>
  );
}

/**
 * The sidebar's weekly estimate: the provider's teaser when eligible, else the quote service's
 * where the teaser rules allow one (quoteMayStandIn; spec 001 screen 2). A comparison rate always
 * comes with the regulatory warning.
 */
function FinanceTeaser({ page, quoteWeekly }: { page: CarPage; quoteWeekly: number | null }) {
  const teaser = page.derived.finance_teaser;
  const weekly = teaser.eligible ? (teaser.weekly ?? quoteWeekly) : quoteMayStandIn(teaser) ? quoteWeekly : null;
  if (weekly == null || weekly <= 0) return null;
  return (
    <div className={styles.teaser} data-testid="finance-teaser">
      <p>
        <a href="#finance-calculator">
          From <strong>{formatDollars(Math.ceil(weekly))}</strong> per week
        </a>
        {teaser.eligible && (
          <span className={styles.muted}>
            {' '}
            {teaser.interestRate}% p.a. (comparison rate {teaser.comparisonRate}% p.a.*)
          </span>
        )}
      </p>
      {teaser.eligible && <p className={styles.rateWarning}>*{COMPARISON_RATE_WARNING}</p>}
    </div>
  );
}

function FeatureBanner({ servicePath }: { servicePath: string }) {
  return (
    <nav className={styles.banner} aria-label="More from us">
      <Link href="/special-offers" prefetch={false}>
        Latest Offers
      </Link>
      <Link href={servicePath} prefetch={false}>
        Book a Service
      </Link>
      <Link href="/sell-your-car" prefetch={false}>
        Sell Your Car
      </Link>
    </nav>
  );
}

/** After a sold car's listing window: noindex (see generateMetadata), the SOLD message and similar cars instead of its details. */
function SoldArchive({ page, siteSlug, now }: { page: CarPage; siteSlug: string; now: Date }) {
  const { car, config } = page;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs crumbs={carBreadcrumbs(car, config.wording.used_label)} />
      <div className={styles.sold} data-testid="sold-message">
        <h1 className={styles.title}>{car.name}</h1>
        <p className={styles.soldHeading}>{SOLD_HEADING}</p>
        <p>{SOLD_MESSAGE}</p>
      </div>
      <Suspense fallback={<SimilarVehiclesSkeleton />}>
        <SimilarVehicles
          siteSlug={siteSlug}
          carSlug={car.slug}
          make={car.make}
          model={car.model}
          config={config}
          now={now}
        />
      </Suspense>
    </div>
  );
}
