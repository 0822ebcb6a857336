/**
 * The level payment per period that repays `principal` over `periods`, leaving `residual` (a balloon)
 * owed at the end. Unrounded: callers round the way their lender quotes, and the comparison-rate
 * solver needs the exact value so that a fee-free loan solves back to its own rate.
 */
export function annuityPayment(principal: number, ratePerPeriod: number, periods: number, residual = 0): number {
  if (periods <= 0) return 0;
  if (ratePerPeriod === 0) return (principal - residual) / periods;
  const growth = (1 + ratePerPeriod) ** periods;
  return ((principal - residual / growth) * ratePerPeriod) / (1 - 1 / growth);
}

/** Present value of `periods` level payments at `ratePerPeriod`, paid at the end of each period. */
export function annuityPresentValue(payment: number, ratePerPeriod: number, periods: number): number {
  if (ratePerPeriod === 0) return payment * periods;
  return (payment * (1 - (1 + ratePerPeriod) ** -periods)) / ratePerPeriod;
}

/**
 * Up to the next cent, as lenders quote repayments. The small tolerance stops binary noise such as
 * 123.4500000001 from being charged an extra cent.
 */
export function roundUpToCent(value: number): number {
  return Math.ceil(value * 100 - 1e-7) / 100;
}

/** Nearest cent, for totals derived from already-rounded payments (removes float noise only). */
export function roundToCent(value: number): number {
  return Math.round(value * 100) / 100;
}
