import { searchBreadcrumbs } from './breadcrumbs';
import { searchHeading } from './labels';
import { EMPTY_SEARCH_STATE, type SearchState } from './url-codec';

const state = (partial: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH_STATE, ...partial });

describe('search breadcrumb and heading (spec 001 screen 10)', () => {
  it('Home, car type, make, model, body', () => {
    const s = state({
      menu: { car_type: 'used', make: 'Toyota', make_model: 'Toyota:Hilux' },
      refinementList: { body: ['cabChassis'] },
      page: 3,
    });
    expect(searchBreadcrumbs(s, 'Pre-Owned')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Pre-Owned Cars', href: '/search/used-cars' },
      { label: 'Toyota', href: '/search/used-cars?menu[make]=Toyota' },
      { label: 'Hilux', href: '/search/used-cars?menu[make]=Toyota&menu[make_model]=Toyota:Hilux' },
      {
        label: 'Cab Chassis',
        href: '/search/used-cars?menu[make]=Toyota&menu[make_model]=Toyota:Hilux&refinementList[body][0]=cabChassis',
      },
    ]);
    expect(searchHeading(s, 'Used')).toBe('Used Toyota Hilux Cab Chassis');
  });

  it('the default page', () => {
    expect(searchBreadcrumbs(state({}), 'Used')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Our Stock', href: '/search/new-used-and-demo-cars' },
    ]);
    expect(searchHeading(state({}), 'Used')).toBe('Our Stock');
    expect(searchHeading(state({ refinementList: { car_type: ['new', 'demo'] } }), 'Used')).toBe('New and Demo Cars');
  });
});

describe('the /used-car/... breadcrumb variant (spec 001 §2)', () => {
  const toyotaHilux = state({ menu: { make: 'Toyota', make_model: 'Toyota:Hilux' } });

  it('links a used-car search’s car type, make and model crumbs to /used-car pages where the site asks', () => {
    const used = state({ ...toyotaHilux, refinementList: { car_type: ['used'] } });
    expect(searchBreadcrumbs(used, 'Used', '/', { usedCarPaths: true })).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Used Cars', href: '/used-car' },
      { label: 'Toyota', href: '/used-car/toyota' },
      { label: 'Hilux', href: '/used-car/toyota/hilux' },
    ]);
    // A site selling only used cars: every make search is a used-car search.
    expect(searchBreadcrumbs(toyotaHilux, 'Used', '/', { usedCarPaths: true, siteCarTypes: ['used'] })).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Used Cars', href: '/used-car' },
      { label: 'Toyota', href: '/used-car/toyota' },
      { label: 'Hilux', href: '/used-car/toyota/hilux' },
    ]);
    expect(searchBreadcrumbs(state({}), 'Used', '/', { usedCarPaths: true, siteCarTypes: ['used'] })).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Our Stock', href: '/search/new-used-and-demo-cars' },
    ]);
  });

  it('keeps /search/... crumbs for other searches and for sites that do not ask', () => {
    const newCars = state({ ...toyotaHilux, refinementList: { car_type: ['new'] } });
    expect(searchBreadcrumbs(newCars, 'Used', '/', { usedCarPaths: true })[2]).toEqual({
      label: 'Toyota',
      href: '/search/new-cars?menu[make]=Toyota',
    });
    expect(
      searchBreadcrumbs(toyotaHilux, 'Used', '/', { usedCarPaths: true, siteCarTypes: ['new', 'used'] })[1],
    ).toEqual({ label: 'Toyota', href: '/search/new-used-and-demo-cars?menu[make]=Toyota' });
    const used = state({ ...toyotaHilux, refinementList: { car_type: ['used'] } });
    expect(searchBreadcrumbs(used, 'Used')[1]).toEqual({ label: 'Used Cars', href: '/search/used-cars' });
  });
});
