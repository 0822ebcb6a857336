import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { holidayHours, reviewsVisible } from '@platform/domain';
import { LocationDetails } from '@/components/locations/location-details';
import { LocationMap } from '@/components/locations/location-map';
import { OpeningHoursPanel, type DepartmentPanelView } from '@/components/locations/opening-hours-panel';
import styles from '@/components/locations/locations.module.css';
import { ReviewsBlock } from '@/components/marketing/reviews-block';
import { getLocationReviews, getSite, type SiteView } from '@/lib/api';
import {
  departmentViews,
  locationView,
  todayAt,
  visibleLocations,
  type ApiLocation,
} from '@/lib/locations/location-view';

interface Props {
  params: Promise<{ site: string; slug: string }>;
}

/** /locations/{slug} or /locations/{dealership slug} (its primary, else first, location). */
function findLocation(site: SiteView, slug: string): ApiLocation | null {
  const locations = visibleLocations(site);
  const bySlug = locations.find((location) => location.slug === slug);
  if (bySlug) return bySlug;
  const dealership = site.source.dealerships.find((entry) => entry.slug === slug);
  if (!dealership) return null;
  const own = locations.filter((location) => location.dealership_id === dealership.id);
  return own.find((location) => location.primary) ?? own[0] ?? null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { site: siteSlug, slug } = await params;
  const location = findLocation(await getSite(siteSlug), slug);
  return { title: location?.name ?? 'Location' };
}

/** A location page: location hero with map, contact card, Opening Hours panel with departments and holiday hours, and reviews. */
export default async function LocationPage({ params }: Props) {
  const { site: siteSlug, slug } = await params;
  const site = await getSite(siteSlug);
  const location = findLocation(site, slug);
  if (!location) notFound();
  const view = locationView(location, site);
  // Both answers come from the same row; a location whose reviews cannot show needs no list.
  const summary = reviewsVisible(view.rating, site.config.reviews)
    ? await getLocationReviews(siteSlug, location.id)
    : null;
  const departments: DepartmentPanelView[] = departmentViews(location, site).map((entry) => ({
    department: entry.department,
    label: entry.label,
    locationName: entry.location.name,
    address: entry.location.address,
    phone: entry.location.phone,
    phoneHref: entry.location.phoneHref,
    hours: entry.hours,
    holidays: holidayHours(entry.location.specialHours, entry.department, todayAt(entry.location.timeZone)),
  }));
  return (
    <div className="container">
      <div className={styles.locationPage}>
        <div className={styles.details}>
          <h1>{view.name}</h1>
          {view.dealershipName && view.dealershipName !== view.name && <p>{view.dealershipName}</p>}
          <LocationMap location={view} large />
          <LocationDetails location={view} headingLevel={3} />
          <p className={styles.actions}>
            <a href={view.action.href} className="button button-primary">
              {view.action.label}
            </a>
          </p>
        </div>
        <OpeningHoursPanel departments={departments} />
      </div>
      <ReviewsBlock
        name={view.name}
        rating={summary?.average_rating ?? view.rating}
        count={summary?.count ?? view.reviewCount}
        reviews={summary?.reviews ?? []}
        moreHref={location.address?.place_url ?? null}
        timeZone={view.timeZone}
        config={site.config.reviews}
      />
    </div>
  );
}
