import type { Metadata } from 'next';
import { absolutePhotoUrl, sidebarButtonColour, SOLD_HEADING, SOLD_MESSAGE, variantSize } from '@platform/domain';
import {
  FeatureBanner,
  galleryImages,
  SimilarSection,
  SoldArchive,
  VehicleCalculators,
  VehicleChrome,
  VehicleEnquiry,
  VehicleHead,
  VehicleMap,
  VehicleMedia,
  VehicleSidebar,
  VehicleSpecs,
} from '@/components/vehicle/page';
import { RecentlyViewed } from '@/components/vehicle/recently-viewed';
import { getSite } from '@/lib/api';
import { getCarPage } from '@/lib/api/cars';
import { siteOriginOf } from '@/lib/seo';
import { metaDescription } from '@/lib/vehicle/car-details';
import styles from '@/components/vehicle/vehicle.module.css';

interface VehicleParams {
  params: Promise<{ site: string; slug: string }>;
}

export async function generateMetadata({ params }: VehicleParams): Promise<Metadata> {
  const { site: siteSlug, slug } = await params;
  const [site, page] = await Promise.all([getSite(siteSlug), getCarPage(siteSlug, slug)]);
  const origin = siteOriginOf(site);
  const { car, derived, dealership, location } = page;
  const canonical = `${origin}/cars/${car.slug}`;
  // Link previews get the stored photo's Open Graph crop (1200x630 JPEG), or the platform's own file.
  const first = galleryImages(car)[0];
  const image = first ? absolutePhotoUrl(origin, first.src, first.photo, 'og') : null;
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
      images: image
        ? [
            first?.photo
              ? { url: image, alt: car.name, ...variantSize('og', first.photo), type: 'image/jpeg' }
              : { url: image, alt: car.name },
          ]
        : undefined,
    },
  };
}

/**
 * The vehicle detail page (spec 000 screen 4). The page reads the site and the car; each section
 * reads what else it needs (quote, test-drive slots, watchlist, disclaimer, gauge, similar cars)
 * and the sections render side by side, so those reads run in parallel.
 */
export default async function VehiclePage({ params }: VehicleParams) {
  const { site: siteSlug, slug } = await params;
  const [site, page] = await Promise.all([getSite(siteSlug), getCarPage(siteSlug, slug)]);
  const now = new Date();
  if (!page.derived.listed) return <SoldArchive siteSlug={siteSlug} page={page} now={now} />;

  const { car, config } = page;
  const buttonColour = sidebarButtonColour(car.make, config.theme.brand_button_colours, config.theme.primary_colour);
  return (
    <div className={`container ${styles.page}`} style={{ ['--sidebar-button' as string]: buttonColour }}>
      <VehicleHead page={page} site={site} />
      {/* Media, sidebar, then the rest: on a phone the price and main actions follow the photos
          instead of every specification; on a desktop the sidebar sits beside both. */}
      <div className={styles.layout}>
        <div className={styles.media}>
          <VehicleMedia siteSlug={siteSlug} page={page} />
        </div>
        <VehicleSidebar siteSlug={siteSlug} page={page} websiteId={site.id} />
        <div className={styles.main}>
          <VehicleSpecs page={page} />
          <VehicleCalculators siteSlug={siteSlug} page={page} />
          <VehicleMap siteSlug={siteSlug} page={page} />
        </div>
      </div>
      <FeatureBanner servicePath={config.routes.service_path} />
      <SimilarSection siteSlug={siteSlug} page={page} now={now} />
      <RecentlyViewed
        siteSlug={siteSlug}
        current={{
          id: car.id,
          stocknum: car.stocknum,
          make: car.make,
          model: car.model,
          body: car.body ?? null,
          simple_body: car.simple_body ?? null,
        }}
        noPriceText={config.wording.no_price_text}
        subscriptionEnabled={config.features.subscription_enabled}
      />
      <VehicleChrome page={page} />
      <VehicleEnquiry siteSlug={siteSlug} page={page} />
    </div>
  );
}
