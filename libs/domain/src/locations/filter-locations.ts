import type { Address } from '../entities/address';
import type { Location, LocationType } from '../entities/location';
import { compareLocationsByType, effectiveLocationType } from '../entities/location';

/** The locations block's filter choices (spec 001 §2 screen 4). */
export const LOCATION_FILTERS = ['sales', 'service', 'parts', 'service-and-parts', 'all'] as const;
export type LocationFilter = (typeof LOCATION_FILTERS)[number];

// Used-car yards sell cars, so a 'sales' list includes them.
const TYPES_FOR_FILTER: Readonly<Record<LocationFilter, readonly LocationType[] | null>> = {
  sales: ['sales', 'used'],
  service: ['service'],
  parts: ['parts'],
  'service-and-parts': ['service', 'parts'],
  all: null,
};

export type FilterableLocation = Pick<
  Location,
  'id' | 'name' | 'location_type' | 'location_subtype' | 'manufacturers' | 'visible'
> & {
  address?: Pick<Address, 'street' | 'postcode'> | null;
};

export interface LocationFilterOptions {
  type?: LocationFilter;
  manufacturer?: string;
  subtype?: string;
  exclude?: readonly number[];
  /** Free-text search over name, postcode, street and type. */
  q?: string;
}

/** The locations a locations block lists, sales first, then service, then parts (spec 001 §9). */
export function filterLocations<T extends FilterableLocation>(
  locations: readonly T[],
  options: LocationFilterOptions = {},
): T[] {
  const types = TYPES_FOR_FILTER[options.type ?? 'all'];
  const manufacturer = normalise(options.manufacturer);
  const subtype = normalise(options.subtype);
  const query = normalise(options.q);
  const excluded = new Set(options.exclude ?? []);

  return locations
    .filter((location) => {
      if (location.visible === false || excluded.has(location.id)) return false;
      const type = effectiveLocationType(location);
      if (types && !types.includes(type)) return false;
      if (manufacturer && !location.manufacturers?.some((name) => normalise(name) === manufacturer)) return false;
      if (subtype && !normalise(location.location_subtype).includes(subtype)) return false;
      if (query && !searchableText(location, type).some((text) => text.includes(query))) return false;
      return true;
    })
    .sort(compareLocationsByType);
}

const normalise = (value: string | null | undefined): string => value?.trim().toLowerCase() ?? '';

function searchableText(location: FilterableLocation, type: LocationType): string[] {
  return [location.name, location.address?.postcode, location.address?.street, type].map(normalise);
}
