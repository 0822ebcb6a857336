import { contactModalTitle } from './contact-modal';
import {
  groupLocationsByDealership,
  locationAction,
  LOCATION_ACTION_LABELS,
  locationTabs,
  type TabbableLocation,
} from './location-tabs';

const loc = (
  id: number,
  location_type: TabbableLocation['location_type'],
  dealership_id: number | null = 1,
  location_subtype: string | null = null,
): TabbableLocation => ({
  id,
  name: `Location ${id}`,
  location_type,
  location_subtype,
  dealership_id,
});

describe('locationTabs (spec 000 screen 1)', () => {
  it('orders tabs sales, used, service, parts; an empty type counts as sales', () => {
    const tabs = locationTabs([
      loc(1, 'parts'),
      loc(2, 'service'),
      loc(3, ''),
      loc(4, 'used'),
      loc(5, null),
      loc(6, 'sales'),
    ]);
    expect(tabs.map((tab) => [tab.type, tab.locations.map((l) => l.id)])).toEqual([
      ['sales', [3, 5, 6]],
      ['used', [4]],
      ['service', [2]],
      ['parts', [1]],
    ]);
  });

  it("normalises a 'pre-owned sales' subtype to used", () => {
    expect(locationTabs([loc(1, 'sales', 1, 'Pre-Owned Sales')]).map((tab) => tab.type)).toEqual(['used']);
  });

  it('has no tabs without locations', () => {
    expect(locationTabs([])).toEqual([]);
  });
});

describe('groupLocationsByDealership', () => {
  const dealerships = [
    { id: 2, name: 'Zeta Motors' },
    { id: 1, name: 'Alpha Motors' },
    { id: 3, name: 'Empty Motors' },
  ];

  it('groups by dealership name, drops empty dealerships and puts unknown ones last', () => {
    const groups = groupLocationsByDealership(
      [loc(1, 'service', 2), loc(2, '', 1), loc(3, 'sales', 2), loc(4, 'parts', null), loc(5, 'sales', 99)],
      dealerships,
    );
    expect(
      groups.map((group) => [
        group.name,
        group.tabs.map((tab) => `${tab.type}:${tab.locations.map((l) => l.id).join(',')}`),
      ]),
    ).toEqual([
      ['Alpha Motors', ['sales:2']],
      ['Zeta Motors', ['sales:3', 'service:1']],
      ['Other locations', ['sales:5', 'parts:4']],
    ]);
    expect(groups[0].dealership).toBe(dealerships[1]);
    expect(groups[2].dealership).toBeNull();
  });
});

describe('location card actions', () => {
  it.each([
    ['service', 'Book a Service'],
    ['parts', 'Parts Enquiry'],
    ['sales', 'Contact Us'],
    ['used', 'Contact Us'],
  ] as const)('%s locations get %s', (type, label) => {
    expect(LOCATION_ACTION_LABELS[locationAction(type)]).toBe(label);
  });

  it('titles the enquiry modal with the location name', () => {
    expect(contactModalTitle('Harbour Mazda Newcastle')).toBe('Contact Us at Harbour Mazda Newcastle');
  });
});
