import { financeRepayment, shownRepayment } from '../../finance/calculator';
import { priceForRepayment } from './weekly-budget';
import type { BudgetLoan } from './vocabulary';

const PLATFORM: BudgetLoan = { interestPercent: 10, termYears: 5, deposit: 0, fees: [], rounding: 'up' };

/** An independently written present value: what a level payment repays (ordinary annuity). */
const presentValue = (payment: number, annualPercent: number, perYear: number, years: number): number => {
  const r = annualPercent / 100 / perYear;
  const periods = years * perYear;
  return r === 0 ? payment * periods : (payment * (1 - Math.pow(1 + r, -periods))) / r;
};

const shown = (price: number, loan: BudgetLoan, frequency: 'week' | 'fortnight' | 'month'): number =>
  shownRepayment(
    financeRepayment({
      price,
      deposit: loan.deposit,
      residual: 0,
      termYears: loan.termYears,
      interestPercent: loan.interestPercent,
      frequency,
      fees: loan.fees,
      rounding: loan.rounding,
    }).payment,
    frequency,
    loan.rounding,
  );

describe('priceForRepayment: the calculator repayment inverted', () => {
  it.each([
    [150, 'week', 52, 30667],
    [100, 'week', 52, 20445],
    [250, 'week', 52, 51113],
    [300, 'fortnight', 26, 30645],
    [600, 'month', 12, 28239],
  ] as const)('$%d a %s (%d a year) at 10%% over 5 years is up to $%d', (budget, frequency, perYear, price) => {
    expect(Math.floor(presentValue(budget, 10, perYear, 5))).toBe(price);
    expect(priceForRepayment(budget, frequency, PLATFORM)).toBe(price);
  });

  it.each([
    ['the platform defaults', PLATFORM],
    ['7.5% over 7 years', { ...PLATFORM, interestPercent: 7.5, termYears: 7 }],
    ['a $5,000 deposit', { ...PLATFORM, deposit: 5000 }],
    ['a $1,300 establishment fee', { ...PLATFORM, fees: [{ amount: 1300, per: 'once' as const }] }],
    ['a $10 monthly fee', { ...PLATFORM, fees: [{ amount: 10, per: 'month' as const }] }],
    ['a lender rounding to the nearer dollar', { ...PLATFORM, rounding: 'floor_or_ceil' as const }],
  ])('with %s the price fits the budget and a dollar more does not', (_name, loan) => {
    for (const budget of [90, 150, 199, 333]) {
      const price = priceForRepayment(budget, 'week', loan) as number;
      expect(shown(price, loan, 'week')).toBeLessThanOrEqual(budget);
      expect(shown(price + 1, loan, 'week')).toBeGreaterThan(budget);
    }
  });

  it('a deposit adds itself to the price; fees take from it', () => {
    const base = priceForRepayment(150, 'week', PLATFORM) as number;
    expect(priceForRepayment(150, 'week', { ...PLATFORM, deposit: 5000 })).toBe(base + 5000);
    expect(priceForRepayment(150, 'week', { ...PLATFORM, fees: [{ amount: 1300, per: 'once' }] })).toBe(base - 1300);
  });

  it('no budget, or none a loan can have, is no price', () => {
    expect(priceForRepayment(0, 'week', PLATFORM)).toBeNull();
    expect(priceForRepayment(-5, 'week', PLATFORM)).toBeNull();
    expect(priceForRepayment(Number.NaN, 'week', PLATFORM)).toBeNull();
    expect(priceForRepayment(150, 'week', { ...PLATFORM, termYears: 0 })).toBeNull();
  });
});
