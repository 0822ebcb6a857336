import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import {
  clampAmount,
  clampToRange,
  ENQUIRE_FOR_FINANCE,
  FINANCE_FREQUENCIES,
  financeHelpText,
  financeLimits,
  financeRepayment,
  formatRepayment,
  shownRepayment,
  type FinanceFee,
  type FinanceFrequency,
} from './calculator';
import { repayment, weeklyEstimate } from './repayment';

/**
 * Spreadsheet PMT(rate, nper, pv, fv, type = 0), written out independently of the code under test:
 * the payment that satisfies pv * (1 + rate)^nper + pmt * ((1 + rate)^nper - 1) / rate + fv = 0.
 */
function PMT(rate: number, nper: number, pv: number, fv = 0, type: 0 | 1 = 0): number {
  if (rate === 0) return -(pv + fv) / nper;
  const growth = Math.pow(1 + rate, nper);
  return (-(pv * growth + fv) * rate) / ((growth - 1) * (1 + rate * type));
}

/** Up to the cent, with float noise stripped at a millionth of a cent first. */
const ceilCents = (value: number) => Math.ceil(Number((value * 100).toFixed(6))) / 100;

describe('the PMT reference itself', () => {
  it('matches spreadsheet results', () => {
    expect(PMT(0.1 / 12, 60, 30000)).toBeCloseTo(-637.41, 2);
    expect(PMT(0.06 / 12, 360, 200000)).toBeCloseTo(-1199.1, 2);
    expect(PMT(0, 12, 1200)).toBe(-100);
    expect(PMT(0.05 / 12, 48, 20000, -5000)).toBeCloseTo(-366.27, 2);
  });
});

describe('financeRepayment against spreadsheet PMT, to the cent', () => {
  const establishment = (amount: number): FinanceFee => ({ amount, per: 'once' });
  const monthly = (amount: number): FinanceFee => ({ amount, per: 'month' });
  // Spec 001 §9 dealer group: Establishment $395, Vehicle Security Registration $6, Dealer Agency $912.25, Account Admin $8 monthly.
  const dealerGroupFees = [establishment(395), establishment(6), establishment(912.25), monthly(8)];

  const rows: [
    price: number,
    deposit: number,
    residual: number,
    termYears: number,
    interestPercent: number,
    frequency: FinanceFrequency,
    fees: FinanceFee[],
  ][] = [
    [30000, 0, 0, 5, 10, 'month', []],
    [30000, 0, 0, 5, 10, 'week', []],
    [30000, 0, 0, 5, 10, 'fortnight', []],
    [45990, 5000, 0, 5, 8.99, 'week', []],
    [45990, 5000, 13797, 5, 8.99, 'month', []],
    [25000, 0, 7500, 4, 12.5, 'fortnight', []],
    [18000, 2000, 0, 3, 0, 'month', []],
    [18000, 0, 6000, 3, 0, 'week', []],
    [60000, 10000, 0, 7, 6.29, 'month', [establishment(1300)]],
    [32000, 0, 0, 5, 9.95, 'week', dealerGroupFees],
    [32000, 0, 0, 5, 9.95, 'fortnight', dealerGroupFees],
    [32000, 0, 0, 5, 9.95, 'month', dealerGroupFees],
    [250000, 0, 75000, 7, 15, 'month', []],
    [1000, 0, 0, 1, 0.5, 'week', []],
    [75000, 7500.5, 22500, 2.5, 7.5, 'week', []],
    [12345, 0, 0, 1.5, 19.95, 'fortnight', [establishment(1360.5)]],
    [55000, 0, 0, 6, 14.5, 'month', [monthly(10)]],
    [39990, 3999, 12000, 5, 0, 'fortnight', [establishment(1300), monthly(8)]],
  ];

  it.each(rows)(
    '$%d less %d deposit, %d balloon, %d years at %d%% per %s',
    (price, deposit, residual, termYears, interestPercent, frequency, fees) => {
      const perYear = FINANCE_FREQUENCIES[frequency];
      const onceFees = fees.filter((f) => f.per === 'once').reduce((sum, f) => sum + f.amount, 0);
      const monthFees = fees.filter((f) => f.per === 'month').reduce((sum, f) => sum + f.amount, 0);
      const financed = price - deposit + onceFees;
      const nper = termYears * perYear;
      const expected = ceilCents(
        -PMT(interestPercent / 100 / perYear, nper, financed, -residual) + (monthFees * 12) / perYear,
      );

      const result = financeRepayment({ price, deposit, residual, termYears, interestPercent, frequency, fees });

      expect(result.periods).toBe(nper);
      expect(result.amountFinanced).toBeCloseTo(financed, 2);
      expect(result.payment).toBe(expected);
      // Shown in whole dollars, rounded up, when weekly (spec 001 §9); to the cent otherwise.
      const shown = frequency === 'week' ? Math.ceil(expected) : expected;
      expect(result.display).toBe(expected > 25 ? shown : null);
      // The total is what the shown payment adds up to, so the two figures on the page agree.
      expect(result.totalPayable).toBeCloseTo(shown * nper + residual, 2);
      expect(result.totalInterest).toBeCloseTo(
        shown * nper + residual - financed - ((monthFees * 12) / perYear) * nper,
        2,
      );
    },
  );

  it('charges no interest at a zero rate beyond the round-up to the cent', () => {
    const result = financeRepayment({
      price: 12000,
      deposit: 0,
      residual: 0,
      termYears: 1,
      interestPercent: 0,
      frequency: 'month',
    });
    expect(result).toEqual({
      amountFinanced: 12000,
      periods: 12,
      payment: 1000,
      totalPayable: 12000,
      totalInterest: 0,
      display: 1000,
    });
  });

  it('keeps a monthly fee out of the interest', () => {
    const withFee = financeRepayment({
      price: 12000,
      deposit: 0,
      residual: 0,
      termYears: 1,
      interestPercent: 0,
      frequency: 'week',
      fees: [{ amount: 13, per: 'month' }],
    });
    expect(withFee.payment).toBe(ceilCents(12000 / 52 + 3));
    expect(withFee.totalInterest).toBeCloseTo(withFee.totalPayable - 12000 - 3 * 52, 2);
  });
});

describe('the total repayments follow the shown payment (issue 54)', () => {
  // $101.21 a week: shown as $101 by the nearer-dollar lender and $102 by the others.
  const loan = {
    price: 23000,
    deposit: 0,
    residual: 0,
    termYears: 5,
    interestPercent: 5.49,
    frequency: 'week' as const,
  };

  it('is the whole-dollar weekly payment times the payments, not the unrounded one', () => {
    const exact = financeRepayment(loan);
    expect(exact.payment % 1).not.toBe(0);
    for (const rounding of ['up', 'floor_or_ceil'] as const) {
      const result = financeRepayment({ ...loan, rounding });
      expect(result.totalPayable).toBe(Number(result.display) * result.periods);
      expect(result.totalInterest).toBeCloseTo(result.totalPayable - result.amountFinanced, 2);
    }
  });

  it('adds the residual owed at the end to the shown payments', () => {
    const result = financeRepayment({ ...loan, residual: 6900, frequency: 'fortnight' });
    expect(result.totalPayable).toBeCloseTo(Number(result.display) * result.periods + 6900, 2);
  });
});

describe("the 25 dollar threshold and 'Enquire for Finance'", () => {
  const monthlyAtZero = (price: number) =>
    financeRepayment({ price, deposit: 0, residual: 0, termYears: 1, interestPercent: 0, frequency: 'month' });

  it('uses the exact wording', () => {
    expect(ENQUIRE_FOR_FINANCE).toBe('Enquire for Finance');
  });

  it.each([
    [300, 25, null],
    [299.88, 24.99, null],
    [300.12, 25.01, 25.01],
    [312, 26, 26],
  ])('a price of %d pays %d and displays %p', (price, payment, display) => {
    const result = monthlyAtZero(price);
    expect(result.payment).toBe(payment);
    expect(result.display).toBe(display);
  });
});

describe('prices of 0 or less', () => {
  it.each([0, -1, -30000])('%d is forced to 0 and owes nothing, even with fees', (price) => {
    const result = financeRepayment({
      price,
      deposit: 0,
      residual: 0,
      termYears: 5,
      interestPercent: 10,
      frequency: 'week',
      fees: [
        { amount: 1300, per: 'once' },
        { amount: 8, per: 'month' },
      ],
    });
    expect(result).toEqual({
      amountFinanced: 0,
      periods: 260,
      payment: 0,
      totalPayable: 0,
      totalInterest: 0,
      display: null,
    });
  });

  it('a deposit that covers the whole price leaves no loan', () => {
    const result = financeRepayment({
      price: 20000,
      deposit: 25000,
      residual: 0,
      termYears: 5,
      interestPercent: 10,
      frequency: 'month',
    });
    expect(result.payment).toBe(0);
    expect(result.amountFinanced).toBe(0);
    expect(result.display).toBeNull();
  });
});

describe('search keeps its repayment() and weeklyEstimate()', () => {
  it('repayment agrees with financeRepayment for the same loan', () => {
    const frequencies = [
      ['weekly', 'week'],
      ['fortnightly', 'fortnight'],
      ['monthly', 'month'],
    ] as const;
    for (const [legacy, frequency] of frequencies) {
      const expected = financeRepayment({
        price: 42500,
        deposit: 0,
        residual: 5000,
        termYears: 4,
        interestPercent: 7.25,
        frequency,
      }).payment;
      expect(repayment({ amount: 42500, interestPercent: 7.25, termYears: 4, frequency: legacy, residual: 5000 })).toBe(
        expected,
      );
    }
  });

  it('weeklyEstimate is whole dollars, rounded up, at 10% over 5 years', () => {
    expect(weeklyEstimate(30000)).toBe(Math.ceil(ceilCents(-PMT(0.1 / 52, 260, 30000))));
    expect(weeklyEstimate(30000)).toBe(147);
    expect(weeklyEstimate(0)).toBeNull();
    expect(weeklyEstimate(null)).toBeNull();
  });
});

describe('financeLimits', () => {
  const finance = PLATFORM_DEFAULTS.finance;

  it('gives the panel its spec 001 §5 ranges from the defaults', () => {
    expect(financeLimits(finance, 45000, 'panel')).toEqual({
      amount: { min: 1000, max: 250000, step: 500 },
      term: { min: 1, max: 7, step: 0.5 },
      interest: { min: 0.5, max: 15, step: 0.5 },
      deposit: { min: 0, max: 250000, step: 0.5 },
      residual: { min: 0, max: 250000, step: 0.5 },
    });
  });

  it('defaults to the panel', () => {
    expect(financeLimits(finance)).toEqual(financeLimits(finance, null, 'panel'));
  });

  it('reads provider and dealer-group overrides from the config', () => {
    const limits = financeLimits(
      { ...finance, amount_min: 5000, term_max_years: 5, interest_min: 4, interest_max: 20 },
      null,
      'panel',
    );
    expect(limits.amount.min).toBe(5000);
    expect(limits.term.max).toBe(5);
    expect(limits.interest).toEqual({ min: 4, max: 20, step: 0.5 });
  });

  it.each([
    ['a slider', false, 120000, 100000],
    ['a price-following slider under the maximum', true, 90000, 100000],
    ['a price-following slider exactly at the maximum', true, 100000, 100000],
    ['a price-following slider above the maximum', true, 120000, 126000],
    ['a price-following slider above the maximum, odd price', true, 100001, 105001.05],
    ['a price-following slider with no price', true, null, 100000],
  ])('%s tops out at the right amount', (_name, follows, price, max) => {
    expect(financeLimits({ ...finance, slider_max_follows_price: follows }, price, 'slider').amount.max).toBe(max);
  });

  it('never lets the panel follow the price', () => {
    expect(financeLimits({ ...finance, slider_max_follows_price: true }, 400000, 'panel').amount.max).toBe(250000);
  });
});

describe('clamping', () => {
  const range = { min: 1000, max: 250000 };

  it.each([
    [999, 1000],
    [1000, 1000],
    [45000, 45000],
    [250000, 250000],
    [250001, 250000],
    [Number.NaN, 1000],
  ])('clampToRange(%d) is %d', (value, expected) => {
    expect(clampToRange(value, range)).toBe(expected);
  });

  it.each([
    [0, 0],
    [-200, 0],
    [1, 1000],
    [300000, 250000],
    [30000, 30000],
  ])('clampAmount(%d) forces prices of 0 or less to 0 and clamps the rest: %d', (value, expected) => {
    expect(clampAmount(value, range)).toBe(expected);
  });
});

describe('financeHelpText', () => {
  it.each([
    [1000, 250000, 'Cannot be less than 1000 or more than 250000'],
    [1, 7, 'Cannot be less than 1 or more than 7'],
    [0.5, 15, 'Cannot be less than 0.5 or more than 15'],
    [5.99, 19.95, 'Cannot be less than 5.99 or more than 19.95'],
  ])('(%d, %d) reads %p', (min, max, text) => {
    expect(financeHelpText(min, max)).toBe(text);
  });
});

describe('weekly payments in whole dollars (spec 001 §9)', () => {
  const weekly = financeRepayment({
    price: 30000,
    deposit: 5000,
    residual: 0,
    termYears: 5,
    interestPercent: 10,
    frequency: 'week',
  });

  it('displays the weekly payment rounded up to the dollar, and keeps cents in the payment itself', () => {
    expect(weekly.payment % 1).not.toBe(0);
    expect(weekly.display).toBe(Math.ceil(weekly.payment));
    expect(formatRepayment(weekly.display as number, 'week')).toBe(`$${Math.ceil(weekly.payment)}`);
  });

  it('keeps cents for fortnightly and monthly payments', () => {
    const monthly = financeRepayment({
      ...{ price: 30000, deposit: 5000, residual: 0, termYears: 5 },
      interestPercent: 10,
      frequency: 'month',
    });
    expect(monthly.display).toBe(monthly.payment);
    expect(formatRepayment(1234.5, 'month')).toBe('$1,234.50');
    expect(formatRepayment(98.1, 'fortnight')).toBe('$98.10');
  });

  it.each([
    [123, 123],
    [123.01, 124],
    [123.000000001, 123],
    [1234.5, 1235],
  ])('a weekly %d shows as %d', (payment, shown) => {
    expect(shownRepayment(payment, 'week')).toBe(shown);
    expect(formatRepayment(shownRepayment(payment, 'week'), 'week')).toBe(`$${shown.toLocaleString('en-AU')}`);
  });

  it('agrees with the weekly estimate search shows', () => {
    const payment = financeRepayment({
      price: 30000,
      deposit: 0,
      residual: 0,
      termYears: 5,
      interestPercent: 10,
      frequency: 'week',
    });
    expect(payment.display).toBe(weeklyEstimate(30000));
  });
});
