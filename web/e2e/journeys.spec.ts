import { expect, test } from '@playwright/test';
import { aListedSoldCar, anInStockCar, dealershipOfCar } from './database';
import { dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';
import { carsWhere } from './vehicle-data';

const SITE = 'harbour-motor-group';

test.describe('journeys with no dead ends', () => {
  test.beforeEach(async ({ page, request }) => {
    await dismissPopupsOf(page, request, SITE);
  });

  test("the vehicle page's Trade-In Valuation opens the valuation form with the car being bought", async ({ page }) => {
    const car = await anInStockCar(SITE);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    const link = page.getByRole('link', { name: 'Trade-In Valuation' }).first();
    await expect(link).toHaveAttribute('href', `/cars/trade-in?car_id=${car.id}`);
    const response = await page.goto(siteUrl(SITE, `/cars/trade-in?car_id=${car.id}`));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Trade-In Valuation' })).toBeVisible();
    const buying = page.getByRole('region', { name: 'The car you are buying' });
    await expect(buying.getByRole('link')).toHaveAttribute('href', `/cars/${car.slug}`);
    await expect(page.locator('#trade-in-form')).toBeVisible();

    // An id the site does not show still gives the form, without a car.
    await page.goto(siteUrl(SITE, '/cars/trade-in?car_id=999999999'));
    await expect(page.locator('#trade-in-form')).toBeVisible();
    await expect(page.getByRole('region', { name: 'The car you are buying' })).toHaveCount(0);
  });

  test("'See more from this dealer' lists that dealership's cars, shown as a Dealer filter the shopper can clear", async ({
    page,
  }) => {
    const car = await anInStockCar(SITE);
    const dealership = await dealershipOfCar(car.id);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await page.getByRole('link', { name: 'See more from this dealer' }).click();
    await expect(page).toHaveURL(
      siteUrl(SITE, `/search/new-used-and-demo-cars?refinementList[dealership_slug][0]=${dealership.slug}`),
    );
    const count = page.locator('#results-count');
    await expect(count).toHaveText(
      dealership.shown === 1 ? '1 result' : `${dealership.shown.toLocaleString('en-AU')} results`,
    );
    const dealer = page.getByRole('group', { name: 'Dealer' });
    const named = dealership.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const checkbox = dealer.getByRole('checkbox', { name: new RegExp(`^${named} \\(`) });
    await expect(checkbox).toBeChecked();
    await checkbox.uncheck();
    await expect(page).toHaveURL(siteUrl(SITE, '/search/new-used-and-demo-cars'));
    await expect(page.getByRole('group', { name: 'Dealer' })).toHaveCount(0);
  });

  test('the printable page opens in a new tab with the car, and prints without the site chrome', async ({ page }) => {
    const car = await anInStockCar(SITE);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    const link = page.getByRole('link', { name: 'Printable Page' });
    await expect(link).toHaveAttribute('href', `/print?car_id=${car.slug}`);
    await expect(link).toHaveAttribute('target', '_blank');
    const [sheet] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await sheet.waitForLoadState();
    await expect(sheet.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(sheet.getByRole('heading', { name: 'Specifications', exact: true })).toBeVisible();
    await expect(sheet.getByTestId('printable-price')).not.toBeEmpty();
    await expect(sheet.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await sheet.emulateMedia({ media: 'print' });
    await expect(sheet.locator('header[data-print-hide]')).toBeHidden();
    await expect(sheet.getByRole('button', { name: 'Print this page' })).toBeHidden();

    // The numeric id other links carry finds the same car; an unknown one is a 404.
    await page.goto(siteUrl(SITE, `/print?car_id=${car.id}`));
    await expect(page.getByRole('link', { name: 'Back to the vehicle page' })).toHaveAttribute(
      'href',
      `/cars/${car.slug}`,
    );
    expect((await page.goto(siteUrl(SITE, '/print?car_id=no-such-car')))?.status()).toBe(404);
  });

  test('each vehicle view writes the viewed-car record, and the next pages show a Recently Viewed strip', async ({
    page,
  }) => {
    const [first, second] = await carsWhere(SITE, `c.status = 'in_stock'`, 2);
    await page.goto(siteUrl(SITE, `/cars/${first!.slug}`));
    // The car of the page is recorded, never shown to itself.
    const stored = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('recently-viewed') ?? '[]') as Record<string, unknown>[]);
    await expect.poll(async () => (await stored()).map((record) => record['id'])).toEqual([first!.id]);
    const [record] = await stored();
    expect(Object.keys(record!).sort()).toEqual(['body', 'id', 'make', 'model', 'simple_body', 'stocknum']);
    expect(record).toMatchObject({ id: first!.id, make: first!.make });
    await expect(page.getByRole('region', { name: 'Recently Viewed' })).toHaveCount(0);

    await page.goto(siteUrl(SITE, `/cars/${second!.slug}`));
    const strip = page.getByRole('region', { name: 'Recently Viewed' });
    await expect(strip.getByRole('link')).toHaveCount(1);
    await expect(strip.getByRole('link')).toHaveAttribute('href', `/cars/${first!.slug}`);
    await expect(strip).toContainText(first!.name);

    await page.goto(siteUrl(SITE, '/'));
    const home = page.getByRole('region', { name: 'Recently Viewed' }).getByRole('link');
    await expect(home).toHaveCount(2);
    await expect(home.first()).toHaveAttribute('href', `/cars/${second!.slug}`);
  });

  test('/cars and /cars/ lead to the default search page', async ({ page }) => {
    for (const path of ['/cars', '/cars/']) {
      await page.goto(siteUrl(SITE, path));
      await expect(page).toHaveURL(siteUrl(SITE, '/search/new-used-and-demo-cars'));
    }
  });

  test('robots.txt names the sitemap, and the sitemap lists the site pages and its listed cars', async ({ page }) => {
    const car = await anInStockCar(SITE);
    await page.goto(siteUrl(SITE, '/'));
    const text = async (path: string) =>
      page.evaluate(async (p) => {
        const response = await fetch(p);
        return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
      }, path);
    const robots = await text('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.body).toContain('Sitemap: http://harbour-motor-group.localhost');
    const sitemap = await text('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toContain('application/xml');
    expect(sitemap.body).toContain(`/cars/${car.slug}</loc><lastmod>`);
    expect(sitemap.body).toContain('/locations</loc>');
    expect(sitemap.body).toContain('/twg-cars</loc>');
    expect((await text('/sitemaps/1.xml')).status).toBe(200);
    expect((await text('/sitemaps/2.xml')).status).toBe(404);
  });

  test("a single-brand site's servicing page shows its brand's claims as cards", async ({ page }) => {
    await page.goto(siteUrl('werribee-isuzu-ute', '/capped-price-servicing'));
    const cards = page.getByRole('list', { name: 'Why service with us' }).getByRole('listitem');
    await expect(cards.first()).toContainText('Isuzu UTE flat-price servicing');
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
  });

  test("a sold car's card opens the find-similar form on its page", async ({ page }) => {
    const sold = await aListedSoldCar(SITE);
    const why = 'the demo data has no sold car inside its listing window today';
    // Said at run time too: the list reporter shows a skip without its reason.
    if (!sold) process.stdout.write(`skipped: ${why}\n`);
    test.skip(!sold, why);
    await page.goto(siteUrl(SITE, `/search/new-used-and-demo-cars?query=${encodeURIComponent(sold!.stocknum)}`));
    const link = page.getByRole('link', { name: 'Find Me Something Similar' }).first();
    await expect(link).toHaveAttribute('href', `/cars/${sold!.slug}#find-similar`);
    await link.click();
    await expect(page.getByRole('dialog', { name: 'Find Me Something Similar' })).toBeVisible();
  });
});
