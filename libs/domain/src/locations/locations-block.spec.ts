import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import { SiteConfigSchema } from '../site-config/site-config.schema';
import {
  homeLocationSections,
  locationCarouselColumns,
  locationGridColumns,
  locationsBlockVariant,
  orderByCity,
  selectBlockLocations,
  swipeHintShown,
  type BlockLocation,
  type LocationsBlockSelection,
} from './locations-block';

const at = (city: string) => ({ street: '1 Main St', postcode: '2000', city });
const locations: BlockLocation[] = [
  { id: 1, name: 'Toyota Parts', location_type: 'parts', manufacturers: ['Toyota'], address: at('Homebush') },
  { id: 2, name: 'Toyota Service', location_type: 'service', manufacturers: ['Toyota'], address: at('Homebush') },
  { id: 3, name: 'Toyota Sales', location_type: '', manufacturers: ['Toyota'], address: at('Homebush') },
  {
    id: 4,
    name: 'Mazda Newcastle',
    location_type: 'sales',
    primary: true,
    manufacturers: ['Mazda'],
    address: at('Newcastle West'),
  },
  {
    id: 5,
    name: 'Pre-Owned Seven Hills',
    location_type: 'sales',
    location_subtype: 'Pre-Owned Sales, Buying',
    manufacturers: [],
    address: at('Seven Hills'),
  },
  { id: 6, name: 'Hidden Primary', location_type: 'sales', primary: true, visible: false, address: at('Geelong') },
  { id: 7, name: 'Subaru Southport', location_type: 'sales', manufacturers: ['Subaru'], address: at('Southport') },
];

const list = (overrides: Partial<LocationsBlockSelection> = {}): LocationsBlockSelection => ({
  source: 'list',
  location_id: null,
  filter: 'all',
  manufacturer: '',
  subtype: '',
  exclude_ids: [],
  ...overrides,
});
const ids = (selection: LocationsBlockSelection, cityOrder: string[] = []) =>
  selectBlockLocations(locations, selection, cityOrder).map((location) => location.id);

describe('selectBlockLocations (spec 001 screen 4)', () => {
  it('primary: the visible primary location', () => {
    expect(ids(list({ source: 'primary' }))).toEqual([4]);
  });

  it('primary: without one, the first sales location', () => {
    const noPrimary = locations.filter((location) => !location.primary);
    expect(selectBlockLocations(noPrimary, list({ source: 'primary' })).map((location) => location.id)).toEqual([3]);
    expect(selectBlockLocations([], list({ source: 'primary' }))).toEqual([]);
  });

  it('by id: that location, never a hidden one, nothing for an unknown id', () => {
    expect(ids(list({ source: 'by_id', location_id: 2 }))).toEqual([2]);
    expect(ids(list({ source: 'by_id', location_id: 6 }))).toEqual([]);
    expect(ids(list({ source: 'by_id', location_id: 99 }))).toEqual([]);
    expect(ids(list({ source: 'by_id', location_id: null }))).toEqual([]);
  });

  it.each<[string, Partial<LocationsBlockSelection>, number[]]>([
    ['all: visible, sales 1, service 2, parts 3', {}, [3, 4, 5, 7, 2, 1]],
    ['sales', { filter: 'sales' }, [3, 4, 5, 7]],
    ['service', { filter: 'service' }, [2]],
    ['parts', { filter: 'parts' }, [1]],
    ['service-and-parts', { filter: 'service-and-parts' }, [2, 1]],
    ['manufacturer', { manufacturer: 'toyota' }, [3, 2, 1]],
    ['subtype', { subtype: 'buying' }, [5]],
    ['exclusions', { exclude_ids: [3, 5] }, [4, 7, 2, 1]],
    ['combined', { filter: 'sales', manufacturer: 'Toyota', exclude_ids: [1] }, [3]],
  ])('list %s', (_name, overrides, expected) => {
    expect(ids(list(overrides))).toEqual(expected);
  });

  it('list in a fixed city order, type order kept within a city, unlisted cities last', () => {
    expect(ids(list(), ['Southport', 'Seven Hills', 'Homebush'])).toEqual([7, 5, 3, 2, 1, 4]);
  });
});

describe('orderByCity', () => {
  it('keeps the order without a city order and matches cities in any case', () => {
    expect(orderByCity(locations, []).map((location) => location.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(orderByCity(locations, ['  seven hills ']).map((location) => location.id)[0]).toBe(5);
  });
});

describe('locationsBlockVariant', () => {
  it.each([
    [0, 'grid', 'map_and_card', 'none'],
    [1, 'grid', 'map_and_card', 'single'],
    [1, 'carousel', 'hero', 'hero'],
    [2, 'grid', 'map_and_card', 'grid'],
    [7, 'carousel', 'map_and_card', 'carousel'],
  ] as const)('%i locations, %s, %s: %s', (count, layout, single, expected) => {
    expect(locationsBlockVariant(count, layout, single)).toBe(expected);
  });
});

describe('grid and carousel columns (spec 001 §9)', () => {
  it('grid: 3 columns for 3 or more locations, 5 for fewer than 3', () => {
    expect([1, 2, 3, 4, 12].map(locationGridColumns)).toEqual([5, 5, 3, 3, 3]);
  });

  it('carousel: a fifth-column layout when more than 4 items', () => {
    expect([2, 3, 4, 5, 19].map(locationCarouselColumns)).toEqual([3, 3, 3, 5, 5]);
  });

  it('Swipe hint: with 3 or fewer always, otherwise on small screens', () => {
    expect([1, 3, 4, 10].map(swipeHintShown)).toEqual(['always', 'always', 'small_screens', 'small_screens']);
  });
});

describe('homeLocationSections', () => {
  it('beside, instead of, or without the dealership list', () => {
    expect(homeLocationSections('beside_dealership_list')).toEqual({ dealershipList: true, block: true });
    expect(homeLocationSections('instead_of_dealership_list')).toEqual({ dealershipList: false, block: true });
    expect(homeLocationSections('hidden')).toEqual({ dealershipList: true, block: false });
  });
});

describe('locations_block configuration', () => {
  it('defaults to a grid of every location titled Our Locations, beside the dealership list', () => {
    expect(PLATFORM_DEFAULTS.locations_block).toMatchObject({
      home_placement: 'beside_dealership_list',
      source: 'list',
      filter: 'all',
      layout: 'grid',
      title: 'Our Locations',
    });
    expect(SiteConfigSchema.shape.locations_block.safeParse(PLATFORM_DEFAULTS.locations_block).success).toBe(true);
  });

  it('refuses an unknown filter or layout', () => {
    expect(
      SiteConfigSchema.shape.locations_block.safeParse({ ...PLATFORM_DEFAULTS.locations_block, filter: 'used' })
        .success,
    ).toBe(false);
    expect(
      SiteConfigSchema.shape.locations_block.safeParse({ ...PLATFORM_DEFAULTS.locations_block, layout: 'list' })
        .success,
    ).toBe(false);
  });
});
