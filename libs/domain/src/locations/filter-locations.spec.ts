import {
  filterLocations,
  LOCATION_FILTERS,
  type FilterableLocation,
  type LocationFilterOptions,
} from './filter-locations';

const at = (street: string, postcode: string) => ({ street, postcode });
const locations: FilterableLocation[] = [
  {
    id: 1,
    name: 'Harbour Toyota Parts',
    location_type: 'parts',
    manufacturers: ['Toyota'],
    address: at('2 Quay St', '2000'),
  },
  {
    id: 2,
    name: 'Harbour Toyota Service',
    location_type: 'service',
    manufacturers: ['Toyota'],
    address: at('2 Quay St', '2000'),
  },
  {
    id: 3,
    name: 'Harbour Toyota',
    location_type: '',
    manufacturers: ['Toyota', 'Lexus'],
    address: at('1 Quay St', '2000'),
  },
  {
    id: 4,
    name: 'Harbour Pre-Owned',
    location_type: 'sales',
    location_subtype: 'Pre-Owned Sales, buying',
    manufacturers: [],
    address: at('9 Wharf Rd', '2009'),
  },
  {
    id: 5,
    name: 'Harbour Mazda',
    location_type: 'sales',
    manufacturers: ['Mazda'],
    visible: true,
    address: at('5 Pier Lane', '2010'),
  },
  {
    id: 6,
    name: 'Harbour Mazda Service',
    location_type: 'service',
    location_subtype: 'Express Service',
    manufacturers: ['Mazda'],
    address: null,
  },
  { id: 7, name: 'Hidden Yard', location_type: 'used', visible: false, address: at('1 Back St', '2000') },
  {
    id: 8,
    name: 'Northside Used Cars',
    location_type: 'used',
    location_subtype: null,
    manufacturers: null,
    visible: null,
  },
];

const ids = (options: LocationFilterOptions) => filterLocations(locations, options).map((location) => location.id);

describe('filterLocations (spec 001 §2 screen 4)', () => {
  it('offers the five filters', () => {
    expect(LOCATION_FILTERS).toEqual(['sales', 'service', 'parts', 'service-and-parts', 'all']);
  });

  it.each<[string, LocationFilterOptions, number[]]>([
    ['no filter: everything visible, sales 1, service 2, parts 3, stable', {}, [3, 4, 5, 8, 2, 6, 1]],
    ['all', { type: 'all' }, [3, 4, 5, 8, 2, 6, 1]],
    ['sales includes empty type, used and pre-owned subtype', { type: 'sales' }, [3, 4, 5, 8]],
    ['service', { type: 'service' }, [2, 6]],
    ['parts', { type: 'parts' }, [1]],
    ['service-and-parts', { type: 'service-and-parts' }, [2, 6, 1]],
    ['manufacturer, any case', { manufacturer: 'toyota' }, [3, 2, 1]],
    ['manufacturer among several', { manufacturer: 'LEXUS' }, [3]],
    ['manufacturer is a whole name, not a substring', { manufacturer: 'Toy' }, []],
    ['blank manufacturer is no filter', { manufacturer: '  ' }, [3, 4, 5, 8, 2, 6, 1]],
    ['subtype substring, any case', { subtype: 'express' }, [6]],
    ['subtype buying', { subtype: 'Buying' }, [4]],
    ['exclude ids', { exclude: [3, 6, 99] }, [4, 5, 8, 2, 1]],
    ['q on name', { q: 'mazda' }, [5, 6]],
    ['q on postcode', { q: '2009' }, [4]],
    ['q on street', { q: 'quay st' }, [3, 2, 1]],
    ['q on the effective type', { q: 'used' }, [4, 8]],
    ['q trimmed', { q: '  PARTS ' }, [1]],
    ['q with no match', { q: 'Brisbane' }, []],
    ['filters combine', { type: 'service', manufacturer: 'mazda', q: 'harbour' }, [6]],
  ])('%s', (_name, options, expected) => {
    expect(ids(options)).toEqual(expected);
  });

  it('never lists a hidden location', () => {
    expect(ids({ q: 'hidden' })).toEqual([]);
    expect(ids({ type: 'sales' })).not.toContain(7);
  });

  it('returns the given objects and leaves the input alone', () => {
    const copy = [...locations];
    const [first] = filterLocations(locations, { type: 'sales' });
    expect(first).toBe(locations[2]);
    expect(locations).toEqual(copy);
  });
});
