import { conditionFactor } from './condition-adjustments';
import { Settings } from 'luxon';
import {
  TRADE_IN_LIMITS,
  TRADE_IN_MIN_COMPARABLES,
  TRADE_IN_VALID_DAYS,
  TradeInEstimateInput,
  tradeInEligibility,
  tradeInEstimate,
  TradeInVariant,
} from './trade-in-estimate';

const NOW = new Date('2026-06-15T02:00:00.000Z'); // 2026 in Sydney
const NOW_PLUS_7_DAYS = '2026-06-22T02:00:00.000Z';
/** New Year's Eve in UTC, 01:00 on 1 January 2027 in Sydney (AEDT, UTC+11). */
const SYDNEY_NEW_YEAR = new Date('2026-12-31T14:00:00.000Z');
/** One second before midnight on New Year's Eve in Sydney: still 2026 there. */
const SYDNEY_NEW_YEARS_EVE = new Date('2026-12-31T12:59:59.000Z');

const ONLINE_REASON =
  "We can't value vehicles over 7 years old or 100,000 km online. Our buying team will contact you with an offer.";
const INSTANT_REASON =
  "We can't value vehicles over 10 years old or 100,000 km online. Our buying team will contact you with an offer.";
const TOO_FEW_REASON =
  'There are not enough similar vehicles on the market to estimate this one online. Our buying team will contact you with an offer.';

const input = (overrides: Partial<TradeInEstimateInput> = {}): TradeInEstimateInput => ({
  year: 2022,
  km: 40_000,
  comparablePrices: [10_000, 20_000, 30_000, 40_000, 50_000],
  variant: 'online_estimate',
  margin: 0,
  now: NOW,
  ...overrides,
});

describe('constants (spec 001 §9)', () => {
  it('limits the online estimate to 7 years and the instant range to 10 years, both 100,000 km', () => {
    expect(TRADE_IN_LIMITS).toEqual({
      online_estimate: { maxAgeYears: 7, maxKm: 100_000 },
      instant_range: { maxAgeYears: 10, maxKm: 100_000 },
    });
  });

  it('keeps an estimate valid for 7 days and needs 3 comparables', () => {
    expect(TRADE_IN_VALID_DAYS).toBe(7);
    expect(TRADE_IN_MIN_COMPARABLES).toBe(3);
  });
});

describe('tradeInEligibility', () => {
  it.each<[TradeInVariant, number, number, string | null]>([
    ['online_estimate', 2026, 0, null],
    ['online_estimate', 2027, 0, null],
    ['online_estimate', 2019, 40_000, null],
    ['online_estimate', 2018, 40_000, ONLINE_REASON],
    ['online_estimate', 2022, 100_000, null],
    ['online_estimate', 2022, 100_001, ONLINE_REASON],
    ['online_estimate', 2019, 100_000, null],
    ['online_estimate', 2018, 100_001, ONLINE_REASON],
    ['instant_range', 2019, 40_000, null],
    ['instant_range', 2018, 40_000, null],
    ['instant_range', 2016, 40_000, null],
    ['instant_range', 2015, 40_000, INSTANT_REASON],
    ['instant_range', 2022, 100_000, null],
    ['instant_range', 2022, 100_001, INSTANT_REASON],
    ['instant_range', 2016, 100_000, null],
  ])('%s: a %i car with %i km -> %j', (variant, year, km, reason) => {
    expect(tradeInEligibility(year, km, variant, NOW)).toBe(reason);
  });

  it("counts the age in Sydney: on New Year's Eve in UTC it is already 2027", () => {
    expect(tradeInEligibility(2020, 0, 'online_estimate', SYDNEY_NEW_YEAR)).toBeNull();
    expect(tradeInEligibility(2019, 0, 'online_estimate', SYDNEY_NEW_YEAR)).toBe(ONLINE_REASON);
    expect(tradeInEligibility(2017, 0, 'instant_range', SYDNEY_NEW_YEAR)).toBeNull();
    expect(tradeInEligibility(2016, 0, 'instant_range', SYDNEY_NEW_YEAR)).toBe(INSTANT_REASON);
  });

  it('a second before midnight in Sydney it is still 2026', () => {
    expect(tradeInEligibility(2019, 0, 'online_estimate', SYDNEY_NEW_YEARS_EVE)).toBeNull();
    expect(tradeInEligibility(2018, 0, 'online_estimate', SYDNEY_NEW_YEARS_EVE)).toBe(ONLINE_REASON);
    expect(tradeInEligibility(2016, 0, 'instant_range', SYDNEY_NEW_YEARS_EVE)).toBeNull();
    expect(tradeInEligibility(2015, 0, 'instant_range', SYDNEY_NEW_YEARS_EVE)).toBe(INSTANT_REASON);
  });
});

describe('tradeInEstimate', () => {
  describe('eligibility', () => {
    it.each<[TradeInVariant, number, number, string | null]>([
      ['online_estimate', 2019, 100_000, null],
      ['online_estimate', 2018, 50_000, ONLINE_REASON],
      ['online_estimate', 2022, 100_001, ONLINE_REASON],
      ['instant_range', 2016, 100_000, null],
      ['instant_range', 2015, 50_000, INSTANT_REASON],
      ['instant_range', 2022, 100_001, INSTANT_REASON],
    ])('%s: a %i car with %i km -> reason %j', (variant, year, km, reason) => {
      const result = tradeInEstimate(input({ variant, year, km }));
      if (reason === null) {
        expect(result).toMatchObject({ status: 'estimate', reason: null });
      } else {
        expect(result).toEqual({
          status: 'no_estimate',
          low: null,
          high: null,
          comparables: 5,
          valid_until: NOW_PLUS_7_DAYS,
          reason,
        });
      }
    });

    it('gives the age reason before the comparables one', () => {
      expect(tradeInEstimate(input({ year: 2010, comparablePrices: [] }))).toMatchObject({
        status: 'no_estimate',
        comparables: 0,
        reason: ONLINE_REASON,
      });
    });

    it("reads the age in Sydney on New Year's Eve in UTC", () => {
      expect(tradeInEstimate(input({ year: 2019, now: SYDNEY_NEW_YEAR })).reason).toBe(ONLINE_REASON);
      expect(tradeInEstimate(input({ year: 2019, now: SYDNEY_NEW_YEARS_EVE })).status).toBe('estimate');
    });
  });

  describe('comparables', () => {
    it.each([[[]], [[25_000]], [[25_000, 30_000]]])(
      '%j is too few: no estimate, with the reason',
      (comparablePrices) => {
        expect(tradeInEstimate(input({ comparablePrices }))).toEqual({
          status: 'no_estimate',
          low: null,
          high: null,
          comparables: comparablePrices.length,
          valid_until: NOW_PLUS_7_DAYS,
          reason: TOO_FEW_REASON,
        });
      },
    );

    it('ignores non-positive and non-finite prices, counting only the rest', () => {
      expect(
        tradeInEstimate(input({ comparablePrices: [0, -5_000, 20_000, Number.NaN, 30_000, Number.POSITIVE_INFINITY] })),
      ).toMatchObject({
        status: 'no_estimate',
        comparables: 2,
        reason: TOO_FEW_REASON,
      });
      // [20,000, 30,000, 40,000]: quartiles 25,000 and 35,000 (interpolated), median 30,000.
      expect(tradeInEstimate(input({ comparablePrices: [0, -5_000, 40_000, 20_000, 30_000, -1] }))).toEqual({
        status: 'estimate',
        low: 25_000,
        high: 35_000,
        comparables: 3,
        valid_until: NOW_PLUS_7_DAYS,
        reason: null,
      });
    });
  });

  describe('the range', () => {
    it('is the interquartile range of the prices less the margin', () => {
      // Sorted 10k..50k: Q1 20,000, median 30,000, Q3 40,000; less 20% -> 16,000 to 32,000.
      expect(
        tradeInEstimate(input({ comparablePrices: [50_000, 10_000, 40_000, 20_000, 30_000], margin: 0.2 })),
      ).toEqual({
        status: 'estimate',
        low: 16_000,
        high: 32_000,
        comparables: 5,
        valid_until: NOW_PLUS_7_DAYS,
        reason: null,
      });
    });

    it('is the unadjusted interquartile range with no margin', () => {
      expect(tradeInEstimate(input({ margin: 0 }))).toMatchObject({ low: 20_000, high: 40_000 });
    });

    it('moves the range by the condition answers (an accident takes 10% off both ends)', () => {
      const adjustment = conditionFactor({ 'Any accident damage?': 'Yes' });
      expect(tradeInEstimate(input({ margin: 0, adjustment }))).toMatchObject({ low: 18_000, high: 36_000 });
    });

    it('interpolates the quartiles of an even count and rounds to $100', () => {
      // Q1 17,500 and Q3 32,500; less 10% -> 15,750 and 29,250 -> 15,800 and 29,300 (halves round up).
      expect(tradeInEstimate(input({ comparablePrices: [10_000, 20_000, 30_000, 40_000], margin: 0.1 }))).toMatchObject(
        {
          status: 'estimate',
          low: 15_800,
          high: 29_300,
          comparables: 4,
        },
      );
    });

    it('follows a skewed spread rather than centring it on the median', () => {
      // Q1 11,000, median 12,000, Q3 30,000: the range is 11,000 to 30,000, never below the cheaper comparables.
      expect(tradeInEstimate(input({ comparablePrices: [10_000, 11_000, 12_000, 30_000, 40_000] }))).toMatchObject({
        low: 11_000,
        high: 30_000,
      });
    });

    it('is at least 5% of the centre either side of it', () => {
      // Q1 24,500, median 25,000, Q3 25,500; less 15%: centre 21,250, quartiles 20,825 and 21,675 are narrower than
      // 5% (1,062.50) -> 20,187.50 and 22,312.50 -> 20,200 and 22,300.
      expect(
        tradeInEstimate(input({ comparablePrices: [24_000, 24_500, 25_000, 25_500, 26_000], margin: 0.15 })),
      ).toMatchObject({
        low: 20_200,
        high: 22_300,
      });
    });

    it('widens only the side that is narrower than 5%', () => {
      // Q1 20,100, median 20,200 (5% = 1,010), Q3 30,000 -> low 19,190 -> 19,200; high stays 30,000.
      expect(tradeInEstimate(input({ comparablePrices: [20_000, 20_100, 20_200, 30_000, 40_000] }))).toMatchObject({
        low: 19_200,
        high: 30_000,
      });
    });

    it('gives identical prices a 5% band either side', () => {
      expect(tradeInEstimate(input({ comparablePrices: [20_000, 20_000, 20_000] }))).toMatchObject({
        status: 'estimate',
        low: 19_000,
        high: 21_000,
      });
      expect(tradeInEstimate(input({ comparablePrices: [20_000, 20_000, 20_000], margin: 0.1 }))).toMatchObject({
        low: 17_100,
        high: 18_900,
      });
    });

    it('does not depend on the order of the prices or mutate them', () => {
      const prices = Object.freeze([40_000, 10_000, 30_000, 50_000, 20_000]);
      expect(tradeInEstimate(input({ comparablePrices: prices, margin: 0.2 }))).toMatchObject({
        low: 16_000,
        high: 32_000,
      });
      expect(prices).toEqual([40_000, 10_000, 30_000, 50_000, 20_000]);
    });
  });

  describe('valid_until', () => {
    afterEach(() => {
      Settings.defaultZone = 'system';
    });

    it('is now plus 7 days, as a UTC ISO timestamp, for estimates and refusals alike', () => {
      expect(tradeInEstimate(input()).valid_until).toBe(NOW_PLUS_7_DAYS);
      expect(tradeInEstimate(input({ comparablePrices: [] })).valid_until).toBe(NOW_PLUS_7_DAYS);
      expect(tradeInEstimate(input({ year: 2000 })).valid_until).toBe(NOW_PLUS_7_DAYS);
      expect(tradeInEstimate(input({ now: SYDNEY_NEW_YEAR })).valid_until).toBe('2027-01-07T14:00:00.000Z');
    });

    it('is exactly 7 x 24 hours later whatever the server time zone, across a daylight-saving change', () => {
      // Daylight saving ends in Sydney on 5 April 2026.
      const now = new Date('2026-03-31T00:00:00.000Z');
      for (const zone of ['Australia/Sydney', 'America/New_York', 'UTC']) {
        Settings.defaultZone = zone;
        expect(tradeInEstimate(input({ now })).valid_until).toBe(
          new Date(now.getTime() + 7 * 24 * 3_600_000).toISOString(),
        );
      }
    });
  });
});
