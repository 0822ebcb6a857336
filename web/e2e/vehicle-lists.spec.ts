import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { query } from './database';
import { dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';
import { carsWhere } from './vehicle-data';

/**
 * The vehicle page's location map (#vehicle-map), the console warning for a car with no phone, and
 * the favourite and compare buttons beside share and save, with the pages a shopper reads them on.
 */

const GROUP = 'harbour-motor-group';

/** No serious or critical axe violation on the list as filled (the accessibility suite sees it empty). */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** The first row, or a failed test saying what the demo data lacked. */
function first<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${GROUP} has no ${what}`);
  return row;
}
const PRICED_WITH_PHOTOS = `c.status = 'in_stock' AND c.price > 0 AND jsonb_array_length(c.data->'images') > 0`;

test.describe('vehicle location map', () => {
  test("#vehicle-map without a maps key shows the car's location as its address and Get Directions, never the location's picture", async ({
    page,
    request,
  }) => {
    await dismissPopupsOf(page, request, GROUP);
    const car = first(await carsWhere(GROUP, `c.status = 'in_stock' AND c.location_id IS NOT NULL`), 'located car');
    const location = first(
      await query<{ name: string; street: string; image_url: string | null }>(
        `SELECT l.name, l.street, l.image_url FROM cars c JOIN locations l ON l.id = c.location_id WHERE c.id = $1`,
        [car.id],
      ),
      'location',
    );
    // The demo locations' picture is their group's logo: a map-sized logo is no map.
    expect(location.image_url).not.toBeNull();
    await page.goto(siteUrl(GROUP, `/cars/${car.slug}`));
    const map = page.locator('#vehicle-map');
    await expect(map).toBeVisible();
    await expect(map.getByRole('heading', { name: 'Vehicle Location' })).toBeVisible();
    await expect(map).toContainText(location.name);
    await expect(map).toContainText(location.street);
    await expect(map.locator('img, iframe')).toHaveCount(0);
    const directions = map.getByRole('link', { name: /^Get Directions/ });
    await expect(directions).toHaveCount(1);
    await expect(directions).toHaveAttribute('href', /^https:\/\//);
    await expectAccessible(page);
  });
});

test.describe('a car with no phone', () => {
  test('logs a console warning and offers no number, without any console error', async ({ page, request }) => {
    await dismissPopupsOf(page, request, GROUP);
    // A dealership without per-car-type numbers, so the location is the only source of a phone.
    const rows = await query<{ id: number; slug: string; location_id: number }>(
      `SELECT c.id, c.slug, c.location_id FROM cars c JOIN dealerships d ON d.id = c.dealership_id
         JOIN sites s ON s.id = d.site_id
       WHERE s.slug = $1 AND d.config->'phone' IS NULL AND c.status = 'in_stock' AND c.location_id IS NOT NULL
         AND c.show_on_dealer_website AND c.withdrawn_at IS NULL
       ORDER BY c.id DESC LIMIT 1`,
      [GROUP],
    );
    const car = first(rows, 'car of a dealership without per-type numbers');
    await query(`UPDATE cars SET location_id = NULL WHERE id = $1`, [car.id]);
    try {
      const warnings: string[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(siteUrl(GROUP, `/cars/${car.slug}?no-phone=${Date.now()}`));
      await expect(page.getByTestId('vehicle-price')).toBeVisible();
      await expect(page.getByTestId('phone-reveal')).toHaveCount(0);
      await expect.poll(() => warnings.join('\n')).toMatch(/no phone number/i);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    } finally {
      await query(`UPDATE cars SET location_id = $2 WHERE id = $1`, [car.id, car.location_id]);
    }
  });
});

test.describe('favourites and compare on the vehicle page', () => {
  test('Favourite keeps the car on the Favourites page, which removes it again', async ({ page, request }) => {
    await dismissPopupsOf(page, request, GROUP);
    const car = first(await carsWhere(GROUP, PRICED_WITH_PHOTOS), 'priced car with photos');
    await page.goto(siteUrl(GROUP, `/cars/${car.slug}`));
    const tools = page.locator('aside');
    const favourite = tools.getByRole('button', { name: `Favourite ${car.name}` });
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('status').getByRole('link', { name: 'View Favourites' }).click();

    await expect(page).toHaveURL(siteUrl(GROUP, '/favourites'));
    await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
    const saved = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: car.name }) });
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText('$');
    await expectAccessible(page);
    await saved.getByRole('button', { name: `Remove ${car.name}` }).click();
    await expect(saved).toHaveCount(0);
    await expect(page.getByText('You have no favourites yet.')).toBeVisible();
  });

  test('Compare puts cars side by side on the Compare page', async ({ page, request }) => {
    await dismissPopupsOf(page, request, GROUP);
    const [one, two] = await carsWhere(GROUP, PRICED_WITH_PHOTOS, 2);
    if (!one || !two) throw new Error(`${GROUP} has fewer than 2 priced cars with photos`);
    for (const car of [one, two]) {
      await page.goto(siteUrl(GROUP, `/cars/${car.slug}`));
      const compare = page.locator('aside').getByRole('button', { name: `Compare ${car.name}` });
      await expect(compare).toHaveAttribute('aria-pressed', 'false');
      await compare.click();
      await expect(compare).toHaveAttribute('aria-pressed', 'true');
    }
    await page
      .getByRole('status')
      .getByRole('link', { name: /^Compare \(2\)/ })
      .click();

    await expect(page).toHaveURL(siteUrl(GROUP, '/compare'));
    await expect(page.getByRole('heading', { level: 1, name: 'Compare Cars' })).toBeVisible();
    const table = page.getByRole('table');
    for (const car of [one, two])
      await expect(table.getByRole('columnheader', { name: new RegExp(car.name) })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Price' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Odometer' })).toBeVisible();
    await expectAccessible(page);

    await table.getByRole('button', { name: `Remove ${one.name}` }).click();
    await expect(table.getByRole('columnheader', { name: new RegExp(one.name) })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: new RegExp(two.name) })).toBeVisible();
  });
});
