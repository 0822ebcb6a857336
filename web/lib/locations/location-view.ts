import { DateTime } from 'luxon';
import {
  addressLine,
  contactSlug,
  dealerWebsiteOf,
  directionsUrl,
  effectiveLocationType,
  groupOpeningHours,
  LOCATION_ACTION_LABELS,
  LOCATION_TYPE_LABELS,
  locationAction,
  LOCATION_DEPARTMENTS,
  ownDepartment,
  type LocationDepartment,
  mapEmbedUrl,
  reviewsVisible,
  displayPhone,
  telHref,
  type LocationType,
  type OpeningHoursLine,
  type SiteConfig,
  type SpecialHourEntry,
} from '@platform/domain';
import type { SiteConfigResponse, SiteView } from '@/lib/api';

/**
 * Locations as the location screens render them: plain, serialisable objects built on the server,
 * so the few client components (tabs, department selector, dialogs) get only what they draw.
 */

export type ApiLocation = SiteConfigResponse['locations'][number];
export type Department = LocationDepartment;
export const DEPARTMENT_LABELS: Readonly<Record<Department, string>> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
};

export interface LocationAction {
  label: string;
  href: string;
}

export interface LocationView {
  id: number;
  slug: string;
  name: string;
  type: LocationType;
  typeLabel: string;
  dealershipId: number | null;
  dealershipName: string | null;
  address: string;
  city: string | null;
  phone: string | null;
  phoneHref: string | null;
  landline: string | null;
  landlineHref: string | null;
  hours: OpeningHoursLine[];
  /** 'DL# MD12345', or null. */
  licence: string | null;
  /** Motor vehicle repairer licence, as the dealer wrote it. */
  repairer: string | null;
  rating: number | null;
  reviewCount: number | null;
  /**
   * Whether cards show the rating: the reviews rule of spec 001 §5 (average above the site's
   * minimum, 4 by default, and reviews not hidden), the same rule as the reviews block.
   */
  showRating: boolean;
  image: { src: string; alt: string } | null;
  directionsHref: string | null;
  mapEmbedSrc: string | null;
  websiteHref: string | null;
  pageHref: string;
  contactHref: string;
  /** The card's action by type ('Contact Us', 'Book a Service', 'Parts Enquiry'). */
  action: LocationAction;
  timeZone: string;
  specialHours: SpecialHourEntry[];
}

function blank(value: string | number | null | undefined): string | null {
  if (value == null) return null;
  const text = String(value).trim();
  return text ? text : null;
}

/** The /contact-us/{slug} page of a location, or /contact on single-brand sites. */
export function contactHrefOf(name: string, config: SiteConfig): string {
  return config.routes.contact_style === 'single' ? '/contact' : `/contact-us/${contactSlug(name)}`;
}

export function locationView(location: ApiLocation, site: SiteView): LocationView {
  const { config } = site;
  const type = effectiveLocationType(location);
  const dealership = site.source.dealerships.find((entry) => entry.id === location.dealership_id) ?? null;
  const phone = blank(location.contact_detail?.phone) ?? blank(location.phone);
  const landline = blank(location.contact_detail?.landline_phone);
  const licence = blank(location.dealer_license_number);
  const contactHref = contactHrefOf(location.name, config);
  const kind = locationAction(type);
  const actionHref =
    kind === 'book_service'
      ? `${config.routes.service_path}?location=${encodeURIComponent(location.slug)}`
      : kind === 'parts_enquiry'
        ? `/vehicle-parts-and-accessories?location=${encodeURIComponent(location.slug)}`
        : contactHref;
  const imageUrl = blank(location.image?.url);
  const rating = location.average_rating ?? location.reviews?.average_rating ?? null;
  return {
    id: location.id,
    slug: location.slug,
    name: location.name,
    type,
    typeLabel: LOCATION_TYPE_LABELS[type],
    dealershipId: location.dealership_id ?? null,
    dealershipName: dealership?.name ?? null,
    address: addressLine(location.address),
    city: blank(location.address?.city) ?? blank(dealership?.override_city),
    // Shown the one way every number on the site is shown (+61 becomes 0, grouped 2-4-4); dialled as written.
    phone: phone && displayPhone(phone),
    phoneHref: telHref(phone),
    landline: landline && displayPhone(landline),
    landlineHref: telHref(landline),
    hours: groupOpeningHours(location.contact_detail?.opening_hours ?? []),
    licence: licence ? `DL# ${licence.replace(/^DL#\s*/i, '')}` : null,
    repairer: blank(location.motor_vehicle_repairer),
    rating,
    reviewCount: location.review_count ?? location.reviews?.count ?? null,
    showRating: reviewsVisible(rating, config.reviews),
    image: imageUrl ? { src: imageUrl, alt: location.name } : null,
    directionsHref: directionsUrl(location.address),
    mapEmbedSrc: location.address ? mapEmbedUrl(location.address, config.locations.map_embed_key) : null,
    websiteHref: dealerWebsiteOf(location, site.source.dealership_websites),
    pageHref: `/locations/${location.slug}`,
    contactHref,
    action: { label: LOCATION_ACTION_LABELS[kind], href: actionHref },
    timeZone: location.time_zone,
    specialHours: location.special_hours ?? [],
  };
}

/** Visible locations of the site, as the API sent them (the API already leaves hidden ones in; screens never show them). */
export function visibleLocations(site: SiteView): ApiLocation[] {
  return site.source.locations.filter((location) => location.visible !== false);
}

/** The department whose hours a location shows first. */
export interface DepartmentView {
  department: Department;
  label: string;
  location: LocationView;
  hours: OpeningHoursLine[];
}

/**
 * The departments a location page can switch between (sales, service, parts): the location's own
 * department hours first, else a location of the same dealership of that type.
 */
export function departmentViews(location: ApiLocation, site: SiteView): DepartmentView[] {
  const siblings = visibleLocations(site).filter(
    (other) => other.dealership_id != null && other.dealership_id === location.dealership_id,
  );
  const own = locationView(location, site);
  const views: DepartmentView[] = [];
  for (const department of LOCATION_DEPARTMENTS) {
    const hours = location.department_hours?.[department];
    if (hours && hours.length > 0) {
      views.push({ department, label: DEPARTMENT_LABELS[department], location: own, hours: groupOpeningHours(hours) });
      continue;
    }
    const sibling = siblings.find(
      (other) => other.id !== location.id && ownDepartment(effectiveLocationType(other)) === department,
    );
    if (sibling) {
      const view = locationView(sibling, site);
      views.push({ department, label: DEPARTMENT_LABELS[department], location: view, hours: view.hours });
    }
  }
  if (views.length === 0)
    views.push({
      department: ownDepartment(own.type),
      label: DEPARTMENT_LABELS[ownDepartment(own.type)],
      location: own,
      hours: own.hours,
    });
  const first = ownDepartment(own.type);
  return [...views.filter((view) => view.department === first), ...views.filter((view) => view.department !== first)];
}

/** Today's date where the location is, for its holiday hours. */
export function todayAt(timeZone: string, now = new Date()): string {
  const today = DateTime.fromJSDate(now, { zone: timeZone });
  return (today.isValid ? today : DateTime.fromJSDate(now)).toISODate() as string;
}
