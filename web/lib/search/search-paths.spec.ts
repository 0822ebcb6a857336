import { carTypeSlug, carTypesOfSlug, facetSlug, searchHref } from './search-paths';
import { EMPTY_SEARCH_STATE, type SearchState } from './url-codec';

const state = (partial: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH_STATE, ...partial });

describe('search paths', () => {
  it.each([
    [[], 'new-used-and-demo-cars'],
    [['new'], 'new-cars'],
    [['demo'], 'demo-cars'],
    [['used'], 'used-cars'],
    [['demo', 'new'], 'new-and-demo-cars'],
    [['new', 'demo', 'used'], 'new-used-and-demo-cars'],
    [['new', 'used'], null],
  ] as const)('car types %j have the slug %s', (types, slug) => {
    expect(carTypeSlug(types)).toBe(slug);
  });

  it('reads car-type slugs back', () => {
    expect(carTypesOfSlug('used-cars')).toEqual(['used']);
    expect(carTypesOfSlug('new-and-demo-cars')).toEqual(['new', 'demo']);
    expect(carTypesOfSlug('new-used-and-demo-cars')).toEqual([]);
    expect(carTypesOfSlug('toyota')).toBeNull();
  });

  it.each([
    ['Toyota', 'toyota'],
    ['Mercedes-Benz', 'mercedes-benz'],
    ['cabChassis', 'cab-chassis'],
    ['peopleMover', 'people-mover'],
    ['D-MAX', 'd-max'],
    ['MU-X', 'mu-x'],
    ['CX-5', 'cx-5'],
    ['Land Rover', 'land-rover'],
    ['4x4', '4x4'],
  ])('the slug of %s is %s', (value, slug) => {
    expect(facetSlug(value)).toBe(slug);
  });

  it('puts the car type in the path and the rest in the query string', () => {
    expect(searchHref(state({}))).toBe('/search/new-used-and-demo-cars');
    expect(searchHref(state({ menu: { car_type: 'used', make: 'Toyota' }, page: 2 }))).toBe(
      '/search/used-cars?menu[make]=Toyota&page=2',
    );
    expect(searchHref(state({ refinementList: { car_type: ['demo', 'new'] } }))).toBe('/search/new-and-demo-cars');
    expect(searchHref(state({ refinementList: { car_type: ['used', 'new'] } }))).toBe(
      '/search/new-used-and-demo-cars?refinementList[car_type][0]=new&refinementList[car_type][1]=used',
    );
  });
});
