import { SearchRequestSchema } from '../search-request';
import { combineParts, MAX_SENTENCE_LENGTH, searchRequestOf, understandQuery } from './understand';
import { buildUnderstandingVocabulary, budgetLoanOf, type PlacePoint, type UnderstandingSource } from './vocabulary';
import { demoVocabulary, PLATFORM_LOAN } from './understanding.fixture';
import { PLATFORM_DEFAULTS } from '../../site-config/platform-defaults';

const place = (locality: string, postcode: string, state: string, lat: number, lng: number): PlacePoint => ({
  locality,
  postcode,
  state,
  type: 'Delivery Area',
  lat,
  lng,
});

/** A single-brand ute dealer: its own vocabulary, one yard, a few places around it. */
const UTE_DEALER: UnderstandingSource = {
  facets: {
    make: { Isuzu: 120 },
    make_model: { 'Isuzu:D-MAX': 90, 'Isuzu:MU-X': 30 },
    body: { ute: 70, cabChassis: 20, suv: 30 },
    fuel: { Diesel: 120 },
    transmission: { Automatic: 100, Manual: 20 },
    colour: { White: 60, 'Cosmic Black': 10 },
    car_type: { new: 80, demo: 10, used: 30 },
    seats: { '2': 20, '5': 70, '7': 30 },
    filtered_features: { 'Tow Bar': 40, Canopy: 12 },
    location_name: { 'Ute Yard Werribee': 120 },
  },
  locations: [{ name: 'Ute Yard Werribee', lat: -37.9, lng: 144.664 }],
  places: [
    place('WERRIBEE', '3030', 'VIC', -37.8998, 144.6641),
    place('HOPPERS CROSSING', '3029', 'VIC', -37.8826, 144.7003),
    place('GEELONG', '3220', 'VIC', -38.1499, 144.3617),
    place('RICHMOND', '3121', 'VIC', -37.8182, 145.0018),
    place('RICHMOND', '2753', 'NSW', -33.5999, 150.7517),
  ],
  loan: PLATFORM_LOAN,
  currentYear: 2026,
};
const ute = buildUnderstandingVocabulary(UTE_DEALER);
const understand = (sentence: string) => understandQuery(sentence, ute);

describe('understandQuery', () => {
  describe("the site's own vocabulary", () => {
    it.each([
      ['dmax', { make: ['Isuzu'], make_model: ['Isuzu:D-MAX'] }],
      ['Isuzu MU-X', { make: ['Isuzu'], make_model: ['Isuzu:MU-X'] }],
      ['tray back', { body: ['cabChassis'] }],
      ['black', {}],
      ['cosmic black', { colour: ['Cosmic Black'] }],
      ['manual', { transmission: ['Manual'] }],
      ['7 seater', { seats: ['7'] }],
      ['towbar', { filtered_features: ['Tow Bar'] }],
    ])('%s', (sentence, filters) => {
      expect(understand(sentence).filters).toEqual(filters);
    });

    it("leaves makes, models and values the site does not have as free text ('merc' with no Mercedes-Benz)", () => {
      expect(understand('toyota hilux petrol merc')).toMatchObject({ filters: {}, text: 'toyota hilux petrol merc' });
    });

    it("names used cars the site's way", () => {
      const preOwned = buildUnderstandingVocabulary({ ...UTE_DEALER, usedLabel: 'Pre-Owned' });
      expect(understandQuery('second hand', preOwned).parts[0]?.label).toBe('Pre-Owned');
      expect(understandQuery('pre-owned', preOwned).filters).toEqual({ car_type: ['used'] });
    });
  });

  describe('parts: one chip each, with what it set, its label and where it came from', () => {
    it('white hilux under 50k near Werribee', () => {
      const sentence = 'white hilux under 50k near Werribee';
      const { parts } = understandQuery(sentence, demoVocabulary());
      expect(
        parts.map((part) => [part.kind, part.label, part.keys, sentence.slice(part.span.start, part.span.end)]),
      ).toEqual([
        ['colour', 'White', ['colour'], 'white'],
        ['model', 'Toyota HiLux', ['make', 'make_model'], 'hilux'],
        ['price', 'Under $50,000', ['price'], 'under 50k'],
        ['location', 'Near Werribee', ['location_name'], 'near Werribee'],
      ]);
    });

    it('a make beside its model is one part', () => {
      const { parts } = understandQuery('merc c-class', demoVocabulary());
      expect(parts).toHaveLength(1);
      expect(parts[0]).toMatchObject({ label: 'Mercedes-Benz C-Class', span: { start: 0, end: 12 } });
    });

    it.each([
      ['under 50k', 'Under $50,000', { price: ':50000' }],
      ['$30-40k', '$30,000 to $40,000', { price: '30000:40000' }],
      ['50k+', '$50,000 and over', { price: '50000:' }],
      ['around $30k', 'Around $30,000', { price: '27000:33000' }],
      ['under 60,000 km', 'Under 60,000 km', { km: ':60000' }],
      ['low kms', 'Low km (under 50,000 km)', { km: ':50000' }],
      ['2019 onwards', '2019 or newer', { year: '2019:' }],
      ['2015 to 2018', '2015 to 2018', { year: '2015:2018' }],
      ['pre 2010', '2009 or older', { year: ':2009' }],
      ['2020 model', '2020', { year: '2020:2020' }],
      ['less than 5 years old', 'Under 5 years old', { year: '2021:' }],
    ])('%s reads as %s', (sentence, label, ranges) => {
      const understood = understand(sentence);
      expect(understood.ranges).toEqual(ranges);
      expect(understood.parts.map((part) => part.label)).toEqual([label]);
      expect(understood.text).toBe('');
    });
  });

  describe('a weekly budget goes through the finance calculator', () => {
    it('at the loan the calculator opens with, and says so', () => {
      const [part] = understand('under $150 a week').parts;
      expect(part).toMatchObject({ kind: 'weekly', label: 'Under $150 a week', ranges: { price: ':30667' } });
      expect(part?.detail).toContain('10% p.a. over 5 years, no deposit');
    });

    it("at the site's own rate and term", () => {
      const finance = { ...PLATFORM_DEFAULTS.finance, interest_default: 7, term_default_years: 7 };
      const site = buildUnderstandingVocabulary({ ...UTE_DEALER, loan: budgetLoanOf(finance) });
      // 150 x (1 - (1 + 0.07/52)^-364) / (0.07/52) = 43,141.99
      expect(understandQuery('150 pw', site).ranges).toEqual({ price: ':43141' });
    });

    it('with the deposit the shopper names', () => {
      expect(understand('under $150 a week with $5k deposit').ranges).toEqual({ price: ':35667' });
      expect(understand('$5k deposit').text).toBe('5k deposit');
    });

    it('not at all on a site without finance', () => {
      const site = buildUnderstandingVocabulary({ ...UTE_DEALER, loan: null });
      expect(understandQuery('under 150 a week', site)).toMatchObject({ ranges: {}, text: 'under 150 week' });
    });
  });

  describe('places: the stock locations nearest the place', () => {
    it.each(['near werribee', 'werribee', 'around hoppers crossing', 'near 3029', 'ute 3030'])('%s', (sentence) => {
      expect(understand(sentence).filters.location_name).toEqual(['Ute Yard Werribee']);
    });

    it('far away, the nearest location still; the chip says how far', () => {
      const [part] = understand('near richmond nsw').parts;
      expect(part).toMatchObject({ label: 'Near Richmond', filters: { location_name: ['Ute Yard Werribee'] } });
      expect(part?.detail).toMatch(/^Ute Yard Werribee \(\d{3} km\)$/);
    });

    it("a place too far to go without 'near' stays a word; 'in white' is a colour", () => {
      expect(understand('geelong').text).toBe('geelong');
      expect(understand('in white').filters).toEqual({ colour: ['White'] });
    });

    it("a number that names a model is not a postcode ('peugeot 3008')", () => {
      expect(understandQuery('peugeot 3008', demoVocabulary()).text).toBe('peugeot 3008');
    });

    it('without place data, places stay free text', () => {
      const site = buildUnderstandingVocabulary({ ...UTE_DEALER, places: [] });
      expect(understandQuery('near werribee', site)).toMatchObject({ filters: {}, text: 'werribee' });
    });
  });

  describe('what is left', () => {
    it('keeps the words not understood, in order, as typed; drops filler', () => {
      expect(understandQuery('I want a Hilux SR5, in white, for towing!', demoVocabulary()).text).toBe('SR5 towing');
    });

    it('is the request: the schema takes it as it is', () => {
      const understood = understandQuery(
        'used diesel dual cab sr5 under 40k 2019 onwards near kedron',
        demoVocabulary(),
      );
      expect(SearchRequestSchema.safeParse(searchRequestOf(understood)).success).toBe(true);
      expect(searchRequestOf(understood).query).toBe('sr5');
    });

    it('removing a part is the same request without it', () => {
      const { parts } = understandQuery('diesel ute under 50k', demoVocabulary());
      expect(combineParts(parts.filter((part) => part.kind !== 'price'))).toEqual({
        filters: { fuel: ['Diesel'], body: ['ute'] },
        ranges: {},
      });
    });

    it('reads only the first 500 characters of a pasted page, in whole words', () => {
      const page = `${'blah '.repeat(99)}hilux diesel`;
      expect(page.length).toBeGreaterThan(MAX_SENTENCE_LENGTH);
      const understood = understandQuery(page, demoVocabulary());
      expect(understood.filters).toEqual({ make: ['Toyota'], make_model: ['Toyota:HiLux'] });
      expect(understood.text.split(' ')).toHaveLength(40);
    });

    it('two limits on one range are both kept', () => {
      expect(understand('over 20k under 50k').ranges).toEqual({ price: '20000:50000' });
      expect(understand('under 50k under $150 a week').ranges).toEqual({ price: ':30667' });
    });
  });
});
