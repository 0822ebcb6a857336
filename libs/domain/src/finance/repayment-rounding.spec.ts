import fc from 'fast-check';
import { financeRepayment, roundRepayment, shownRepayment } from './calculator';

/** Payments in dollars and cents, as lenders state them, up to a truck's weekly repayment. */
const cents = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100);

describe("the lenders' rounding rules (spec 001 §9)", () => {
  it('floor_or_ceil goes down under 50 cents and up from 50 cents; up always goes up', () => {
    expect(roundRepayment(123.49, 'floor_or_ceil')).toBe(123);
    expect(roundRepayment(123.5, 'floor_or_ceil')).toBe(124);
    expect(roundRepayment(123.01, 'floor_or_ceil')).toBe(123);
    expect(roundRepayment(123, 'floor_or_ceil')).toBe(123);
    expect(roundRepayment(123.01, 'up')).toBe(124);
    expect(roundRepayment(123.01)).toBe(124);
    expect(roundRepayment(123, 'up')).toBe(123);
  });

  it('float noise below a cent never moves a dollar', () => {
    expect(roundRepayment(0.1 + 0.2 + 122.2, 'up')).toBe(123);
    expect(roundRepayment(123.49999999999, 'floor_or_ceil')).toBe(124);
    expect(roundRepayment(124.00000000001, 'up')).toBe(124);
  });

  it('property: both rules give whole dollars; up is never below the payment, floor_or_ceil is within 50 cents', () => {
    fc.assert(
      fc.property(cents, (payment) => {
        const up = roundRepayment(payment, 'up');
        const nearer = roundRepayment(payment, 'floor_or_ceil');
        expect(Number.isInteger(up) && Number.isInteger(nearer)).toBe(true);
        expect(up).toBeGreaterThanOrEqual(payment);
        expect(up - payment).toBeLessThan(1);
        expect(Math.abs(nearer - payment)).toBeLessThanOrEqual(0.5 + 1e-9);
        // The floor-or-ceil lender never shows more than the lenders who round up.
        expect(nearer).toBeLessThanOrEqual(up);
        expect(nearer).toBe(payment % 1 < 0.5 - 1e-9 ? Math.floor(payment) : Math.ceil(payment));
      }),
    );
  });

  it('property: a larger payment never shows smaller, under either rule', () => {
    fc.assert(
      fc.property(cents, cents, fc.constantFrom('up' as const, 'floor_or_ceil' as const), (a, b, rule) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(roundRepayment(low, rule)).toBeLessThanOrEqual(roundRepayment(high, rule));
      }),
    );
  });

  it('property: whole dollars stay as they are', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom('up' as const, 'floor_or_ceil' as const),
        (n, rule) => {
          expect(roundRepayment(n, rule)).toBe(n);
        },
      ),
    );
  });

  it('applies to weekly payments only; fortnightly and monthly keep their cents', () => {
    expect(shownRepayment(250.2, 'week', 'floor_or_ceil')).toBe(250);
    expect(shownRepayment(250.2, 'week')).toBe(251);
    expect(shownRepayment(250.2, 'fortnight', 'floor_or_ceil')).toBe(250.2);
    expect(shownRepayment(250.2, 'month', 'floor_or_ceil')).toBe(250.2);
  });

  it("the calculator's shown weekly payment follows the lender's rule", () => {
    const loan = {
      price: 20000,
      deposit: 0,
      residual: 0,
      termYears: 5,
      interestPercent: 10,
      frequency: 'week' as const,
    };
    const up = financeRepayment(loan);
    const nearer = financeRepayment({ ...loan, rounding: 'floor_or_ceil' });
    expect(nearer.payment).toBe(up.payment);
    expect(up.display).toBe(Math.ceil(up.payment));
    expect(nearer.display).toBe(roundRepayment(up.payment, 'floor_or_ceil'));
  });
});
