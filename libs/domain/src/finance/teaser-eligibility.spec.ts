import { DateTime } from 'luxon';
import type { Car } from '../entities/car';
import type { FinanceLenderEntry } from '../entities/finance-lender';
import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import {
  COMPARISON_RATE_WARNING,
  financeDisclaimer,
  financeTeaser,
  quoteMayStandIn,
  shortDisclaimer,
  type FinanceTeaser,
  type FinanceTeaserOptions,
  type TeaserIneligibleReason,
  type TeaserProvider,
} from './teaser-eligibility';

const now = new Date('2025-06-15T02:00:00Z');

/** An entry that states no term, deposit, balloon or establishment fee. */
const NO_LOAN = { termYears: null, deposit: null, balloon: null, establishmentFees: null };

const entry: FinanceLenderEntry = {
  interestRate: 8.99,
  comparisonRate: 9.49,
  paymentWeek: 139,
  paymentMonth: 602,
  disclaimer: 'Finance is subject to credit approval. 5 year term, 10.0% deposit, 30.0% final payment.',
};

function car(provider: string, overrides: Partial<Car> = {}, lender: FinanceLenderEntry | null = entry) {
  return {
    status: 'in_stock' as const,
    price: 32990,
    year: 2021,
    make: 'Toyota',
    dealership_id: 7,
    finance_lenders: { [provider]: lender },
    youxQuote: null,
    ...overrides,
  };
}

function options(
  provider: TeaserProvider | 'none',
  finance: Partial<FinanceTeaserOptions['finance']> = {},
): FinanceTeaserOptions {
  return { finance: { ...PLATFORM_DEFAULTS.finance, provider, ...finance }, now };
}

const teaser = (provider: TeaserProvider, overrides: Partial<Car> = {}, lender: FinanceLenderEntry | null = entry) =>
  financeTeaser(car(provider, overrides, lender), options(provider));

const LENDER_PROVIDERS: TeaserProvider[] = [
  'taurus',
  '360_finance',
  'ausloans',
  'manual',
  'angle',
  'powertorque',
  'nissan_finance',
];

describe('rules every provider shares', () => {
  it('shows nothing when the site has no provider', () => {
    expect(financeTeaser(car('taurus'), options('none'))).toEqual({ eligible: false, reason: 'no_provider' });
  });

  it.each(LENDER_PROVIDERS)('%s: none when the entry is missing, null or empty (told apart)', (provider) => {
    expect(financeTeaser({ ...car(provider), finance_lenders: null }, options(provider))).toEqual({
      eligible: false,
      reason: 'no_lender_entry',
    });
    expect(financeTeaser({ ...car(provider), finance_lenders: {} }, options(provider))).toEqual({
      eligible: false,
      reason: 'no_lender_entry',
    });
    expect(teaser(provider, {}, null)).toEqual({ eligible: false, reason: 'empty_lender_entry' });
    expect(teaser(provider, {}, {})).toEqual({ eligible: false, reason: 'empty_lender_entry' });
    expect(teaser(provider, {}, { interestRate: null, comparisonRate: null, disclaimer: null })).toEqual({
      eligible: false,
      reason: 'empty_lender_entry',
    });
  });

  it.each(LENDER_PROVIDERS)('%s: none when the interest or comparison rate is null', (provider) => {
    expect(teaser(provider, {}, { ...entry, interestRate: null })).toEqual({ eligible: false, reason: 'missing_rate' });
    expect(teaser(provider, {}, { ...entry, comparisonRate: null })).toEqual({
      eligible: false,
      reason: 'missing_rate',
    });
  });

  it.each(LENDER_PROVIDERS)('%s: none for Suzuki, whatever the case', (provider) => {
    for (const make of ['Suzuki', 'SUZUKI', 'suzuki ']) {
      expect(teaser(provider, { make })).toEqual({ eligible: false, reason: 'excluded_make' });
    }
  });

  it('excludes the makes the site lists instead of Suzuki when it overrides the list', () => {
    const finance = { teaser_excluded_makes: ['Mahindra'] };
    expect(financeTeaser(car('ausloans', { make: 'mahindra' }), options('ausloans', finance)).eligible).toBe(false);
    expect(financeTeaser(car('ausloans', { make: 'Suzuki' }), options('ausloans', finance)).eligible).toBe(true);
  });

  it.each(LENDER_PROVIDERS)('%s: none for a listed dealership', (provider) => {
    const listed = options(provider, { teaser_excluded_dealership_ids: [3, 7] });
    expect(financeTeaser(car(provider), listed)).toEqual({ eligible: false, reason: 'excluded_dealership' });
    expect(financeTeaser(car(provider, { dealership_id: 8 }), listed).eligible).toBe(true);
  });

  it('reads the entry of the configured provider only', () => {
    const other = { ...car('taurus'), finance_lenders: { manual: entry } };
    expect(financeTeaser(other, options('taurus'))).toEqual({ eligible: false, reason: 'no_lender_entry' });
  });
});

describe('the loan behind the teaser', () => {
  it('carries the term, deposit and balloon the lender states, for the calculator to open with', () => {
    expect(teaser('taurus', {}, { ...entry, termYears: 7, deposit: 5000, balloon: 12000 })).toMatchObject({
      eligible: true,
      termYears: 7,
      deposit: 5000,
      balloon: 12000,
    });
  });

  it("carries the lender's establishment fee, which its payment is priced with", () => {
    expect(teaser('taurus', {}, { ...entry, establishmentFees: 395 })).toMatchObject({
      eligible: true,
      establishmentFees: 395,
    });
  });

  it('reads a term given in months as years', () => {
    expect(teaser('taurus', {}, { ...entry, termMonths: 60 })).toMatchObject({ eligible: true, termYears: 5 });
  });
});

describe('Taurus', () => {
  it('is eligible with the entry figures', () => {
    expect(teaser('taurus')).toEqual({
      eligible: true,
      provider: 'taurus',
      weekly: 139,
      monthly: 602,
      interestRate: 8.99,
      comparisonRate: 9.49,
      ...NO_LOAN,
    });
  });

  it.each([
    [2014, true],
    [2013, false], // exactly 12 years old in 2025
    [2005, false],
    [2026, true],
  ])('a %d car is eligible: %p', (year, eligible) => {
    const result = teaser('taurus', { year });
    expect(result.eligible).toBe(eligible);
    if (!eligible) expect(result).toEqual({ eligible: false, reason: 'too_old' });
  });

  it.each([
    [500, false],
    [501, true],
    [null, false],
    [0, false],
  ])('a price of %p is eligible: %p', (price, eligible) => {
    expect(teaser('taurus', { price }).eligible).toBe(eligible);
  });

  it.each([
    ['in_stock', true],
    ['coming_soon', true],
    ['sold', false],
  ] as const)('status %s is eligible: %p', (status, eligible) => {
    expect(teaser('taurus', { status }).eligible).toBe(eligible);
  });

  it('does not need a weekly or monthly payment', () => {
    expect(teaser('taurus', {}, { ...entry, paymentWeek: null, paymentMonth: null })).toMatchObject({
      eligible: true,
      weekly: null,
      monthly: null,
    });
  });

  it('counts the year in Australia: 1am on 1 January in Sydney is already the new year', () => {
    const newYearsEveUtc = new Date('2024-12-31T14:00:00Z');
    const sydney = financeTeaser(car('taurus', { year: 2013 }), { ...options('taurus'), now: newYearsEveUtc });
    expect(sydney).toEqual({ eligible: false, reason: 'too_old' });
    const utc = financeTeaser(car('taurus', { year: 2013 }), {
      ...options('taurus'),
      now: DateTime.fromJSDate(newYearsEveUtc, { zone: 'UTC' }),
    });
    expect(utc.eligible).toBe(true);
  });
});

describe.each(['360_finance', 'ausloans'] as const)('%s', (provider) => {
  it('needs only availability', () => {
    expect(teaser(provider, { price: 0, year: 1990 }, { interestRate: 7.5, comparisonRate: 8.1 })).toEqual({
      eligible: true,
      provider,
      weekly: null,
      monthly: null,
      interestRate: 7.5,
      comparisonRate: 8.1,
      ...NO_LOAN,
    });
  });

  it.each([
    ['in_stock', true],
    ['coming_soon', true],
    ['sold', false],
  ] as const)('status %s is eligible: %p', (status, eligible) => {
    expect(teaser(provider, { status }).eligible).toBe(eligible);
  });
});

describe.each(['manual', 'angle', 'powertorque'] as const)('%s', (provider) => {
  it('is eligible with a weekly payment, regardless of age', () => {
    expect(teaser(provider, { year: 1995 })).toEqual({
      eligible: true,
      provider,
      weekly: 139,
      monthly: 602,
      interestRate: 8.99,
      comparisonRate: 9.49,
      ...NO_LOAN,
    });
  });

  it.each([
    [500, false],
    [501, true],
  ])('a price of %d is eligible: %p', (price, eligible) => {
    expect(teaser(provider, { price }).eligible).toBe(eligible);
  });

  it('needs the car available', () => {
    expect(teaser(provider, { status: 'sold' })).toEqual({ eligible: false, reason: 'unavailable' });
    expect(teaser(provider, { status: 'coming_soon' }).eligible).toBe(true);
  });

  it('needs the weekly payment but not the monthly one', () => {
    expect(teaser(provider, {}, { ...entry, paymentWeek: null })).toEqual({
      eligible: false,
      reason: 'missing_weekly_payment',
    });
    expect(teaser(provider, {}, { ...entry, paymentMonth: null })).toMatchObject({ eligible: true, monthly: null });
  });
});

describe('Nissan Finance', () => {
  it('is eligible with a monthly payment', () => {
    expect(teaser('nissan_finance', { make: 'Nissan' })).toEqual({
      eligible: true,
      provider: 'nissan_finance',
      weekly: 139,
      monthly: 602,
      interestRate: 8.99,
      comparisonRate: 9.49,
      ...NO_LOAN,
    });
  });

  it.each([
    [500, false],
    [501, true],
  ])('a price of %d is eligible: %p', (price, eligible) => {
    expect(teaser('nissan_finance', { price }).eligible).toBe(eligible);
  });

  it('needs the car available', () => {
    expect(teaser('nissan_finance', { status: 'sold' })).toEqual({ eligible: false, reason: 'unavailable' });
  });

  it('needs the monthly payment but not the weekly one', () => {
    expect(teaser('nissan_finance', {}, { ...entry, paymentMonth: null })).toEqual({
      eligible: false,
      reason: 'missing_monthly_payment',
    });
    expect(teaser('nissan_finance', {}, { ...entry, paymentWeek: null })).toMatchObject({
      eligible: true,
      weekly: null,
    });
  });
});

describe('youx (figures from the quote service)', () => {
  const quote = { weeklyRepaymentAmount: 147, comparisonRate: 10.42, advertisedRate: 9.99 };
  const youx = (overrides: Partial<Car> = {}) =>
    financeTeaser(car('youx', { youxQuote: quote, ...overrides }, null), options('youx'));

  it('is eligible with the quoted weekly payment', () => {
    expect(youx()).toEqual({
      eligible: true,
      provider: 'youx',
      weekly: 147,
      monthly: null,
      interestRate: 9.99,
      comparisonRate: 10.42,
      ...NO_LOAN,
    });
  });

  it('needs a quote, a price above 0 and an available car', () => {
    expect(youx({ youxQuote: null })).toEqual({ eligible: false, reason: 'no_lender_entry' });
    expect(youx({ youxQuote: { ...quote, comparisonRate: null } })).toEqual({
      eligible: false,
      reason: 'missing_rate',
    });
    expect(youx({ price: 0 })).toEqual({ eligible: false, reason: 'price_not_above_minimum' });
    expect(youx({ price: 1 }).eligible).toBe(true);
    expect(youx({ status: 'sold' })).toEqual({ eligible: false, reason: 'unavailable' });
    expect(youx({ make: 'Suzuki' })).toEqual({ eligible: false, reason: 'excluded_make' });
  });
});

describe('financeDisclaimer', () => {
  it("reads the provider's disclaimer", () => {
    expect(financeDisclaimer(car('taurus'), 'taurus')).toBe(entry.disclaimer);
  });

  it('is null without an entry, a disclaimer or any text', () => {
    expect(financeDisclaimer(car('taurus'), 'manual')).toBeNull();
    expect(financeDisclaimer({ finance_lenders: null }, 'taurus')).toBeNull();
    expect(financeDisclaimer(car('taurus', {}, { ...entry, disclaimer: null }), 'taurus')).toBeNull();
    expect(financeDisclaimer(car('taurus', {}, { ...entry, disclaimer: '  ' }), 'taurus')).toBeNull();
  });
});

describe('shortDisclaimer', () => {
  it('keeps text of up to 197 characters whole', () => {
    expect(shortDisclaimer('a'.repeat(197))).toBe('a'.repeat(197));
    expect(shortDisclaimer(entry.disclaimer as string)).toBe(entry.disclaimer);
  });

  it('cuts longer text to its first 197 characters', () => {
    const text = 'b'.repeat(197) + 'cdef';
    expect(shortDisclaimer(text)).toBe('b'.repeat(197));
    expect(shortDisclaimer('x'.repeat(198))).toHaveLength(197);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const text = 'a'.repeat(196) + '🚗🚗';
    expect(shortDisclaimer(text)).toBe('a'.repeat(196) + '🚗');
  });
});

describe('the quote fallback obeys the teaser exclusions', () => {
  const ineligible = (reason: TeaserIneligibleReason): FinanceTeaser => ({ eligible: false, reason });

  it.each(['no_provider', 'no_lender_entry', 'missing_weekly_payment', 'missing_monthly_payment'] as const)(
    'may stand in when the teaser is missing for want of a figure (%s)',
    (reason) => expect(quoteMayStandIn(ineligible(reason))).toBe(true),
  );

  it.each([
    'excluded_make',
    'excluded_dealership',
    'empty_lender_entry',
    'missing_rate',
    'unavailable',
    'price_not_above_minimum',
    'too_old',
  ] as const)('never stands in for an exclusion (%s)', (reason) =>
    expect(quoteMayStandIn(ineligible(reason))).toBe(false),
  );

  it('never replaces an eligible teaser, and the warning names the 5-year secured $30,000 example', () => {
    const eligible: FinanceTeaser = {
      eligible: true,
      provider: 'taurus',
      weekly: 99,
      monthly: null,
      interestRate: 6.29,
      comparisonRate: 8.19,
      ...NO_LOAN,
    };
    expect(quoteMayStandIn(eligible)).toBe(false);
    expect(COMPARISON_RATE_WARNING).toContain('secured loan of $30,000 over a term of 5 years');
  });
});
