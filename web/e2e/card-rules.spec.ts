import { expect, test, type Locator, type Page } from '@playwright/test';
import { slugify } from '@platform/domain';
import { query } from './database';
import { dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';

/**
 * A search card says what the car's page says: reserve online and the market-price badge follow the
 * settings of the car's own dealership (a group site can hold one dealership that uses market-price
 * data beside others that do not), and a certified used car carries its make's certified badge.
 */

const GROUP = 'harbour-motor-group';
const SEARCH = '/search/new-used-and-demo-cars';

interface CardCar {
  id: number;
  slug: string;
  stocknum: string;
  make: string;
}

/** An in-stock car of the group site whose dealership uses market-price data (and the site itself does not). */
async function marketDealershipCar(condition: string): Promise<CardCar> {
  const [car] = await query<CardCar>(
    `SELECT c.id, c.slug, c.stocknum, c.make FROM cars c
       JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 AND (d.config->'features'->>'market_price_enabled')::boolean IS TRUE
       AND c.status = 'in_stock' AND NOT c.reserved AND c.show_on_dealer_website AND c.withdrawn_at IS NULL
       AND (${condition})
     ORDER BY c.id LIMIT 1`,
    [GROUP],
  );
  if (!car) throw new Error(`${GROUP} has no market-price dealership car where ${condition}`);
  return car;
}

/** The car's card on a search for its stock number. */
async function cardOf(page: Page, site: string, car: CardCar): Promise<Locator> {
  await page.goto(siteUrl(site, `${SEARCH}?query=${encodeURIComponent(car.stocknum)}`));
  const card = page.getByTestId('result-card').filter({ has: page.locator(`#car-${car.id}-title`) });
  await expect(card).toHaveCount(1);
  return card;
}

test.describe('search cards follow the car dealership settings', () => {
  test('a $0 car of a market-price dealership offers no Reserve Now, on its card as on its page', async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, GROUP);
    const free = await marketDealershipCar('c.price = 0');
    const priced = await marketDealershipCar('c.price > 200');

    const pricedCard = await cardOf(page, GROUP, priced);
    await expect(pricedCard.getByRole('link', { name: /^Reserve Now: / })).toBeVisible();

    const freeCard = await cardOf(page, GROUP, free);
    await expect(freeCard.getByRole('link', { name: /^View Details/ })).toBeVisible();
    await expect(freeCard.getByRole('link', { name: /^Reserve Now: / })).toHaveCount(0);

    await page.goto(siteUrl(GROUP, `/cars/${free.slug}`));
    await expect(page.getByTestId('vehicle-price')).toBeVisible();
    await expect(page.locator('aside').getByRole('link', { name: /^Reserve Now/ })).toHaveCount(0);
  });

  test('a car priced under market at a market-price dealership shows Below Market Price on its card and page', async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, GROUP);
    const car = await marketDealershipCar(
      `c.price > 0 AND (c.data->'autograb_data'->>'state_average_market_price')::numeric - c.price > 499`,
    );
    const card = await cardOf(page, GROUP, car);
    await expect(card.getByText('Below Market Price')).toBeVisible();

    await page.goto(siteUrl(GROUP, `/cars/${car.slug}`));
    await expect(page.locator('aside').getByText('Below Market Price')).toBeVisible();
  });
});

test.describe('certified used cars', () => {
  test("a certified used car carries its make's certified badge image, with alt text, on its card and page", async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, GROUP);
    // The certified badge sits below the electric, hybrid and reserved tags (spec 000 §4).
    const [found] = await query<CardCar>(
      `SELECT c.id, c.slug, c.stocknum, c.make FROM cars c
         JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
       WHERE s.slug = $1 AND c.certified AND c.car_type = 'used' AND c.status = 'in_stock' AND NOT c.reserved
         AND coalesce(c.simple_fuel, '') NOT IN ('Electric', 'Hybrid')
         AND c.show_on_dealer_website AND c.withdrawn_at IS NULL
       ORDER BY c.id LIMIT 1`,
      [GROUP],
    );
    if (!found) throw new Error(`${GROUP} has no certified used car in stock`);
    const car = found;
    const alt = `${car.make} Certified Pre-Owned`;
    const src = new RegExp(`/media/certified/${slugify(car.make)}\\.svg`);

    const card = await cardOf(page, GROUP, car);
    const badge = card.getByRole('img', { name: alt });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute('src', src);
    await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.goto(siteUrl(GROUP, `/cars/${car.slug}`));
    const pageBadge = page.locator('aside').getByRole('img', { name: alt });
    await expect(pageBadge).toBeVisible();
    await expect.poll(() => pageBadge.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});
