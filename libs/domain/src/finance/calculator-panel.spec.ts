import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import { financePanelDefaults, showFinanceCalculator, showFinanceDisclaimer } from './calculator-panel';

const finance = { ...PLATFORM_DEFAULTS.finance, provider: 'taurus' as const, disclaimer_enabled: true };
const car = { price: 32990, make: 'Toyota', car_type: 'used' as const, dealership_id: 3 };

describe('showFinanceCalculator (spec 000 §5)', () => {
  it('needs a provider, a positive amount and a car not excluded', () => {
    expect(showFinanceCalculator(car, finance)).toBe(true);
    expect(showFinanceCalculator(car, { ...finance, provider: 'none' })).toBe(false);
    expect(showFinanceCalculator({ ...car, price: 0 }, finance)).toBe(false);
    expect(showFinanceCalculator({ ...car, price: null }, finance)).toBe(false);
    expect(showFinanceCalculator({ ...car, make: 'Suzuki' }, finance)).toBe(false);
    expect(showFinanceCalculator(car, { ...finance, teaser_excluded_dealership_ids: [3] })).toBe(false);
  });
});

describe('showFinanceDisclaimer (spec 000 §5: used cars eligible for finance on certain tenants)', () => {
  it.each([
    [car, finance, true],
    [{ ...car, car_type: 'new' as const }, finance, false],
    [car, { ...finance, disclaimer_enabled: false }, false],
    [{ ...car, price: 0 }, finance, false],
  ])('%#', (c, f, shown) => {
    expect(showFinanceDisclaimer(c, f)).toBe(shown);
  });
});

describe('financePanelDefaults (spec 001 §9)', () => {
  it('opens at the car price, 5 years, 10 percent, weekly', () => {
    expect(financePanelDefaults(32990, finance)).toEqual({
      amount: 32990,
      termYears: 5,
      interestPercent: 10,
      deposit: 0,
      residual: 0,
      frequency: 'week',
    });
  });

  it('uses 30000 for a car with no price', () => {
    expect(financePanelDefaults(null, finance).amount).toBe(30000);
  });

  it("opens on the teaser lender's loan, so the panel and the sidebar figure are for the same loan", () => {
    const teaser = { interestRate: 12.66, termYears: 7, deposit: 5000, balloon: 10000 };
    expect(financePanelDefaults(32990, finance, teaser)).toEqual({
      amount: 32990,
      termYears: 7,
      interestPercent: 12.66,
      deposit: 5000,
      residual: 10000,
      frequency: 'week',
    });
  });

  it("keeps the site's defaults for what the lender does not state", () => {
    const teaser = { interestRate: 8.5, termYears: null, deposit: null, balloon: null };
    expect(financePanelDefaults(32990, finance, teaser)).toEqual({
      amount: 32990,
      termYears: 5,
      interestPercent: 8.5,
      deposit: 0,
      residual: 0,
      frequency: 'week',
    });
  });

  it('keeps each default inside the site ranges', () => {
    const tight = { ...finance, interest_min: 12, interest_max: 14.5, term_max_years: 4, amount_max: 100000 };
    expect(financePanelDefaults(150000, tight)).toMatchObject({ amount: 100000, termYears: 4, interestPercent: 12 });
  });
});
