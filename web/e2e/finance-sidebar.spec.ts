import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  financeOffer,
  financeRepayment,
  type FinanceFee,
  type FinanceOfferInput,
  type OfferTeaser,
} from '@platform/domain';
import { API_ORIGIN, siteUrl } from './e2e-env';
import { dismissPopupsOf } from './demo-sites';
import { carsWhere } from './vehicle-data';

/** Northside prices its teasers with the quote service and shows its provider's comparison-rate range; Werribee's lender rounds to the nearer dollar. */
const QUOTE_SITE = 'northside-used-cars';
const FLOOR_OR_CEIL_SITE = 'werribee-isuzu-ute';
const WARNING = 'Comparison rate calculated on a secured loan of $30,000 over a term of 5 years. WARNING:';

interface CarAnswer {
  car: {
    price: number | null;
    year: number;
    vin: string | null;
    nvic: string | null;
    finance_lenders: Record<string, Record<string, unknown>> | null;
  };
  derived: { finance_teaser: OfferTeaser };
  config: { finance: FinanceOfferInput['finance'] };
}

async function carAnswer(request: APIRequestContext, site: string, slug: string): Promise<CarAnswer> {
  const response = await request.get(`${API_ORIGIN}/api/sites/${site}/cars/${slug}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as CarAnswer;
}

test.describe('finance figures on the vehicle sidebar', () => {
  test("the sidebar quote shows the quote service's advertised and comparison rates with the warning", async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, QUOTE_SITE);
    // A car with no lender figures of its own, so the quote service's estimate stands in for the teaser.
    const candidates = await carsWhere(QUOTE_SITE, `c.status = 'in_stock' AND c.price > 1000`, 40);
    let found: { slug: string; answer: CarAnswer } | null = null;
    for (const car of candidates) {
      const answer = await carAnswer(request, QUOTE_SITE, car.slug);
      const teaser = answer.derived.finance_teaser;
      if (!teaser.eligible && teaser.reason === 'no_lender_entry') {
        found = { slug: car.slug, answer };
        break;
      }
    }
    if (!found) throw new Error('no demo car whose teaser comes from the quote service');
    const { car } = found.answer;
    const quoteResponse = await request.post(`${API_ORIGIN}/api/youx/quote?site=${QUOTE_SITE}`, {
      data: { purchasePrice: car.price, year: car.year, vin: car.vin, nvic: car.nvic },
    });
    expect(quoteResponse.ok()).toBe(true);
    const quote = (await quoteResponse.json()) as {
      weeklyRepaymentAmount: number;
      advertisedRate: number;
      comparisonRate: number;
    };

    await page.goto(siteUrl(QUOTE_SITE, `/cars/${found.slug}`));
    const teaser = page.getByTestId('finance-teaser');
    await expect(teaser).toContainText(`From $${quote.weeklyRepaymentAmount.toLocaleString('en-AU')} per week`);
    await expect(teaser).toContainText(
      `${quote.advertisedRate}% p.a. (comparison rate ${quote.comparisonRate}% p.a.*)`,
    );
    await expect(teaser).toContainText(WARNING);
  });

  test("the provider's comparison-rate range (8.38% to 19.42%) is configured and shown beside its rates", async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, QUOTE_SITE);
    const [car] = await carsWhere(QUOTE_SITE, `c.status = 'in_stock' AND c.price > 5000`);
    if (!car) throw new Error('no priced car');
    const answer = await carAnswer(request, QUOTE_SITE, car.slug);
    expect(answer.config.finance.comparison_rate_range).toEqual({ min: 8.38, max: 19.42 });

    await page.goto(siteUrl(QUOTE_SITE, `/cars/${car.slug}`));
    await expect(page.getByTestId('finance-teaser')).toContainText('Comparison rates from 8.38% to 19.42% p.a.');
    await expect(page.locator('#finance-calculator')).toContainText('Comparison rates from 8.38% to 19.42% p.a.');
  });

  test("the floor-or-ceil lender's weekly repayment goes to the nearer dollar in the calculator and the teaser", async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, FLOOR_OR_CEIL_SITE);
    const candidates = await carsWhere(FLOOR_OR_CEIL_SITE, `c.status = 'in_stock' AND c.price > 5000`, 60);
    // A car with a teaser whose loan (financeOffer: the one the sidebar and the calculator share)
    // repays under 50 cents past a dollar a week, where rounding up and to the nearer dollar differ.
    let teaserCar: { slug: string; nearer: number } | null = null;
    let fees: FinanceFee[] = [];
    for (const car of [...candidates].reverse()) {
      const answer = await carAnswer(request, FLOOR_OR_CEIL_SITE, car.slug);
      fees = answer.config.finance.fees;
      expect(answer.config.finance.repayment_rounding).toBe('floor_or_ceil');
      const offer = financeOffer({
        carPrice: answer.car.price,
        finance: answer.config.finance,
        teaser: answer.derived.finance_teaser,
      });
      if (!offer.sidebar) continue;
      const loan = {
        price: offer.defaults.amount,
        deposit: offer.defaults.deposit,
        residual: offer.defaults.residual,
        termYears: offer.defaults.termYears,
        interestPercent: offer.defaults.interestPercent,
        frequency: 'week' as const,
        fees: offer.fees,
      };
      const up = financeRepayment({ ...loan, rounding: 'up' }).display;
      if (up !== offer.sidebar.weekly) {
        teaserCar = { slug: car.slug, nearer: offer.sidebar.weekly };
        break;
      }
    }
    if (!teaserCar) throw new Error('no demo car whose teaser loan repays under 50 cents past a dollar');
    await page.goto(siteUrl(FLOOR_OR_CEIL_SITE, `/cars/${teaserCar.slug}`));
    await expect(page.getByTestId('finance-teaser')).toContainText(
      `From $${teaserCar.nearer.toLocaleString('en-AU')} per week`,
    );

    // A loan whose weekly repayment has under 50 cents, found with the libs/domain maths.
    const panel = page.locator('#finance-calculator');
    await expect(panel).toBeVisible();
    let price = 20000;
    let expected = financeRepayment({
      price,
      deposit: 0,
      residual: 0,
      termYears: 5,
      interestPercent: 10,
      frequency: 'week',
      fees,
    });
    while (!(expected.payment % 1 > 0.01 && expected.payment % 1 < 0.5)) {
      price += 500;
      expected = financeRepayment({
        price,
        deposit: 0,
        residual: 0,
        termYears: 5,
        interestPercent: 10,
        frequency: 'week',
        fees,
      });
    }
    await panel.getByLabel('Purchase price').fill(String(price));
    await panel.getByLabel('Term (years)').fill('5');
    await panel.getByLabel('Interest rate (%)').fill('10');
    await panel.getByLabel('Deposit or trade-in').fill('0');
    await panel.getByLabel('Residual').fill('0');
    await panel.getByLabel('Weekly').check();
    await expect(panel.getByTestId('finance-repayment')).toHaveText(
      `$${Math.floor(expected.payment).toLocaleString('en-AU')}`,
    );
  });
});
