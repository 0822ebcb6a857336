import { absolutePhotoUrl, directionsUrl, otherCityAnnouncement, variantForWidth } from '@platform/domain';
import { Breadcrumbs } from '@/components/search/breadcrumbs';
import { DismissableBar } from '@/components/vehicle/dismissable-bar';
import { ViewReporter } from '@/components/vehicle/view-reporter';
import type { SiteView } from '@/lib/api';
import { siteOriginOf } from '@/lib/seo';
import { carBreadcrumbs, carStructuredData, jsonLd } from '@/lib/vehicle/car-details';
import { galleryImages, type VehicleContext } from './vehicle-data';

/**
 * The top of a listed car's page: its structured data, the view report, the breadcrumbs and, when
 * the car is at another city than the dealer's main location, the directions bar.
 */
export async function VehicleHead({ page, site }: Pick<VehicleContext, 'page'> & { site: SiteView }) {
  const { car, derived, config, dealership, location } = page;
  const origin = siteOriginOf(site);
  const structured = carStructuredData({
    car,
    url: `${origin}/cars/${car.slug}`,
    // Structured data names the stored photos on the site's origin; a dealer's address is never handed on.
    images: galleryImages(car).flatMap((i) => {
      const url = absolutePhotoUrl(origin, i.src, i.photo, i.photo ? variantForWidth(i.photo, 1200) : 'w1200');
      return url ? [url] : [];
    }),
    priceAmount: derived.sold_display ? null : derived.price.amount,
    dealer: {
      name: dealership.name,
      phone: derived.phone?.display ?? null,
      street: location?.address?.street,
      city: location?.address?.city,
      state: location?.address?.state,
      postcode: location?.address?.postcode,
    },
  });
  const primaryCity = site.source.locations.find((l) => l.primary)?.address?.city ?? null;
  const otherCity = otherCityAnnouncement(location?.address?.city ?? car.location?.city, primaryCity);
  return (
    <>
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
            href={directionsUrl(location?.address ?? { city: otherCity }) ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
          >
            Get Directions
          </a>
        </DismissableBar>
      )}
    </>
  );
}
