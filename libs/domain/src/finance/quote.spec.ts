import { DateTime } from 'luxon';
import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import { FinanceSchema } from '../site-config/site-config.schema';
import {
  builtInQuote,
  quoteRateFor,
  quoteRequestForCar,
  solveComparisonRate,
  YouxQuoteRequestSchema,
  type QuoteRates,
  type YouxQuoteRequest,
} from './quote';

const now = DateTime.fromISO('2025-06-15T12:00:00', { zone: 'Australia/Brisbane' });

const noFees: QuoteRates = {
  quote_advertised_rate: 9.99,
  quote_establishment_fee: 0,
  quote_monthly_fee: 0,
  quote_rate_by_age: [],
};

const request = (overrides: Partial<YouxQuoteRequest> = {}): YouxQuoteRequest =>
  YouxQuoteRequestSchema.parse({ purchasePrice: 30000, year: 2022, ...overrides });

/** Spreadsheet PMT(rate, nper, pv), independent of the code under test. */
function PMT(rate: number, nper: number, pv: number): number {
  return rate === 0 ? -pv / nper : (-pv * rate * (1 + rate) ** nper) / ((1 + rate) ** nper - 1);
}

/**
 * Spreadsheet RATE(nper, pmt, pv) by Newton's method, as an independent check on the bisection:
 * the monthly rate at which nper payments of pmt are worth pv.
 */
function RATE(nper: number, pmt: number, pv: number): number {
  let rate = 0.01;
  for (let i = 0; i < 100; i++) {
    const growth = (1 + rate) ** -nper;
    const value = (pmt * (1 - growth)) / rate - pv;
    const slope = (pmt * (nper * (1 + rate) ** (-nper - 1) * rate - (1 - growth))) / rate ** 2;
    rate -= value / slope;
  }
  return rate;
}

describe('YouxQuoteRequestSchema', () => {
  it('fills the fixed and default fields of spec 001 §7', () => {
    expect(YouxQuoteRequestSchema.parse({ purchasePrice: 32990, year: 2021 })).toEqual({
      selfAssessedCreditScore: 'GREAT',
      purchasePrice: 32990,
      loanTerm: 5,
      year: 2021,
      whoIsHelping: '',
    });
  });

  it('accepts the full body, with vin and nvic null or text', () => {
    const body = {
      selfAssessedCreditScore: 'GREAT',
      purchasePrice: 32990,
      loanTerm: 7,
      year: 2021,
      vin: null,
      nvic: 'ABC123',
      whoIsHelping: '',
    };
    expect(YouxQuoteRequestSchema.parse(body)).toEqual(body);
  });

  it.each([
    [
      'a credit score other than GREAT',
      { selfAssessedCreditScore: 'GOOD' },
      ['selfAssessedCreditScore'],
      "selfAssessedCreditScore must be 'GREAT'",
    ],
    [
      'a price sent as text',
      { purchasePrice: '30000' },
      ['purchasePrice'],
      'purchasePrice must be a number of dollars',
    ],
    ['a missing price', { purchasePrice: undefined }, ['purchasePrice'], 'purchasePrice must be a number of dollars'],
    ['a term of 0', { loanTerm: 0 }, ['loanTerm'], 'loanTerm must be at least 1 year'],
    ['a term of 8', { loanTerm: 8 }, ['loanTerm'], 'loanTerm must be at most 7 years'],
    ['a term of 2.5', { loanTerm: 2.5 }, ['loanTerm'], 'loanTerm must be a whole number of years'],
    ['a fractional year', { year: 2021.5 }, ['year'], 'year must be a whole number'],
    ['a numeric vin', { vin: 123 }, ['vin'], 'vin must be text or null'],
    ['a null whoIsHelping', { whoIsHelping: null }, ['whoIsHelping'], 'whoIsHelping must be text'],
  ])('refuses %s', (_name, change, path, message) => {
    const result = YouxQuoteRequestSchema.safeParse({ purchasePrice: 30000, year: 2021, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path, message })]);
  });

  it('refuses unknown fields', () => {
    const result = YouxQuoteRequestSchema.safeParse({ purchasePrice: 30000, year: 2021, deposit: 5000 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].code).toBe('unrecognized_keys');
  });
});

describe('quoteRequestForCar', () => {
  it('asks only when the price is above 0 (spec 001 §5)', () => {
    expect(quoteRequestForCar({ price: null, year: 2021, vin: null, nvic: null })).toBeNull();
    expect(quoteRequestForCar({ price: 0, year: 2021, vin: null, nvic: null })).toBeNull();
  });

  it('builds a body the schema accepts unchanged', () => {
    const body = quoteRequestForCar({ price: 32990, year: 2021, vin: 'MR0HA3CD100123456', nvic: undefined });
    expect(body).toEqual({
      selfAssessedCreditScore: 'GREAT',
      purchasePrice: 32990,
      loanTerm: 5,
      year: 2021,
      vin: 'MR0HA3CD100123456',
      nvic: null,
      whoIsHelping: '',
    });
    expect(YouxQuoteRequestSchema.parse(body)).toEqual(body);
  });
});

describe('solveComparisonRate on the 5-year secured $30,000 loan', () => {
  it.each([0, 4.5, 6.29, 9.99, 15, 19.95])('equals the advertised %d%% when there are no fees', (rate) => {
    expect(solveComparisonRate(rate, 0, 0)).toBe(rate);
  });

  it.each([
    [6.29, 1300, 0],
    [6.29, 395 + 6 + 912.25, 8],
    [9.99, 0, 10],
    [9.99, 495, 0],
    [0, 500, 0],
  ])('at %d%% with a %d establishment fee and %d a month, matches spreadsheet RATE', (rate, establishment, monthly) => {
    const repayment = -PMT(rate / 1200, 60, 30000) + monthly;
    const expected = Math.round(RATE(60, repayment, 30000 - establishment) * 1200 * 100) / 100;
    expect(solveComparisonRate(rate, establishment, monthly)).toBe(expected);
    expect(expected).toBeGreaterThan(rate);
  });

  it('rises with each fee', () => {
    const base = solveComparisonRate(6.29, 0, 0);
    const establishment = solveComparisonRate(6.29, 1300, 0);
    const both = solveComparisonRate(6.29, 1300, 8);
    expect(establishment).toBeGreaterThan(base);
    expect(both).toBeGreaterThan(establishment);
  });
});

describe('builtInQuote', () => {
  it('returns nothing to quote when the price is 0 or less', () => {
    expect(builtInQuote(request({ purchasePrice: 0 }), noFees, now)).toBeNull();
    expect(builtInQuote(request({ purchasePrice: -1 }), noFees, now)).toBeNull();
  });

  it('quotes the platform defaults: 9.99% with no fees, comparison equal to advertised', () => {
    const weekly = Math.ceil(-PMT(0.0999 / 52, 260, 30000));
    expect(builtInQuote(request(), PLATFORM_DEFAULTS.finance, now)).toEqual({
      weeklyRepaymentAmount: weekly,
      comparisonRate: 9.99,
      advertisedRate: 9.99,
    });
  });

  it('rounds the weekly repayment up to whole dollars over the requested term', () => {
    const quote = builtInQuote(request({ purchasePrice: 45990, loanTerm: 7 }), noFees, now);
    const exact = -PMT(0.0999 / 52, 364, 45990);
    expect(quote?.weeklyRepaymentAmount).toBe(Math.ceil(exact));
    expect(Number.isInteger(quote?.weeklyRepaymentAmount)).toBe(true);
  });

  it('finances the establishment fee and spreads the monthly fee over the weeks', () => {
    const rates = { ...noFees, quote_establishment_fee: 1300, quote_monthly_fee: 8 };
    const quote = builtInQuote(request(), rates, now);
    expect(quote?.weeklyRepaymentAmount).toBe(Math.ceil(-PMT(0.0999 / 52, 260, 31300) + (8 * 12) / 52));
    expect(quote?.comparisonRate).toBe(solveComparisonRate(9.99, 1300, 8));
    expect(quote?.comparisonRate).toBeGreaterThan(9.99);
    expect(quote?.advertisedRate).toBe(9.99);
  });

  describe('rate bands by age', () => {
    const banded: QuoteRates = {
      ...noFees,
      quote_rate_by_age: [
        { max_age_years: 10, rate: 14.99 },
        { max_age_years: 3, rate: 8.49 },
      ],
    };

    it.each([
      [2026, 8.49], // next year's model counts as new
      [2025, 8.49],
      [2022, 8.49], // exactly 3 years old
      [2021, 14.99],
      [2015, 14.99], // exactly 10 years old
      [2014, 9.99], // older than every band: the advertised rate
    ])('a %d car gets %d%%', (year, rate) => {
      expect(quoteRateFor(year, banded, now)).toBe(rate);
      expect(builtInQuote(request({ year }), banded, now)).toMatchObject({
        advertisedRate: rate,
        comparisonRate: rate,
      });
    });

    it('uses the advertised rate when there are no bands', () => {
      expect(quoteRateFor(2010, noFees, now)).toBe(9.99);
    });

    it('accepts a plain Date for now', () => {
      expect(quoteRateFor(2022, banded, new Date('2025-06-15T00:00:00Z'))).toBe(8.49);
    });
  });
});

describe('the quote fields of the finance config', () => {
  it('default to 9.99%, no fees and no age bands', () => {
    expect(PLATFORM_DEFAULTS.finance).toMatchObject({
      quote_advertised_rate: 9.99,
      quote_establishment_fee: 0,
      quote_monthly_fee: 0,
      quote_rate_by_age: [],
    });
  });

  it.each([
    ['a negative establishment fee', { quote_establishment_fee: -1 }],
    ['an establishment fee that swallows the comparison loan', { quote_establishment_fee: 30000 }],
    ['a negative monthly fee', { quote_monthly_fee: -8 }],
    ['a fractional age band', { quote_rate_by_age: [{ max_age_years: 2.5, rate: 9 }] }],
    ['an age band with an unknown key', { quote_rate_by_age: [{ max_age_years: 3, rate: 9, label: 'x' }] }],
  ])('refuse %s', (_name, change) => {
    expect(FinanceSchema.safeParse({ ...PLATFORM_DEFAULTS.finance, ...change }).success).toBe(false);
  });
});
