import type { LocationType } from '../entities/location';
import { LOCATION_TYPE_ORDER, effectiveLocationType } from '../entities/location';

/** The tab order of a location card (spec 000 screen 1): sales, used, service, parts. */
export const LOCATION_TAB_ORDER: readonly LocationType[] = ['sales', 'used', 'service', 'parts'];

export type TabbableLocation = {
  id: number;
  name: string;
  dealership_id?: number | null;
  location_type?: LocationType | '' | null;
  location_subtype?: string | null;
};

export interface LocationTab<T> {
  type: LocationType;
  locations: T[];
}

export interface DealershipLocationGroup<T, D> {
  /** The dealership, or null for locations that belong to no listed dealership. */
  dealership: D | null;
  name: string;
  tabs: LocationTab<T>[];
}

/** Splits a dealership's locations into tabs by effective type (empty counts as sales), in tab order. */
export function locationTabs<T extends TabbableLocation>(locations: readonly T[]): LocationTab<T>[] {
  const byType = new Map<LocationType, T[]>();
  for (const location of locations) {
    const type = effectiveLocationType(location);
    byType.set(type, [...(byType.get(type) ?? []), location]);
  }
  return LOCATION_TAB_ORDER.filter((type) => byType.has(type)).map((type) => ({
    type,
    locations: byType.get(type) as T[],
  }));
}

/**
 * Locations grouped by dealership name (spec 000 screen 1): one group a dealership, in name order,
 * each with its tabs; a dealership left with no location is left out. Locations of no listed
 * dealership come last under `otherName`.
 */
export function groupLocationsByDealership<T extends TabbableLocation, D extends { id: number; name: string }>(
  locations: readonly T[],
  dealerships: readonly D[],
  otherName = 'Other locations',
): DealershipLocationGroup<T, D>[] {
  const known = new Set(dealerships.map((dealership) => dealership.id));
  const groups: DealershipLocationGroup<T, D>[] = [...dealerships]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'))
    .map((dealership) => ({
      dealership,
      name: dealership.name,
      tabs: locationTabs(locations.filter((location) => location.dealership_id === dealership.id)),
    }));
  const others = locations.filter((location) => location.dealership_id == null || !known.has(location.dealership_id));
  if (others.length > 0) groups.push({ dealership: null, name: otherName, tabs: locationTabs(others) });
  return groups.filter((group) => group.tabs.length > 0);
}

/** A sort key for a type: sales (and used) 1, service 2, parts 3 (spec 000 and spec 001 §9). */
export const locationTypeRank = (type: LocationType): number => LOCATION_TYPE_ORDER[type];

/** Tab labels as shoppers read them. */
export const LOCATION_TYPE_LABELS: Readonly<Record<LocationType, string>> = {
  sales: 'Sales',
  used: 'Used',
  service: 'Service',
  parts: 'Parts',
};

/** The action of a location card by type (spec 000 screen 1). */
export type LocationAction = 'book_service' | 'parts_enquiry' | 'contact_us';

export function locationAction(type: LocationType): LocationAction {
  if (type === 'service') return 'book_service';
  if (type === 'parts') return 'parts_enquiry';
  return 'contact_us';
}

export const LOCATION_ACTION_LABELS: Readonly<Record<LocationAction, string>> = {
  book_service: 'Book a Service',
  parts_enquiry: 'Parts Enquiry',
  contact_us: 'Contact Us',
};
