import type { DateTime } from 'luxon';
import type { Car } from '../entities/car';
import type { FinanceLenderEntry } from '../entities/finance-lender';
import type { FINANCE_PROVIDERS, SiteConfig } from '../site-config/site-config.schema';
import { isAvailable } from '../cars/stock-status';
import { currentYear } from './current-year';

export type FinanceProviderId = (typeof FINANCE_PROVIDERS)[number];
export type TeaserProvider = Exclude<FinanceProviderId, 'none'>;

/** Taurus lends only on cars younger than 12 years and above $500 (spec 001 §5, §9). */
export const TEASER_MAX_AGE_YEARS = 12;
export const TEASER_MIN_PRICE = 500;

/** Length of the collapsed disclaimer behind 'Show More' (spec 001 §4). */
export const SHORT_DISCLAIMER_LENGTH = 197;

export type TeaserIneligibleReason =
  | 'no_provider'
  | 'excluded_dealership'
  | 'excluded_make'
  | 'no_lender_entry'
  | 'empty_lender_entry'
  | 'missing_rate'
  | 'unavailable'
  | 'price_not_above_minimum'
  | 'too_old'
  | 'missing_weekly_payment'
  | 'missing_monthly_payment';

export type FinanceTeaser =
  | { eligible: false; reason: TeaserIneligibleReason }
  | {
      eligible: true;
      provider: TeaserProvider;
      weekly: number | null;
      monthly: number | null;
      interestRate: number;
      comparisonRate: number;
      /** The loan the lender priced the payment on, when it says; the calculator opens with it. */
      termYears: number | null;
      deposit: number | null;
      balloon: number | null;
      /** The one-off fee the lender financed in its payment, when it says (see financeOffer). */
      establishmentFees: number | null;
    };

export interface FinanceTeaserOptions {
  finance: Pick<SiteConfig['finance'], 'provider' | 'teaser_excluded_makes' | 'teaser_excluded_dealership_ids'>;
  now: Date | DateTime;
}

type TeaserCar = Pick<Car, 'status' | 'price' | 'year' | 'make' | 'dealership_id' | 'finance_lenders' | 'youxQuote'>;

/** The rates and payments a teaser reads, whichever source the provider keeps them in. */
interface TeaserEntry {
  interestRate?: number | null;
  comparisonRate?: number | null;
  paymentWeek?: number | null;
  paymentMonth?: number | null;
  termYears?: number | null;
  termMonths?: number | null;
  deposit?: number | null;
  balloon?: number | null;
  establishmentFees?: number | null;
}

type ProviderRule = (car: TeaserCar, entry: TeaserEntry, thisYear: number) => TeaserIneligibleReason | null;

const availableRule: ProviderRule = (car) => (isAvailable(car) ? null : 'unavailable');

const weeklyPaymentRule: ProviderRule = (car, entry) => {
  if (!priceAbove(car, TEASER_MIN_PRICE)) return 'price_not_above_minimum';
  if (!isAvailable(car)) return 'unavailable';
  return entry.paymentWeek == null ? 'missing_weekly_payment' : null;
};

/**
 * What each provider needs beyond the rules every provider shares (spec 001 §5). Youx keeps no
 * lender entry: its figures come from the quote service, which is only asked when the price is above 0.
 */
const PROVIDER_RULES: Record<TeaserProvider, ProviderRule> = {
  taurus: (car, entry, thisYear) => {
    if (car.year <= thisYear - TEASER_MAX_AGE_YEARS) return 'too_old';
    if (!priceAbove(car, TEASER_MIN_PRICE)) return 'price_not_above_minimum';
    if (!isAvailable(car)) return 'unavailable';
    return entry.comparisonRate == null ? 'missing_rate' : null;
  },
  '360_finance': availableRule,
  ausloans: availableRule,
  manual: weeklyPaymentRule,
  angle: weeklyPaymentRule,
  powertorque: weeklyPaymentRule,
  nissan_finance: (car, entry) => {
    if (!priceAbove(car, TEASER_MIN_PRICE)) return 'price_not_above_minimum';
    if (!isAvailable(car)) return 'unavailable';
    return entry.paymentMonth == null ? 'missing_monthly_payment' : null;
  },
  youx: (car, entry) => {
    if (!priceAbove(car, 0)) return 'price_not_above_minimum';
    if (!isAvailable(car)) return 'unavailable';
    return entry.paymentWeek == null ? 'missing_weekly_payment' : null;
  },
};

function priceAbove(car: TeaserCar, minimum: number): boolean {
  return car.price != null && car.price > minimum;
}

/** The provider's entry: undefined when the car has none, null when it has one that states nothing. */
function entryFor(car: TeaserCar, provider: TeaserProvider): TeaserEntry | null | undefined {
  if (provider === 'youx') {
    const quote = car.youxQuote;
    if (!quote) return undefined;
    return {
      interestRate: quote.advertisedRate,
      comparisonRate: quote.comparisonRate,
      paymentWeek: quote.weeklyRepaymentAmount,
      paymentMonth: null,
    };
  }
  const lenders = car.finance_lenders;
  if (!lenders || !Object.hasOwn(lenders, provider)) return undefined;
  const entry: FinanceLenderEntry | null | undefined = lenders[provider];
  if (!entry || Object.values(entry).every((value) => value == null)) return null;
  return entry;
}

/** Whether the sidebar shows a finance teaser for this car, and with which figures (spec 001 §5). */
export function financeTeaser(car: TeaserCar, options: FinanceTeaserOptions): FinanceTeaser {
  const { finance } = options;
  if (finance.provider === 'none') return { eligible: false, reason: 'no_provider' };
  const provider = finance.provider;

  if (car.dealership_id != null && finance.teaser_excluded_dealership_ids.includes(car.dealership_id)) {
    return { eligible: false, reason: 'excluded_dealership' };
  }
  const make = car.make.trim().toLowerCase();
  if (finance.teaser_excluded_makes.some((excluded) => excluded.trim().toLowerCase() === make)) {
    return { eligible: false, reason: 'excluded_make' };
  }

  const entry = entryFor(car, provider);
  if (entry === undefined) return { eligible: false, reason: 'no_lender_entry' };
  if (entry === null) return { eligible: false, reason: 'empty_lender_entry' };
  if (entry.interestRate == null || entry.comparisonRate == null) return { eligible: false, reason: 'missing_rate' };

  const reason = PROVIDER_RULES[provider](car, entry, currentYear(options.now));
  if (reason) return { eligible: false, reason };
  return {
    eligible: true,
    provider,
    weekly: entry.paymentWeek ?? null,
    monthly: entry.paymentMonth ?? null,
    interestRate: entry.interestRate,
    comparisonRate: entry.comparisonRate,
    termYears: entry.termYears ?? (entry.termMonths != null ? entry.termMonths / 12 : null),
    deposit: entry.deposit ?? null,
    balloon: entry.balloon ?? null,
    establishmentFees: entry.establishmentFees ?? null,
  };
}

/** The lender's own disclaimer for the #financeDisclaimer anchor; blank text counts as none. */
export function financeDisclaimer(car: Pick<Car, 'finance_lenders'>, provider: string): string | null {
  const disclaimer = car.finance_lenders?.[provider]?.disclaimer;
  return disclaimer && disclaimer.trim() !== '' ? disclaimer : null;
}

/**
 * The collapsed disclaimer: its first 197 characters, with nothing appended because the 'Show More'
 * toggle already marks the cut. Counts code points so an emoji or accented pair is never split.
 */
export function shortDisclaimer(text: string): string {
  const characters = Array.from(text);
  return characters.length <= SHORT_DISCLAIMER_LENGTH ? text : characters.slice(0, SHORT_DISCLAIMER_LENGTH).join('');
}

/**
 * Why a teaser is missing that the quote service may make up for: the car has no figures from the
 * lender at all, or the lender states no payment. Every other reason is an exclusion (a make or
 * dealership left out, a lender entry that is empty or without rates, a car that is unavailable,
 * too cheap or too old), and the quote's 'From $X per week' respects it as the teaser does
 * (spec 001 §5).
 */
const QUOTE_MAY_STAND_IN: ReadonlySet<TeaserIneligibleReason> = new Set([
  'no_provider',
  'no_lender_entry',
  'missing_weekly_payment',
  'missing_monthly_payment',
]);

/** Whether the quote service's weekly figure may be shown in place of this teaser. */
export function quoteMayStandIn(teaser: { eligible: boolean; reason?: string }): boolean {
  return !teaser.eligible && QUOTE_MAY_STAND_IN.has(teaser.reason as TeaserIneligibleReason);
}

/**
 * The regulatory comparison-rate warning, shown beside every comparison rate (spec 001 §9: the
 * rate assumes a 5-year secured $30,000 loan). The wording is the one the National Credit Code
 * asks of comparison rates in advertising.
 */
export const COMPARISON_RATE_WARNING =
  'Comparison rate calculated on a secured loan of $30,000 over a term of 5 years. WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.';

/**
 * The provider's comparison-rate range as shown beside its rates (spec 001 §9: '8.38% to 19.42%'),
 * starred to the regulatory warning.
 */
export function comparisonRateRangeText(range: { min: number; max: number }): string {
  return `Comparison rates from ${range.min}% to ${range.max}% p.a.*`;
}
