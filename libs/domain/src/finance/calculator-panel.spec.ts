import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import { financeRepayment } from './calculator';
import {
  financeOffer,
  financePanelDefaults,
  formatFinanceFee,
  showFinanceCalculator,
  showFinanceDisclaimer,
} from './calculator-panel';
import { builtInQuote } from './quote';

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

describe('financeOffer: one loan for the sidebar quote and the calculator (issue 54)', () => {
  // Spec 001 §9's dealer group: Establishment $395, Vehicle Security Registration $6, Account Admin
  // $8 monthly, Dealer Agency $912.25.
  const dealerGroupFees = [
    { label: 'Establishment', amount: 395, per: 'once' as const },
    { label: 'Vehicle Security Registration', amount: 6, per: 'once' as const },
    { label: 'Account Admin', amount: 8, per: 'month' as const },
    { label: 'Dealer Agency', amount: 912.25, per: 'once' as const },
  ];
  const lenderTeaser = {
    eligible: true as const,
    interestRate: 9.49,
    comparisonRate: 10.2,
    termYears: 5,
    deposit: 2299,
    balloon: 6897,
    establishmentFees: 395,
  };
  const price = 22990;

  /** What the calculator shows when it opens on the offer: the same libs/domain maths, weekly. */
  const calculatorOpening = (offer: ReturnType<typeof financeOffer>) =>
    financeRepayment({
      price: offer.defaults.amount,
      deposit: offer.defaults.deposit,
      residual: offer.defaults.residual,
      termYears: offer.defaults.termYears,
      interestPercent: offer.defaults.interestPercent,
      frequency: offer.defaults.frequency,
      fees: offer.fees,
      rounding: finance.repayment_rounding,
    }).display;

  it("prices a lender's teaser with the site's fee schedule, the figure the calculator opens on", () => {
    const offer = financeOffer({
      carPrice: price,
      finance: { ...finance, fees: dealerGroupFees },
      teaser: lenderTeaser,
    });
    expect(offer.fees).toEqual(dealerGroupFees);
    expect(offer.defaults).toMatchObject({ interestPercent: 9.49, termYears: 5, deposit: 2299, residual: 6897 });
    expect(offer.sidebar).toEqual({ weekly: calculatorOpening(offer), interestRate: 9.49, comparisonRate: 10.2 });
    // The monthly fee and the one-off fees are in it: more than the lender's loan with its own fee only.
    const lenderOnly = financeOffer({ carPrice: price, finance, teaser: lenderTeaser });
    expect(offer.sidebar?.weekly).toBeGreaterThan(Number(lenderOnly.sidebar?.weekly));
  });

  it("uses the lender's own establishment fee where the site lists no fees", () => {
    const offer = financeOffer({ carPrice: price, finance, teaser: lenderTeaser });
    expect(offer.fees).toEqual([{ label: 'Establishment fee', amount: 395, per: 'once' }]);
    expect(offer.sidebar?.weekly).toBe(calculatorOpening(offer));
  });

  it("prices the quote service's estimate with the quote's fees, matching the built-in quote", () => {
    const rates = { ...finance, quote_establishment_fee: 495, quote_monthly_fee: 10, quote_advertised_rate: 8.49 };
    const quote = builtInQuote(
      { selfAssessedCreditScore: 'GREAT', purchasePrice: price, loanTerm: 5, year: 2020, whoIsHelping: '' },
      rates,
      new Date('2025-06-15T02:00:00Z'),
    );
    if (!quote) throw new Error('the built-in quote prices a car with a price');
    const offer = financeOffer({
      carPrice: price,
      finance: rates,
      teaser: { eligible: false, reason: 'no_lender_entry' },
      quote,
    });
    expect(offer.fees).toEqual([
      { label: 'Establishment fee', amount: 495, per: 'once' },
      { label: 'Monthly account fee', amount: 10, per: 'month' },
    ]);
    expect(offer.defaults).toMatchObject({ interestPercent: quote.advertisedRate, termYears: 5, deposit: 0 });
    expect(offer.sidebar).toEqual({
      weekly: quote.weeklyRepaymentAmount,
      interestRate: quote.advertisedRate,
      comparisonRate: quote.comparisonRate,
    });
    expect(offer.sidebar?.weekly).toBe(calculatorOpening(offer));
  });

  it("keeps the quote out where the teaser is excluded, and the site's defaults and fees in the calculator", () => {
    const quote = { weeklyRepaymentAmount: 120, comparisonRate: 9.9, advertisedRate: 8.49 };
    const offer = financeOffer({
      carPrice: price,
      finance: { ...finance, fees: dealerGroupFees },
      teaser: { eligible: false, reason: 'excluded_make' },
      quote,
    });
    expect(offer.sidebar).toBeNull();
    expect(offer.fees).toEqual(dealerGroupFees);
    expect(offer.defaults).toEqual(financePanelDefaults(price, finance));
  });

  it('shows no sidebar figure for a payment the calculator would not show', () => {
    const offer = financeOffer({ carPrice: 600, finance, teaser: { ...lenderTeaser, deposit: 0, balloon: 0 } });
    expect(calculatorOpening(offer)).toBeNull();
    expect(offer.sidebar).toBeNull();
  });

  it('leaves out fees of $0 so none is named', () => {
    const offer = financeOffer({
      carPrice: price,
      finance: { ...finance, fees: [{ label: 'Dealer Agency', amount: 0, per: 'once' }] },
      teaser: { ...lenderTeaser, establishmentFees: null },
    });
    expect(offer.fees).toEqual([]);
  });

  it('names each fee as the sidebar and the calculator list it', () => {
    expect(formatFinanceFee(dealerGroupFees[2])).toBe('Account Admin $8.00 a month');
    expect(formatFinanceFee(dealerGroupFees[3])).toBe('Dealer Agency $912.25');
  });
});
