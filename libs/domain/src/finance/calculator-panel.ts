import type { Car } from '../entities/car';
import type { SiteConfig } from '../site-config/site-config.schema';
import {
  clampToRange,
  financeLimits,
  financeRepayment,
  formatDollarsAndCents,
  type FinanceFee,
  type FinanceFrequency,
} from './calculator';
import { QUOTE_DEFAULT_LOAN_TERM_YEARS, type QuoteProviderResult } from './quote';
import { quoteMayStandIn } from './teaser-eligibility';

type PanelCar = Pick<Car, 'price' | 'make' | 'car_type'> & { dealership_id?: number | null };
type PanelFinance = SiteConfig['finance'];

/**
 * The finance calculator panel shows only when the site has a finance provider, the car has a
 * positive amount to finance and the car is not excluded (spec 000 §5); exclusions are the site's
 * finance exclusion lists (dealerships and makes), the same lists the teaser obeys.
 */
export function showFinanceCalculator(
  car: PanelCar,
  finance: Pick<PanelFinance, 'provider' | 'teaser_excluded_makes' | 'teaser_excluded_dealership_ids'>,
): boolean {
  if (finance.provider === 'none') return false;
  if (car.price == null || car.price <= 0) return false;
  if (car.dealership_id != null && finance.teaser_excluded_dealership_ids.includes(car.dealership_id)) return false;
  const make = car.make.trim().toLowerCase();
  return !finance.teaser_excluded_makes.some((excluded) => excluded.trim().toLowerCase() === make);
}

/** The #financeDisclaimer block: used cars eligible for finance, on sites that switch it on (spec 000 §5). */
export function showFinanceDisclaimer(car: PanelCar, finance: PanelFinance): boolean {
  return finance.disclaimer_enabled && car.car_type === 'used' && showFinanceCalculator(car, finance);
}

export interface FinancePanelDefaults {
  amount: number;
  termYears: number;
  interestPercent: number;
  deposit: number;
  residual: number;
  frequency: FinanceFrequency;
}

/** The lender's loan behind a teaser's 'From $X per week', as far as the lender states it. */
export interface TeaserLoan {
  interestRate: number;
  termYears: number | null;
  deposit: number | null;
  balloon: number | null;
}

/**
 * What the panel opens with (spec 001 §9): the car's price (30000 when it has none), the site's
 * default term and rate, no deposit or residual, weekly repayments. When the sidebar shows a
 * lender's teaser, the panel opens on that lender's rate, term, deposit and balloon instead, so the
 * two figures a shopper compares are for the same loan. Each value sits inside the site's ranges,
 * so a provider whose minimum rate is above 10 opens at its minimum.
 */
export function financePanelDefaults(
  carPrice: number | null | undefined,
  finance: PanelFinance,
  teaser: TeaserLoan | null = null,
): FinancePanelDefaults {
  const limits = financeLimits(finance, carPrice, 'panel');
  const amount = carPrice != null && carPrice > 0 ? carPrice : finance.amount_default;
  return {
    amount: clampToRange(amount, limits.amount),
    termYears: clampToRange(teaser?.termYears ?? finance.term_default_years, limits.term),
    interestPercent: clampToRange(teaser?.interestRate ?? finance.interest_default, limits.interest),
    deposit: clampToRange(teaser?.deposit ?? 0, limits.deposit),
    residual: clampToRange(teaser?.balloon ?? 0, limits.residual),
    frequency: 'week',
  };
}

/** The sidebar's teaser as the offer reads it: the lender's loan and rates, or why there is none. */
export type OfferTeaser =
  | { eligible: false; reason: string }
  | (TeaserLoan & { eligible: true; comparisonRate: number; establishmentFees: number | null });

export interface FinanceOfferInput {
  carPrice: number | null | undefined;
  finance: PanelFinance;
  teaser: OfferTeaser;
  /** The quote service's answer for the car, when the site asks it. */
  quote?: QuoteProviderResult | null;
}

export interface FinanceOffer {
  /** The loan the calculator opens on. */
  defaults: FinancePanelDefaults;
  /** The fees in the repayment, each named; the calculator keeps them as the shopper changes the loan. */
  fees: FinanceFee[];
  /** The sidebar's 'From $X per week' with the rates it was priced at; null: the sidebar shows no figure. */
  sidebar: { weekly: number; interestRate: number; comparisonRate: number } | null;
}

/** The names the quote service's two fees are shown under. */
const QUOTE_ESTABLISHMENT_FEE = 'Establishment fee';
const QUOTE_MONTHLY_FEE = 'Monthly account fee';

/**
 * One loan behind both figures a shopper compares on a car page (issue 54): the sidebar's weekly
 * estimate and the finance calculator's opening repayment, worked by the same financeRepayment, so
 * they agree to the dollar and name the same fees.
 *
 * - A lender's teaser: the lender's rate, term, deposit and balloon; the fees are the site's fee
 *   schedule (a dealer group's fees are charged on every loan it writes) or, where the site lists
 *   none, the lender's own establishment fee, which its stated payment was priced with.
 * - Else the quote service's estimate, where the teaser rules let it stand in: the quote's rate over
 *   its 5-year term with no deposit, and the quote's establishment and monthly fees.
 * - Else no sidebar figure, and the calculator opens on the site's defaults and fees.
 *
 * The sidebar's figure is worked from the loan rather than copied from the lender's stated payment,
 * which leaves out fees the site charges (docs/architecture.md, 'Finance figures').
 */
export function financeOffer({ carPrice, finance, teaser, quote = null }: FinanceOfferInput): FinanceOffer {
  const siteFees = finance.fees.filter((fee) => fee.amount > 0);
  let defaults: FinancePanelDefaults;
  let fees: FinanceFee[];
  let rates: { interestRate: number; comparisonRate: number } | null;
  if (teaser.eligible) {
    defaults = financePanelDefaults(carPrice, finance, teaser);
    fees =
      siteFees.length > 0 || !teaser.establishmentFees || teaser.establishmentFees <= 0
        ? siteFees
        : [{ label: QUOTE_ESTABLISHMENT_FEE, amount: teaser.establishmentFees, per: 'once' }];
    rates = { interestRate: teaser.interestRate, comparisonRate: teaser.comparisonRate };
  } else if (quote && quoteMayStandIn(teaser)) {
    defaults = financePanelDefaults(carPrice, finance, {
      interestRate: quote.advertisedRate,
      termYears: QUOTE_DEFAULT_LOAN_TERM_YEARS,
      deposit: 0,
      balloon: 0,
    });
    const quoteFees: FinanceFee[] = [
      { label: QUOTE_ESTABLISHMENT_FEE, amount: finance.quote_establishment_fee, per: 'once' },
      { label: QUOTE_MONTHLY_FEE, amount: finance.quote_monthly_fee, per: 'month' },
    ];
    fees = quoteFees.filter((fee) => fee.amount > 0);
    rates = { interestRate: quote.advertisedRate, comparisonRate: quote.comparisonRate };
  } else {
    return { defaults: financePanelDefaults(carPrice, finance), fees: siteFees, sidebar: null };
  }
  const weekly = financeRepayment({
    price: defaults.amount,
    deposit: defaults.deposit,
    residual: defaults.residual,
    termYears: defaults.termYears,
    interestPercent: defaults.interestPercent,
    frequency: 'week',
    fees,
    rounding: finance.repayment_rounding,
  }).display;
  return { defaults, fees, sidebar: weekly === null ? null : { weekly, ...rates } };
}

/** 'Dealer Agency $912.25', 'Account Admin $8.00 a month': a fee as the sidebar names it. */
export function formatFinanceFee(fee: FinanceFee): string {
  const amount = formatDollarsAndCents(fee.amount);
  const label = fee.label ?? (fee.per === 'once' ? QUOTE_ESTABLISHMENT_FEE : QUOTE_MONTHLY_FEE);
  return `${label} ${amount}${fee.per === 'month' ? ' a month' : ''}`;
}
