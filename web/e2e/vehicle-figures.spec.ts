import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FUEL_DEFAULTS, formatCost, fuelCost } from '@platform/domain';
import { API_ORIGIN, siteUrl } from './e2e-env';
import { expectAxeClean } from './dealer-console';
import { dismissPopupsOf } from './demo-sites';
import { carsWhere, oneCarWhere } from './vehicle-data';

/**
 * The figures a shopper reads on a car page and compares with each other (issue 54): the sidebar's
 * weekly estimate against the finance calculator, the fuel calculator's defaults, the delivery
 * estimate's wording, a subscription price's basis and the price gauge's label.
 */

const IN_STOCK = `c.status = 'in_stock'`;

interface CarAnswer {
  derived: { finance_teaser: { eligible: boolean; reason?: string } };
  config: { finance: { fees: { label: string; amount: number }[] } };
}

async function carAnswer(request: APIRequestContext, site: string, slug: string): Promise<CarAnswer> {
  const response = await request.get(`${API_ORIGIN}/api/sites/${site}/cars/${slug}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as CarAnswer;
}

/** The first in-stock car of a site whose teaser answer passes a test. */
async function carWithTeaser(
  request: APIRequestContext,
  site: string,
  wanted: (teaser: CarAnswer['derived']['finance_teaser']) => boolean,
): Promise<{ slug: string; answer: CarAnswer }> {
  for (const car of await carsWhere(site, `${IN_STOCK} AND c.price > 5000 AND c.make <> 'Suzuki'`, 60)) {
    const answer = await carAnswer(request, site, car.slug);
    if (wanted(answer.derived.finance_teaser)) return { slug: car.slug, answer };
  }
  throw new Error(`${site} has no in-stock car with the teaser wanted`);
}

/** The sidebar's 'From $X per week' and the calculator's opening weekly repayment, as shown. */
async function bothWeeklyFigures(page: Page): Promise<{ sidebar: string; calculator: string }> {
  const teaser = page.getByTestId('finance-teaser');
  await expect(teaser).toContainText('per week');
  const sidebar = /From (\$[\d,]+) per week/.exec((await teaser.textContent()) ?? '')?.[1] ?? '';
  const calculator = (await page.locator('#finance-calculator').getByTestId('finance-repayment').textContent()) ?? '';
  return { sidebar, calculator: calculator.trim() };
}

test.describe('the sidebar quote and the finance calculator agree (issue 54 item 11)', () => {
  test("a lender's teaser on a site with a dealer group's fees: the same weekly figure, the fees named in both", async ({
    page,
    request,
  }) => {
    const site = 'harbour-motor-group';
    await dismissPopupsOf(page, request, site);
    const { slug, answer } = await carWithTeaser(request, site, (teaser) => teaser.eligible);
    await page.goto(siteUrl(site, `/cars/${slug}`));
    const { sidebar, calculator } = await bothWeeklyFigures(page);
    expect(sidebar).toMatch(/^\$[\d,]+$/);
    expect(calculator).toBe(sidebar);
    const fees = answer.config.finance.fees.filter((fee) => fee.amount > 0);
    expect(fees.length).toBeGreaterThan(0);
    for (const fee of fees) {
      await expect(page.getByTestId('finance-teaser')).toContainText(fee.label);
      await expect(page.locator('#finance-calculator').getByText(new RegExp(`^${fee.label}:`))).toBeVisible();
    }
    await expectAxeClean(page);
  });

  test("the quote service's estimate: the calculator opens on the quoted loan and its fees", async ({
    page,
    request,
  }) => {
    const site = 'northside-used-cars';
    await dismissPopupsOf(page, request, site);
    const { slug } = await carWithTeaser(request, site, (teaser) => teaser.reason === 'no_lender_entry');
    await page.goto(siteUrl(site, `/cars/${slug}`));
    const { sidebar, calculator } = await bothWeeklyFigures(page);
    expect(calculator).toBe(sidebar);
    await expect(page.getByTestId('finance-teaser')).toContainText('Establishment fee');
    await expect(page.locator('#finance-calculator').getByText(/^Establishment fee:/)).toBeVisible();
  });

  test("a lender's teaser whose figure carries the lender's establishment fee", async ({ page, request }) => {
    const site = 'northside-used-cars';
    await dismissPopupsOf(page, request, site);
    const { slug } = await carWithTeaser(request, site, (teaser) => teaser.eligible);
    await page.goto(siteUrl(site, `/cars/${slug}`));
    const { sidebar, calculator } = await bothWeeklyFigures(page);
    expect(calculator).toBe(sidebar);
    await expect(page.getByTestId('finance-teaser')).toContainText('Establishment fee');
  });
});

test("the fuel calculator opens at 10 L/100km and offers the car's own figure beside it (issue 54 item 4)", async ({
  page,
  request,
}) => {
  const site = 'northside-used-cars';
  await dismissPopupsOf(page, request, site);
  const car = await oneCarWhere(
    site,
    `${IN_STOCK} AND coalesce(c.simple_fuel, '') <> 'Electric'
     AND (c.data->'variant'->>'fuelconsumptioncombined')::numeric NOT IN (0, 10)`,
  );
  const answer = (await (await request.get(`${API_ORIGIN}/api/sites/${site}/cars/${car.slug}`)).json()) as {
    car: { variant: { fuelconsumptioncombined: number } };
  };
  const own = answer.car.variant.fuelconsumptioncombined;
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const fuel = page.getByRole('region', { name: 'Fuel Calculator' });
  await expect(fuel.getByLabel('Fuel economy (L/100km)')).toHaveValue('10');
  const atDefaults = fuelCost(FUEL_DEFAULTS.kmPerWeek, FUEL_DEFAULTS.litresPer100Km, FUEL_DEFAULTS.pricePerLitre);
  await expect(fuel.getByTestId('fuel-cost')).toHaveText(formatCost(atDefaults));
  await expect(fuel).toContainText(`This car's combined figure: ${own} L/100km`);
  await expectAxeClean(page);
  await fuel.getByRole('button', { name: "Use this car's figure" }).click();
  await expect(fuel.getByLabel('Fuel economy (L/100km)')).toHaveValue(String(own));
  await expect(fuel.getByTestId('fuel-cost')).toHaveText(
    formatCost(fuelCost(FUEL_DEFAULTS.kmPerWeek, own, FUEL_DEFAULTS.pricePerLitre)),
  );
});

test('a delivery estimate by distance names the postcode and the distance, never a state (issue 54 item 13)', async ({
  page,
  request,
}) => {
  const site = 'northside-used-cars';
  await dismissPopupsOf(page, request, site);
  const car = await oneCarWhere(site, IN_STOCK);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const panel = page.getByRole('region', { name: 'Delivery Calculator' });
  await panel.getByLabel('Postcode').fill('2000');
  await panel.getByRole('button', { name: 'Calculate' }).click();
  const quote = panel.getByTestId('delivery-quote');
  await expect(quote).toContainText(/^Estimated delivery to postcode 2000 \(about [\d,]+ km away\): \$[\d,]+$/);
  await expect(quote).not.toContainText(
    /Queensland|New South Wales|Victoria|Tasmania|South Australia|Western Australia|Northern Territory|Australian Capital Territory|Interstate/,
  );
  await expectAxeClean(page);
});

test('a subscription price is not called a drive-away price (issue 54 item 18)', async ({ page, request }) => {
  const site = 'werribee-isuzu-ute';
  await dismissPopupsOf(page, request, site);
  const car = await oneCarWhere(site, `${IN_STOCK} AND c.subscription_price > 0 AND c.data->>'price_type' = 'DAP'`);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const price = page.getByTestId('vehicle-price');
  await expect(price).toHaveText(/^\$[\d,]+\/wk$/);
  const block = page.getByRole('complementary', { name: 'Price and enquiry' }).locator('div', { has: price }).first();
  await expect(block).not.toContainText('Drive away');
  await expect(block).toContainText('Subscription');
  await expectAxeClean(page);
});

test('the price gauge never calls a car above the market average a deal (issue 54 item 21)', async ({
  page,
  request,
}) => {
  const site = 'harbour-motor-group';
  await dismissPopupsOf(page, request, site);
  type Gauge = { confidence: number; listing_price: number; market_range_min: number; market_range_max: number };
  let above: string | null = null;
  let below: string | null = null;
  for (const car of await carsWhere(site, `${IN_STOCK} AND c.price > 10`, 150)) {
    const response = await request.get(`${API_ORIGIN}/api/cars/${car.slug}/autogauge`);
    if (!response.ok()) continue;
    const gauge = (await response.json()) as Gauge | null;
    if (!gauge || gauge.confidence <= 0.2 || gauge.market_range_max < gauge.listing_price) continue;
    const average = (gauge.market_range_min + gauge.market_range_max) / 2;
    // Well clear of the average, so the description says 'above' or 'below' too.
    if (gauge.listing_price > average * 1.02) above ??= car.slug;
    else if (gauge.listing_price < average * 0.98) below ??= car.slug;
    if (above && below) break;
  }
  if (!above || !below) throw new Error('no demo cars priced either side of the market average');

  await page.goto(siteUrl(site, `/cars/${above}`));
  const card = page.getByTestId('price-gauge');
  await expect(card).toContainText('above the market average');
  await expect(card).not.toContainText(/Good Deal|Great Deal/);
  await expectAxeClean(page);

  await page.goto(siteUrl(site, `/cars/${below}`));
  await expect(card).toContainText('below the market average');
  await expect(card).toContainText(/Good Deal|Great Deal/);
});
