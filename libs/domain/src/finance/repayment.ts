import { annuityPayment, roundUpToCent } from './annuity';
import { FINANCE_FREQUENCIES, shownRepayment } from './calculator';

/**
 * Payments per year under the names search has always used (spec 001: weekly 52, fortnightly 26,
 * monthly 12); the numbers come from FINANCE_FREQUENCIES so the two can never disagree.
 */
export const PAYMENTS_PER_YEAR = {
  weekly: FINANCE_FREQUENCIES.week,
  fortnightly: FINANCE_FREQUENCIES.fortnight,
  monthly: FINANCE_FREQUENCIES.month,
} as const;
export type RepaymentFrequency = keyof typeof PAYMENTS_PER_YEAR;

/** Platform finance defaults (spec 001 section 9): 10 percent over 5 years. */
export const DEFAULT_INTEREST_PERCENT = 10;
export const DEFAULT_TERM_YEARS = 5;

export interface RepaymentInput {
  /** Amount financed in dollars (price less deposit or trade-in, plus fees). */
  amount: number;
  interestPercent: number;
  termYears: number;
  frequency: RepaymentFrequency;
  /** Balloon or residual owed at the end, in dollars. */
  residual?: number;
}

/**
 * The repayment of an amortised loan, rounded up to whole cents as lenders quote it. A zero rate
 * spreads the principal evenly; a non-positive amount owes nothing.
 */
export function repayment({ amount, interestPercent, termYears, frequency, residual = 0 }: RepaymentInput): number {
  if (amount <= 0 || termYears <= 0) return 0;
  const perYear = PAYMENTS_PER_YEAR[frequency];
  const payment = annuityPayment(amount, interestPercent / 100 / perYear, Math.round(termYears * perYear), residual);
  return roundUpToCent(Math.max(0, payment));
}

/**
 * The weekly estimate search filters and cards use: the car's price at the platform defaults,
 * in whole dollars rounded up (spec 001: 'Weekly payment is shown in whole dollars', 'rounded up').
 */
export function weeklyEstimate(price: number | null | undefined): number | null {
  if (!price || price <= 0) return null;
  return shownRepayment(
    repayment({
      amount: price,
      interestPercent: DEFAULT_INTEREST_PERCENT,
      termYears: DEFAULT_TERM_YEARS,
      frequency: 'weekly',
    }),
    'week',
  );
}
