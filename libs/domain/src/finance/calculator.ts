import type { SiteConfig } from '../site-config/site-config.schema';
import { annuityPayment, roundToCent, roundUpToCent } from './annuity';

/** Payments per year for each repayment frequency the calculator offers (spec 001 §3). */
export const FINANCE_FREQUENCIES = { week: 52, fortnight: 26, month: 12 } as const;
export type FinanceFrequency = keyof typeof FINANCE_FREQUENCIES;

/** Shown instead of a payment of 25 or less, which would read as a misleadingly cheap loan (spec 001 §5, §8). */
export const ENQUIRE_FOR_FINANCE = 'Enquire for Finance';

/** Payments at or below this many dollars are not displayed (spec 001 §5). */
export const SMALL_PAYMENT_LIMIT = 25;

export interface FinanceFee {
  /** What the shopper is told the fee is, e.g. 'Establishment fee'. */
  label?: string;
  amount: number;
  /** 'once' fees are financed with the car; 'month' fees are charged alongside each repayment. */
  per: 'once' | 'month';
}

export interface FinanceRepaymentInput {
  price: number;
  /** Deposit or trade-in, in dollars. */
  deposit: number;
  /** Balloon owed at the end of the term, in dollars. */
  residual: number;
  termYears: number;
  interestPercent: number;
  frequency: FinanceFrequency;
  fees?: readonly FinanceFee[];
  /** The lender's rule for whole-dollar payments; 'up' unless the site says otherwise. */
  rounding?: RepaymentRounding;
}

export interface FinanceRepayment {
  amountFinanced: number;
  periods: number;
  /** Per-period repayment including pro-rata monthly fees, rounded up to the cent. */
  payment: number;
  /** The shown payment (see display) x periods + residual. */
  totalPayable: number;
  /** What the borrower pays beyond the amount financed and the monthly fees. */
  totalInterest: number;
  /**
   * The payment to show (weekly in whole dollars, see shownRepayment), or null when the UI shows
   * ENQUIRE_FOR_FINANCE and leaves the total blank.
   */
  display: number | null;
}

/**
 * The calculator panel's repayment. Once-off fees are financed (lenders add them to the loan), and
 * monthly fees are spread over the chosen frequency so that a weekly quote carries 12/52 of the
 * monthly fee rather than a whole one.
 */
export function financeRepayment(input: FinanceRepaymentInput): FinanceRepayment {
  const perYear = FINANCE_FREQUENCIES[input.frequency];
  const periods = input.termYears > 0 ? Math.round(input.termYears * perYear) : 0;
  const fees = input.fees ?? [];
  const onceFees = fees.filter((fee) => fee.per === 'once').reduce((sum, fee) => sum + fee.amount, 0);
  const monthlyFees = fees.filter((fee) => fee.per === 'month').reduce((sum, fee) => sum + fee.amount, 0);

  const price = Math.max(0, input.price);
  const amountFinanced = roundToCent(price - input.deposit + onceFees);
  // No price, or a deposit that covers everything, means there is no loan to repay at all.
  if (price === 0 || amountFinanced <= 0 || periods === 0) {
    return { amountFinanced: 0, periods, payment: 0, totalPayable: 0, totalInterest: 0, display: null };
  }

  const feePerPayment = (monthlyFees * FINANCE_FREQUENCIES.month) / perYear;
  const loanPayment = Math.max(
    0,
    annuityPayment(amountFinanced, input.interestPercent / 100 / perYear, periods, input.residual),
  );
  const payment = roundUpToCent(loanPayment + feePerPayment);
  const shown = shownRepayment(payment, input.frequency, input.rounding);
  // The total is the shown payment (whole dollars when weekly) times the payments, so the page's
  // two figures multiply out: '$102 a week' never sits beside a total of 260 x $101.21.
  const totalPayable = roundToCent(shown * periods + input.residual);
  const totalInterest = roundToCent(totalPayable - amountFinanced - feePerPayment * periods);
  return {
    amountFinanced,
    periods,
    payment,
    totalPayable,
    totalInterest,
    display: payment > SMALL_PAYMENT_LIMIT ? shown : null,
  };
}

/**
 * How a lender takes a repayment to whole dollars (spec 001 §9: 'Repayment is rounded up; one lender
 * uses a floor-or-ceil rule'): 'up' to the next dollar, or 'floor_or_ceil' down when the cents are
 * under 50 and up otherwise, i.e. to the nearer dollar.
 */
export const REPAYMENT_ROUNDINGS = ['up', 'floor_or_ceil'] as const;
export type RepaymentRounding = (typeof REPAYMENT_ROUNDINGS)[number];

/** A payment in whole dollars by the lender's rule; float noise below a cent never moves a dollar. */
export function roundRepayment(payment: number, rounding: RepaymentRounding = 'up'): number {
  const cents = roundToCent(payment);
  if (rounding === 'up') return Math.ceil(cents);
  const dollars = Math.floor(cents);
  return roundToCent(cents - dollars) < 0.5 ? dollars : dollars + 1;
}

/**
 * A repayment as shoppers see it (spec 001 §9): 'Weekly payment is shown in whole dollars', by the
 * lender's rounding rule (up unless the site's lender says otherwise); fortnightly and monthly
 * payments keep their cents. The one rule for the calculator, the sidebar teaser, search's weekly
 * estimate and checkout.
 */
export function shownRepayment(
  payment: number,
  frequency: FinanceFrequency,
  rounding: RepaymentRounding = 'up',
): number {
  return frequency === 'week' ? roundRepayment(payment, rounding) : payment;
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const DOLLARS_AND_CENTS = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '$912.25': a fee or a total in dollars and cents. */
export const formatDollarsAndCents = (amount: number): string => DOLLARS_AND_CENTS.format(amount);

/** A shown repayment as text: '$124' a week, '$1,234.50' a fortnight or month. */
export function formatRepayment(shown: number, frequency: FinanceFrequency): string {
  return (frequency === 'week' ? WHOLE_DOLLARS : DOLLARS_AND_CENTS).format(shown);
}

export interface FinanceRange {
  min: number;
  max: number;
}

export interface FinanceSteppedRange extends FinanceRange {
  step: number;
}

export interface FinanceLimits {
  amount: FinanceSteppedRange;
  term: FinanceSteppedRange;
  interest: FinanceSteppedRange;
  deposit: FinanceSteppedRange;
  residual: FinanceSteppedRange;
}

export type FinanceCalculatorVariant = 'panel' | 'slider';

/** Interest, deposit and residual steps and the deposit/residual range are the same on every site (spec 001 §5). */
export const FINANCE_INTEREST_STEP = 0.5;
export const FINANCE_DEPOSIT_RANGE: Readonly<FinanceSteppedRange> = { min: 0, max: 250000, step: 0.5 };

/** Head-room above the car's price on sites whose slider follows the price, so the price itself sits inside the range. */
const SLIDER_PRICE_HEADROOM = 1.05;

type FinanceLimitsConfig = Pick<
  SiteConfig['finance'],
  | 'amount_min'
  | 'amount_max'
  | 'slider_amount_max'
  | 'slider_max_follows_price'
  | 'amount_step'
  | 'term_min_years'
  | 'term_max_years'
  | 'term_step_years'
  | 'interest_min'
  | 'interest_max'
>;

export function financeLimits(
  config: FinanceLimitsConfig,
  carPrice?: number | null,
  variant: FinanceCalculatorVariant = 'panel',
): FinanceLimits {
  let amountMax = variant === 'panel' ? config.amount_max : config.slider_amount_max;
  if (
    variant === 'slider' &&
    config.slider_max_follows_price &&
    carPrice != null &&
    carPrice > config.slider_amount_max
  ) {
    amountMax = roundToCent(carPrice * SLIDER_PRICE_HEADROOM);
  }
  return {
    amount: { min: config.amount_min, max: amountMax, step: config.amount_step },
    term: { min: config.term_min_years, max: config.term_max_years, step: config.term_step_years },
    interest: { min: config.interest_min, max: config.interest_max, step: FINANCE_INTEREST_STEP },
    deposit: { ...FINANCE_DEPOSIT_RANGE },
    residual: { ...FINANCE_DEPOSIT_RANGE },
  };
}

/** Out-of-range input snaps to the nearest bound (spec 001 §5); unreadable input falls to the minimum. */
export function clampToRange(value: number, range: FinanceRange): number {
  if (!Number.isFinite(value)) return range.min;
  return Math.min(range.max, Math.max(range.min, value));
}

/**
 * The amount field is the exception to clamping: a price of 0 or less means "no price" and stays 0
 * rather than jumping up to the minimum loan (spec 001 §5).
 */
export function clampAmount(value: number, range: FinanceRange): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return clampToRange(value, range);
}

/**
 * 'Cannot be less than {min} or more than {max}' (spec 001 §5, §8). The numbers are substituted as
 * given (String(n): no $, no thousand separators) because the same text serves amount, term and
 * interest fields, and a currency format would be wrong for two of them.
 */
export function financeHelpText(min: number, max: number): string {
  return `Cannot be less than ${min} or more than ${max}`;
}
