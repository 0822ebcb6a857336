import { filtersOfPath, mergePathFilters } from './route-state';
import { EMPTY_SEARCH_STATE } from './url-codec';

const facets = {
  make: { Toyota: 4, 'Mercedes-Benz': 1 },
  body: { ute: 3, cabChassis: 2 },
  make_model: { 'Toyota:Hilux': 3, 'Toyota:LandCruiser 70': 1, 'Mercedes-Benz:GLC': 1 },
};
const lookup = jest.fn(async () => facets);

describe('search paths to filters', () => {
  beforeEach(() => lookup.mockClear());

  it('reads car-type slugs without asking for facets', async () => {
    await expect(filtersOfPath([], lookup)).resolves.toEqual({ menu: {}, refinementList: {} });
    await expect(filtersOfPath(['used-cars'], lookup)).resolves.toEqual({
      menu: {},
      refinementList: { car_type: ['used'] },
    });
    await expect(filtersOfPath(['new-and-demo-cars'], lookup)).resolves.toEqual({
      menu: {},
      refinementList: { car_type: ['new', 'demo'] },
    });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('reads a make, a make and model, or a body', async () => {
    await expect(filtersOfPath(['mercedes-benz'], lookup)).resolves.toEqual({
      menu: { make: 'Mercedes-Benz' },
      refinementList: {},
    });
    await expect(filtersOfPath(['toyota', 'landcruiser-70'], lookup)).resolves.toEqual({
      menu: { make: 'Toyota', make_model: 'Toyota:LandCruiser 70' },
      refinementList: {},
    });
    await expect(filtersOfPath(['cab-chassis'], lookup)).resolves.toEqual({
      menu: {},
      refinementList: { body: ['cabChassis'] },
    });
  });

  it('names nothing for unknown slugs or deeper paths', async () => {
    await expect(filtersOfPath(['lamborghini'], lookup)).resolves.toBeNull();
    await expect(filtersOfPath(['toyota', 'camry'], lookup)).resolves.toBeNull();
    await expect(filtersOfPath(['ute', 'hilux'], lookup)).resolves.toBeNull();
    await expect(filtersOfPath(['a', 'b', 'c'], lookup)).resolves.toBeNull();
  });

  it('lets the query string override the path', () => {
    const merged = mergePathFilters(
      { ...EMPTY_SEARCH_STATE, menu: { make: 'Mazda' }, refinementList: { car_type: ['new'] } },
      { menu: { make: 'Toyota', make_model: 'Toyota:Hilux' }, refinementList: { car_type: ['used'] } },
    );
    expect(merged.menu).toEqual({ make: 'Mazda' });
    expect(merged.refinementList).toEqual({ car_type: ['new'] });
  });
});
