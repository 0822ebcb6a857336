import type { Car } from '../entities/car';
import type { SiteConfig } from '../site-config/site-config.schema';
import { clampToRange, financeLimits, type FinanceFrequency } from './calculator';

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
