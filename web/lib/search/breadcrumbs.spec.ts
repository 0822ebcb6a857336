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
