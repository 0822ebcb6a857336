import { PLATFORM_DEFAULTS } from '../../site-config/platform-defaults';
import { squash } from './tokens';
import { budgetLoanOf, buildUnderstandingVocabulary, placesFromPostcodeData } from './vocabulary';

const vocabulary = buildUnderstandingVocabulary({
  facets: {
    make: { Toyota: 3, 'Mercedes-Benz': 1 },
    make_model: {
      'Toyota:LandCruiser 300': 1,
      'Toyota:LandCruiser 70': 1,
      'Toyota:HiLux': 1,
      'Mercedes-Benz:C-Class': 1,
    },
    body: { cabChassis: 1, peopleMover: 1 },
    filtered_features: { Sunroof: 1, 'Panoramic Sunroof': 1, 'Tow Bar': 1 },
    seats: { '8': 1, '5': 1, x: 1 },
  },
  locations: [],
  currentYear: 2026,
});
const term = (phrase: string) => vocabulary.terms.get(squash(phrase));

describe('buildUnderstandingVocabulary', () => {
  it("is the site's own values, found however a shopper spaces or punctuates them", () => {
    expect(term('hi lux')?.filters).toEqual({ make: ['Toyota'], make_model: ['Toyota:HiLux'] });
    expect(term('Toyota Hilux')).toBe(term('hilux'));
    expect(term('cab chassis')?.label).toBe('Cab Chassis');
    expect(term('people mover')?.filters).toEqual({ body: ['peopleMover'] });
  });

  it('a model family is every model of it', () => {
    expect(term('landcruiser')).toMatchObject({
      label: 'Toyota LandCruiser',
      filters: { make_model: ['Toyota:LandCruiser 300', 'Toyota:LandCruiser 70'] },
    });
  });

  it('an alias applies only where the site has its value', () => {
    expect(term('merc')?.filters).toEqual({ make: ['Mercedes-Benz'] });
    expect(term('vw')).toBeUndefined();
    expect(term('dual cab')).toBeUndefined();
    expect(term('tray back')?.filters).toEqual({ body: ['cabChassis'] });
  });

  it("a feature word is every feature of the site's that holds it", () => {
    expect(term('sunroof')?.filters.filtered_features).toEqual(['Sunroof', 'Panoramic Sunroof']);
    expect(term('panoramic roof')?.filters.filtered_features).toEqual(['Panoramic Sunroof']);
    expect(term('towbar')?.filters.filtered_features).toEqual(['Tow Bar']);
  });

  it('keeps the seat counts that are numbers, ascending', () => {
    expect(vocabulary.seats).toEqual([5, 8]);
  });
});

describe('budgetLoanOf', () => {
  it("is the finance calculator's opening loan: the site's rate, term, fees and rounding, no deposit", () => {
    expect(budgetLoanOf(PLATFORM_DEFAULTS.finance)).toEqual({
      interestPercent: 10,
      termYears: 5,
      deposit: 0,
      fees: [],
      rounding: 'up',
    });
  });
});

describe('placesFromPostcodeData', () => {
  it("takes the suburb's own point, else the postcode's, and skips rows that are not a postcode", () => {
    expect(
      placesFromPostcodeData([
        {
          postcode: '3030',
          locality: 'WERRIBEE',
          state: 'VIC',
          lat: -37.9,
          long: 144.6,
          Lat_precise: -37.89,
          Long_precise: 144.66,
        },
        {
          postcode: '3029',
          locality: 'TARNEIT',
          state: 'VIC',
          lat: -37.85,
          long: 144.65,
          Lat_precise: 0,
          Long_precise: 0,
        },
        { postcode: '30', locality: 'NOWHERE', state: 'VIC', lat: 1, long: 1 },
      ]),
    ).toEqual([
      { postcode: '3030', locality: 'WERRIBEE', state: 'VIC', type: '', lat: -37.89, lng: 144.66 },
      { postcode: '3029', locality: 'TARNEIT', state: 'VIC', type: '', lat: -37.85, lng: 144.65 },
    ]);
  });
});
