import { filterChipLabels, filterChips } from './chips';
import { understandQuery } from './understand';
import { demoVocabulary } from './understanding.fixture';

/** The search page's chips, read from its URL's filters alone (issue 55). */
describe('filterChips', () => {
  it("names 'white hilux under 50k diesel auto' as the understanding named its parts", () => {
    const understood = understandQuery('white hilux under 50k diesel auto', demoVocabulary());
    const labels = filterChipLabels(understood.filters, understood.ranges);
    expect([...labels].sort()).toEqual(understood.parts.map((part) => part.label).sort());
    expect(labels).toEqual(['Toyota HiLux', 'Diesel', 'Automatic', 'White', 'Under $50,000']);
  });

  it.each([
    ['used toyota', ['Used', 'Toyota']],
    ['cab chassis 4x4', ['Cab Chassis', '4x4']],
    ['$30-40k', ['$30,000 to $40,000']],
    ['50k+', ['$50,000 and over']],
    ['under 60,000 km', ['Under 60,000 km']],
    ['2019 onwards', ['2019 or newer']],
    ['2015-2018', ['2015 to 2018']],
    ['2020 hilux', ['Toyota HiLux', '2020']],
    ['in queensland', ['Queensland']],
  ])('%s reads as %j, as the sentence did', (sentence, expected) => {
    const understood = understandQuery(sentence, demoVocabulary());
    expect(filterChipLabels(understood.filters, understood.ranges)).toEqual(expected);
    for (const label of expected) expect(understood.parts.map((part) => part.label)).toContain(label);
  });

  it('gives one chip per facet, its values as alternatives, so removing any chip widens the search', () => {
    const chips = filterChips({
      filters: {
        colour: ['Blue', 'Silver', 'Red'],
        seats: ['7', '8'],
        make: ['Ford', 'Toyota'],
        make_model: ['Toyota:HiLux'],
      },
      ranges: {},
    });
    expect(chips).toEqual([
      { label: 'Toyota HiLux or Ford', keys: ['make', 'make_model'] },
      { label: 'Blue, Silver or Red', keys: ['colour'] },
      { label: '7 or 8 seats', keys: ['seats'] },
    ]);
  });

  it("words a condition with the site's word for used, a location by its town, a dealership by its name, and the free text last", () => {
    const chips = filterChips(
      {
        query: ' sr5 ',
        filters: {
          car_type: ['used'],
          location_name: ['Werribee Isuzu UTE Sales', 'Hoppers Crossing Isuzu'],
          dealership_slug: ['harbour-toyota'],
        },
        ranges: { year: '2020:2020' },
      },
      {
        usedLabel: 'Pre-Owned',
        placeOfLocation: (name) => (name.startsWith('Werribee') ? 'Werribee' : 'Hoppers Crossing'),
        valueNames: { dealership_slug: { 'harbour-toyota': 'Harbour Toyota' } },
      },
    );
    expect(chips.map((chip) => chip.label)).toEqual([
      'Pre-Owned',
      'Near Werribee or Hoppers Crossing',
      'Harbour Toyota',
      '2020',
      '“sr5”',
    ]);
    expect(chips[4]?.keys).toEqual(['query']);
  });

  it('names a location by itself when its town is not known, and leaves out empty values and ranges', () => {
    expect(
      filterChipLabels({ location_name: ['Werribee Isuzu UTE Sales'], colour: [''], fuel: [] }, { price: '' }, {}),
    ).toEqual(['Werribee Isuzu UTE Sales']);
    expect(filterChips({ filters: {}, ranges: {}, query: '   ' })).toEqual([]);
  });
});
