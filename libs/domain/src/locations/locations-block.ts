import type { Address } from '../entities/address';
import type { Location } from '../entities/location';
import { filterLocations, type FilterableLocation, type LocationFilter } from './filter-locations';

/**
 * The locations block (spec 001 §2 screens 4 and 5): which locations it shows, in which order and
 * in which variant. Pure rules; the settings come from the site configuration's locations_block group.
 */

/** Which locations the block shows: the primary location, one location by id, or a filtered list. */
export const LOCATIONS_BLOCK_SOURCES = ['primary', 'by_id', 'list'] as const;
export type LocationsBlockSource = (typeof LOCATIONS_BLOCK_SOURCES)[number];

/** How several locations show: a card grid or the 'Our Locations' carousel. */
export const LOCATIONS_BLOCK_LAYOUTS = ['grid', 'carousel'] as const;
export type LocationsBlockLayout = (typeof LOCATIONS_BLOCK_LAYOUTS)[number];

/** How one location shows: a map and contact card, or the large location hero with map. */
export const LOCATIONS_BLOCK_SINGLE_DISPLAYS = ['map_and_card', 'hero'] as const;
export type LocationsBlockSingleDisplay = (typeof LOCATIONS_BLOCK_SINGLE_DISPLAYS)[number];

/** Where the block goes on the home page: after the dealership list, instead of it, or nowhere. */
export const LOCATIONS_BLOCK_PLACEMENTS = ['beside_dealership_list', 'instead_of_dealership_list', 'hidden'] as const;
export type LocationsBlockPlacement = (typeof LOCATIONS_BLOCK_PLACEMENTS)[number];

export interface LocationsBlockSelection {
  source: LocationsBlockSource;
  /** The location of source 'by_id'. */
  location_id: number | null;
  /** For source 'list': sales, service, parts, service-and-parts or all. */
  filter: LocationFilter;
  /** For source 'list': only locations of this manufacturer ('' for any). */
  manufacturer: string;
  /** For source 'list': only locations whose subtype contains this ('' for any). */
  subtype: string;
  /** For source 'list': location ids never listed. */
  exclude_ids: readonly number[];
}

export type BlockLocation = FilterableLocation &
  Pick<Location, 'primary'> & {
    address?: (Pick<Address, 'street' | 'postcode'> & { city?: string | null }) | null;
  };

const norm = (value: string | null | undefined): string => value?.trim().toLowerCase() ?? '';

/**
 * Orders locations by a fixed city order (spec 001 screen 4: "in a fixed city order on one site"):
 * listed cities first in the listed order, then the rest; otherwise the incoming order is kept.
 */
export function orderByCity<T extends BlockLocation>(locations: readonly T[], cityOrder: readonly string[]): T[] {
  if (cityOrder.length === 0) return [...locations];
  const rank = new Map(cityOrder.map((city, index) => [norm(city), index] as const));
  const rankOf = (location: T) => rank.get(norm(location.address?.city)) ?? cityOrder.length;
  return locations
    .map((location, index) => ({ location, index }))
    .sort((a, b) => rankOf(a.location) - rankOf(b.location) || a.index - b.index)
    .map(({ location }) => location);
}

/**
 * The locations the block shows. 'primary': the visible primary location (else the first visible
 * sales location); 'by_id': that location when visible; 'list': filterLocations by type,
 * manufacturer, subtype and exclusions (sales 1, service 2, parts 3), then the city order.
 */
export function selectBlockLocations<T extends BlockLocation>(
  locations: readonly T[],
  selection: LocationsBlockSelection,
  cityOrder: readonly string[] = [],
): T[] {
  const visible = locations.filter((location) => location.visible !== false);
  if (selection.source === 'primary') {
    const primary =
      visible.find((location) => location.primary) ??
      filterLocations(visible, { type: 'sales' })[0] ??
      filterLocations(visible)[0];
    return primary ? [primary] : [];
  }
  if (selection.source === 'by_id') {
    const found =
      selection.location_id == null ? undefined : visible.find((location) => location.id === selection.location_id);
    return found ? [found] : [];
  }
  const listed = filterLocations(visible, {
    type: selection.filter,
    manufacturer: selection.manufacturer,
    subtype: selection.subtype,
    exclude: selection.exclude_ids,
  });
  return orderByCity(listed, cityOrder);
}

export type LocationsBlockVariant = 'none' | 'single' | 'hero' | 'grid' | 'carousel';

/** No location: nothing; one: map and contact card (or the hero); several: the configured layout. */
export function locationsBlockVariant(
  count: number,
  layout: LocationsBlockLayout,
  singleDisplay: LocationsBlockSingleDisplay,
): LocationsBlockVariant {
  if (count <= 0) return 'none';
  if (count === 1) return singleDisplay === 'hero' ? 'hero' : 'single';
  return layout;
}

/** Location card grid (spec 001 §9): 3 columns for 3 or more locations, 5 for fewer than 3. */
export function locationGridColumns(count: number): 3 | 5 {
  return count >= 3 ? 3 : 5;
}

/** Carousel cards in view (spec 001 §9): a fifth-column layout when more than 4 items, else thirds. */
export function locationCarouselColumns(count: number): 3 | 5 {
  return count > 4 ? 5 : 3;
}

/**
 * The carousel's Swipe hint (spec 001 screen 5): shown when there are 3 or fewer locations, and
 * otherwise on small screens only.
 */
export function swipeHintShown(count: number): 'always' | 'small_screens' {
  return count <= 3 ? 'always' : 'small_screens';
}

/** What the home page shows for the configured placement. */
export function homeLocationSections(placement: LocationsBlockPlacement): { dealershipList: boolean; block: boolean } {
  return {
    dealershipList: placement !== 'instead_of_dealership_list',
    block: placement !== 'hidden',
  };
}
