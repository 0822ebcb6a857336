import {
  formatOpeningHours,
  LOCATION_DEPARTMENTS,
  ownDepartment,
  type LocationDepartment,
  type LocationHours,
  type LocationType,
  type SiteConfig,
  weeklyHoursRows,
} from '@platform/domain';
import type {
  DealershipEntity,
  DealershipWebsiteEntity,
  LocationEntity,
  LocationHoursEntity,
  ManufacturerEntity,
} from '@platform/db';

function imageOf(url: string | null, thumb: string | null) {
  return url ? { url, thumb: { url: thumb ?? url } } : null;
}

function hoursView(hours: LocationHoursEntity[]) {
  return [...hours]
    .sort((a, b) => a.weekday - b.weekday)
    .map((h) => ({
      weekday: h.weekday,
      status: h.status as 'Open' | 'Closed',
      open: h.open,
      close: h.close,
      formated_hours: formatOpeningHours(h.status as 'Open' | 'Closed', h.open, h.close),
    }));
}

/** The department whose hours a location shows first: its own type, sales for sales/used/empty. */
/** A location in the shape of the specifications' Location entity. */
export function locationView(location: LocationEntity, dealership: DealershipEntity) {
  const byDepartment = Object.fromEntries(
    LOCATION_DEPARTMENTS.map((d) => [d, hoursView((location.hours ?? []).filter((h) => h.department === d))]),
  ) as Record<LocationDepartment, ReturnType<typeof hoursView>>;
  return {
    id: location.id,
    name: location.name,
    slug: location.slug,
    visible: location.visible,
    primary: location.primary,
    // The table's check constraint admits only these values.
    location_type: location.location_type as LocationType | '',
    location_subtype: location.location_subtype,
    manufacturers: location.manufacturers,
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    dealer_license_number: location.dealer_license_number,
    motor_vehicle_repairer: location.motor_vehicle_repairer,
    address: {
      id: location.id,
      street: location.street,
      city: location.city,
      state: location.state,
      postcode: location.postcode,
      lat: location.lat,
      long: location.long,
      place_id: location.place_id,
      place_url: location.place_url,
      map_key: location.map_key,
    },
    contact_detail: {
      phone: location.phone,
      landline_phone: location.landline_phone,
      opening_hours: byDepartment[ownDepartment(location.location_type)],
    },
    department_hours: byDepartment,
    special_hours: [...(location.special_hours ?? [])]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((s) => ({
        date: s.date,
        status: s.status,
        start_hour: s.start_hour,
        end_hour: s.end_hour,
        department: s.department,
        location_name: s.location_name,
      })),
    phone: location.phone,
    image: imageOf(location.image_url, location.image_thumb_url),
    average_rating: location.average_rating,
    review_count: location.review_count,
    reviews: { average_rating: location.average_rating, count: location.review_count },
    time_zone: location.time_zone,
  };
}

export function dealershipView(dealership: DealershipEntity) {
  return {
    id: dealership.id,
    slug: dealership.slug,
    name: dealership.name,
    manufacturer_id: dealership.manufacturer_id,
    logo_url: dealership.logo_url,
    logo: dealership.logo_url ? { url: dealership.logo_url } : null,
    override_city: dealership.override_city,
    include_sold_cars_days: dealership.include_sold_cars_days,
    average_rating: dealership.average_rating,
    review_count: dealership.review_count,
    config_overrides: dealership.config,
  };
}

export function manufacturerView(manufacturer: ManufacturerEntity) {
  return {
    id: manufacturer.id,
    name: manufacturer.name,
    slug: manufacturer.slug,
    logo: { url: manufacturer.logo_url },
    config_overrides: manufacturer.config,
  };
}

export function dealershipWebsiteView(website: DealershipWebsiteEntity) {
  return {
    name: website.name,
    slug: website.slug,
    make: website.make,
    url: website.url,
    logo: { url: website.logo_url },
  };
}

export interface SiteSummary {
  slug: string;
  name: string;
  /** active, or suspended (a maintenance page); a retired site is not listed. */
  status: 'active' | 'suspended';
  hosts: string[];
  /** Null when the site's configuration fails its schema; config_error says why. */
  theme: Pick<SiteConfig['theme'], 'primary_colour' | 'logo_url'> | null;
  config_error: string | null;
}

/**
 * A location with a draft's opening hours in place of its own (a preview link, issue 52), shaped as
 * the tables hold them so the view formats them exactly as it will once they are published.
 */
export function withPreviewHours(location: LocationEntity, draft: LocationHours | null): LocationEntity {
  if (!draft) return location;
  const hours = LOCATION_DEPARTMENTS.flatMap((department) => {
    const week = draft.hours[department];
    return week
      ? weeklyHoursRows(department, week).map(
          (row) => ({ ...row, location_id: location.id }) as unknown as LocationHoursEntity,
        )
      : [];
  });
  const special_hours = draft.special_hours.map((s) => ({
    location_id: location.id,
    date: s.date,
    status: s.hours === 'closed' ? 'Closed' : 'Open',
    start_hour: s.hours === 'closed' ? null : s.hours.open,
    end_hour: s.hours === 'closed' ? null : s.hours.close,
    department: s.department,
    location_name: location.name,
  }));
  return { ...location, hours, special_hours } as LocationEntity;
}
