import { annuityPresentValue } from '../../finance/annuity';
import { FINANCE_FREQUENCIES, financeRepayment, shownRepayment, type FinanceFrequency } from '../../finance/calculator';
import type { BudgetLoan } from './vocabulary';

/**
 * The dearest whole-dollar price whose repayment, as the site's finance calculator shows it for
 * `loan`, is within `budget` a `frequency`: the calculator's repayment inverted. The present value
 * of the budget gives the first guess; the calculator itself (financeRepayment, with the loan's
 * fees and the lender's rounding) then settles the last dollar, so the answer is exactly the
 * calculator's. Null when no price fits (a budget the fees alone use up).
 */
export function priceForRepayment(budget: number, frequency: FinanceFrequency, loan: BudgetLoan): number | null {
  if (!Number.isFinite(budget) || budget <= 0 || loan.termYears <= 0) return null;
  const perYear = FINANCE_FREQUENCIES[frequency];
  const periods = Math.round(loan.termYears * perYear);
  const onceFees = loan.fees.filter((fee) => fee.per === 'once').reduce((sum, fee) => sum + fee.amount, 0);
  const monthlyFees = loan.fees.filter((fee) => fee.per === 'month').reduce((sum, fee) => sum + fee.amount, 0);
  const feePerPayment = (monthlyFees * FINANCE_FREQUENCIES.month) / perYear;
  // A lender who rounds to the nearer dollar shows up to 49 cents more as the same whole dollar.
  const payable = frequency === 'week' && loan.rounding === 'floor_or_ceil' ? budget + 0.49 : budget;
  const financed = annuityPresentValue(payable - feePerPayment, loan.interestPercent / 100 / perYear, periods);
  const fits = (price: number): boolean => {
    const repayment = financeRepayment({
      price,
      deposit: loan.deposit,
      residual: 0,
      termYears: loan.termYears,
      interestPercent: loan.interestPercent,
      frequency,
      fees: loan.fees,
      rounding: loan.rounding,
    });
    return shownRepayment(repayment.payment, frequency, loan.rounding) <= budget;
  };
  let price = Math.max(1, Math.floor(financed + loan.deposit - onceFees));
  // The guess is within a dollar or two of the answer; each loop runs at most a few times.
  for (let step = 0; step < 50 && !fits(price); step += 1) price -= 1;
  if (!fits(price)) return null;
  for (let step = 0; step < 50 && fits(price + 1); step += 1) price += 1;
  return price;
}
