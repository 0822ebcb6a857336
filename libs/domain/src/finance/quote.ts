import { DateTime } from 'luxon';
import { z } from 'zod';
import type { Car } from '../entities/car';
import type { SiteConfig } from '../site-config/site-config.schema';
import { annuityPayment, annuityPresentValue } from './annuity';
import { financeRepayment } from './calculator';
import { currentYear } from './current-year';

/** The quote partner prices every visitor as a good credit risk; the site never asks (spec 001 §7). */
export const QUOTE_CREDIT_SCORE = 'GREAT';
export const QUOTE_DEFAULT_LOAN_TERM_YEARS = 5;

/** Body of POST /api/youx/quote (spec 001 §7). Strict, so a misspelt field is refused rather than ignored. */
export const YouxQuoteRequestSchema = z.strictObject({
  selfAssessedCreditScore: z
    .literal(QUOTE_CREDIT_SCORE, { error: `selfAssessedCreditScore must be '${QUOTE_CREDIT_SCORE}'` })
    .default(QUOTE_CREDIT_SCORE),
  purchasePrice: z.number({ error: 'purchasePrice must be a number of dollars' }),
  loanTerm: z
    .int({ error: 'loanTerm must be a whole number of years' })
    .min(1, { error: 'loanTerm must be at least 1 year' })
    .max(7, { error: 'loanTerm must be at most 7 years' })
    .default(QUOTE_DEFAULT_LOAN_TERM_YEARS),
  year: z.int({ error: 'year must be a whole number' }),
  vin: z.string({ error: 'vin must be text or null' }).nullish(),
  nvic: z.string({ error: 'nvic must be text or null' }).nullish(),
  whoIsHelping: z.string({ error: 'whoIsHelping must be text' }).default(''),
});
export type YouxQuoteRequest = z.infer<typeof YouxQuoteRequestSchema>;
export type YouxQuoteRequestInput = z.input<typeof YouxQuoteRequestSchema>;

/** What a quote provider answers, whether the partner service or the built-in quote. */
export interface QuoteProviderResult {
  /** Whole dollars, rounded up (spec 001 §9). */
  weeklyRepaymentAmount: number;
  /** Percent p.a., to 2 decimals. */
  comparisonRate: number;
  /** Percent p.a. */
  advertisedRate: number;
}

export type QuoteRates = Pick<
  SiteConfig['finance'],
  'quote_advertised_rate' | 'quote_establishment_fee' | 'quote_monthly_fee' | 'quote_rate_by_age'
>;

/** The regulated comparison-rate example: a 5-year secured $30,000 loan repaid monthly (spec 001 §9). */
export const COMPARISON_LOAN_AMOUNT = 30000;
export const COMPARISON_LOAN_MONTHS = 60;

/** The request the vehicle page sends; none when the car has no price, since the partner cannot quote it (spec 001 §5). */
export function quoteRequestForCar(car: Pick<Car, 'price' | 'year' | 'vin' | 'nvic'>): YouxQuoteRequest | null {
  if (car.price == null || car.price <= 0) return null;
  return {
    selfAssessedCreditScore: QUOTE_CREDIT_SCORE,
    purchasePrice: car.price,
    loanTerm: QUOTE_DEFAULT_LOAN_TERM_YEARS,
    year: car.year,
    vin: car.vin ?? null,
    nvic: car.nvic ?? null,
    whoIsHelping: '',
  };
}

/**
 * The rate for a car of this build year: the tightest age band that covers it, else the advertised
 * rate. A build year in the future counts as new.
 */
export function quoteRateFor(year: number, rates: QuoteRates, now: Date | DateTime): number {
  const age = Math.max(0, currentYear(now) - year);
  const band = [...rates.quote_rate_by_age]
    .sort((a, b) => a.max_age_years - b.max_age_years)
    .find((b) => age <= b.max_age_years);
  return band ? band.rate : rates.quote_advertised_rate;
}

/**
 * The comparison rate, in percent p.a. to 2 decimals: the nominal rate (monthly compounding) at which
 * the regulated example loan's repayments plus monthly fees are worth exactly what the borrower
 * actually receives, i.e. $30,000 less the establishment fee. Bisection, because the present value
 * falls steadily as the rate rises and no closed form exists once fees are in.
 */
export function solveComparisonRate(advertisedPercent: number, establishmentFee: number, monthlyFee: number): number {
  const repaymentPlusFee =
    annuityPayment(COMPARISON_LOAN_AMOUNT, advertisedPercent / 1200, COMPARISON_LOAN_MONTHS) + monthlyFee;
  const received = COMPARISON_LOAN_AMOUNT - establishmentFee;
  const surplus = (percent: number) =>
    annuityPresentValue(repaymentPlusFee, percent / 1200, COMPARISON_LOAN_MONTHS) - received;

  // Fees never lower the cost, so the answer is at or above the advertised rate.
  let low = advertisedPercent;
  let high = advertisedPercent + 1;
  while (surplus(high) > 0 && high < 1e6) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-9; i++) {
    const middle = (low + high) / 2;
    if (surplus(middle) > 0) low = middle;
    else high = middle;
  }
  return Math.round(((low + high) / 2) * 100) / 100;
}

/**
 * The platform's own quote, answering the same question as the partner service from site-config
 * rates: no deposit, the establishment fee financed, the monthly fee spread over the weeks. None when
 * there is no price to finance. `now` fixes the car's age for the rate bands.
 */
export function builtInQuote(
  request: YouxQuoteRequest,
  rates: QuoteRates,
  now: Date | DateTime = DateTime.now(),
): QuoteProviderResult | null {
  if (request.purchasePrice <= 0) return null;
  const advertisedRate = quoteRateFor(request.year, rates, now);
  const { payment } = financeRepayment({
    price: request.purchasePrice,
    deposit: 0,
    residual: 0,
    termYears: request.loanTerm,
    interestPercent: advertisedRate,
    frequency: 'week',
    fees: [
      { amount: rates.quote_establishment_fee, per: 'once' },
      { amount: rates.quote_monthly_fee, per: 'month' },
    ],
  });
  return {
    weeklyRepaymentAmount: Math.ceil(payment),
    comparisonRate: solveComparisonRate(advertisedRate, rates.quote_establishment_fee, rates.quote_monthly_fee),
    advertisedRate,
  };
}
