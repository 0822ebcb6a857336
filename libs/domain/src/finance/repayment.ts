/** Payments per year for each repayment frequency (spec 001: weekly 52, fortnightly 26, monthly 12). */
export const PAYMENTS_PER_YEAR = { weekly: 52, fortnightly: 26, monthly: 12 } as const;
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
  const periods = Math.round(termYears * PAYMENTS_PER_YEAR[frequency]);
  const rate = interestPercent / 100 / PAYMENTS_PER_YEAR[frequency];
  const payment =
    rate === 0
      ? (amount - residual) / periods
      : ((amount - residual / (1 + rate) ** periods) * rate) / (1 - (1 + rate) ** -periods);
  return Math.ceil(Math.max(0, payment) * 100 - 1e-7) / 100;
}

/**
 * The weekly estimate search filters and cards use: the car's price at the platform defaults,
 * in whole dollars rounded up (spec 001: 'Weekly payment is shown in whole dollars', 'rounded up').
 */
export function weeklyEstimate(price: number | null | undefined): number | null {
  if (!price || price <= 0) return null;
  return Math.ceil(repayment({ amount: price, interestPercent: DEFAULT_INTEREST_PERCENT, termYears: DEFAULT_TERM_YEARS, frequency: 'weekly' }));
}
