import { expect, test } from '@playwright/test';
import { dismissPopupsOf, fetchSiteConfig } from './demo-sites';
import { siteUrl } from './e2e-env';

const SINGLE = 'werribee-isuzu-ute';
const GROUP = 'harbour-motor-group';
const USED = 'northside-used-cars';

/** Northside shows a popup until it is dismissed; these tests are about what lies under it. */
test.beforeEach(async ({ page, request }) => {
  await dismissPopupsOf(page, request, USED);
});

test.describe('locations list (spec 000 screen 1)', () => {
  test('tabs per location type; searching writes locationQuery and a changed list starts at the first tab', async ({
    page,
  }) => {
    await page.goto(siteUrl(SINGLE, '/locations'));
    const card = page.getByRole('article', { name: 'Werribee Isuzu UTE' });
    const tabs = card.getByRole('tab');
    await expect(tabs).toHaveText(['Sales', 'Service', 'Parts']);
    await expect(card.getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true');

    await card.getByRole('tab', { name: 'Service' }).click();
    const servicePanel = card.getByRole('tabpanel');
    await expect(servicePanel.getByRole('heading', { name: 'Werribee Isuzu UTE Service' })).toBeVisible();
    await expect(servicePanel.getByRole('link', { name: /^Book a Service/ })).toHaveAttribute(
      'href',
      '/service?location=werribee-isuzu-ute-service',
    );
    await expect(servicePanel.getByText('Mon-Fri')).toBeVisible();

    // Arrow keys move between tabs.
    await card.getByRole('tab', { name: 'Service' }).press('ArrowRight');
    await expect(card.getByRole('tab', { name: 'Parts' })).toBeFocused();
    await expect(card.getByRole('tab', { name: 'Parts' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByRole('tabpanel').getByRole('link', { name: /^Parts Enquiry/ })).toBeVisible();

    await page.getByPlaceholder('Search locations...').fill('sales');
    await expect(page).toHaveURL(/locationQuery=sales/);
    await expect(tabs).toHaveText(['Sales']);
    await expect(card.getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByRole('tabpanel').getByRole('link', { name: /^Contact Us/ })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(card.getByText(/^DL# /)).toBeVisible();

    await page.getByPlaceholder('Search locations...').fill('3030');
    await expect(page).toHaveURL(/locationQuery=3030/);
    await expect(tabs).toHaveText(['Sales', 'Service', 'Parts']);
    await expect(card.getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true');

    await page.getByPlaceholder('Search locations...').fill('nowhere at all');
    await expect(page.getByText('No locations match your search.')).toBeVisible();
  });

  test('a group shows every tab side by side and Send Enquiry opens a modal with a hidden location_id', async ({
    page,
    request,
  }) => {
    const { locations } = (await fetchSiteConfig(request, GROUP)) as unknown as {
      locations: { id: number; name: string }[];
    };
    const newcastle = locations.find((location) => location.name === 'Harbour Mazda Newcastle');
    expect(newcastle).toBeDefined();

    await page.goto(siteUrl(GROUP, '/locations?locationQuery=Newcastle'));
    const card = page.getByRole('article', { name: 'Harbour Mazda Newcastle' });
    await expect(card.getByRole('heading', { level: 3, name: 'Sales', exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { level: 3, name: 'Service', exact: true })).toBeVisible();
    await expect(card.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(1);

    await card.getByRole('button', { name: 'Send Enquiry to Harbour Mazda Newcastle', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us at Harbour Mazda Newcastle' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('input[type="hidden"][name="location_id"]')).toHaveValue(String(newcastle?.id));
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(dialog.getByText('Please fix the following errors:')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('contact pages', () => {
  test('/contact-us/{slug} strips the trailing Sales, Service or Parts from the name', async ({ page }) => {
    await page.goto(siteUrl(USED, '/locations?locationQuery=Kedron'));
    await page
      .getByRole('article', { name: 'Northside Used Cars' })
      .getByRole('link', { name: /^Contact Us at Northside Used Cars Kedron/ })
      .click();
    await expect(page).toHaveURL(siteUrl(USED, '/contact-us/northside-used-cars-kedron'));

    await page.goto(siteUrl(GROUP, '/contact-us/harbour-toyota-homebush'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us at Harbour Toyota Homebush');
    const departments = page.getByRole('list', { name: 'Departments' });
    await expect(departments.getByRole('heading', { level: 3 })).toHaveText([
      'Harbour Toyota Homebush Sales',
      'Harbour Toyota Homebush Service',
      'Harbour Toyota Homebush Parts',
    ]);
    await expect(page.getByRole('link', { name: /^Get Directions/ }).first()).toHaveAttribute('href', /^https:\/\//);

    const missing = await page.goto(siteUrl(GROUP, '/contact-us/harbour-toyota-homebush-sales'));
    expect(missing?.status()).toBe(404);
  });

  test('/contact on a single-brand site lists its locations and the enquiry form', async ({ page }) => {
    await page.goto(siteUrl(SINGLE, '/contact'));
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Our locations' }).getByRole('listitem')).toHaveCount(3);
  });
});

test.describe('location page', () => {
  test('Opening Hours with a department selector and the holiday-hours dialog', async ({ page }) => {
    await page.goto(siteUrl(SINGLE, '/locations/werribee-isuzu-ute-sales'));
    await expect(page.getByRole('heading', { level: 1, name: 'Werribee Isuzu UTE Sales' })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Opening Hours' });
    await expect(panel.getByRole('row', { name: 'Mon-Fri 8:30am - 5:30pm' })).toBeVisible();

    await panel.getByRole('button', { name: 'Holiday Hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Holiday Hours: Werribee Isuzu UTE Sales' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /25 Dec \d{4} Closed/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await panel.getByRole('button', { name: 'Service' }).click();
    await expect(panel.getByRole('button', { name: 'Service' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByText('Werribee Isuzu UTE Service', { exact: true })).toBeVisible();
    await expect(panel.getByRole('row', { name: 'Mon-Fri 7:30am - 5:30pm' })).toBeVisible();
    await panel.getByRole('button', { name: 'Holiday Hours' }).click();
    await expect(page.getByRole('dialog', { name: 'Holiday Hours: Werribee Isuzu UTE Service' })).toBeVisible();
  });

  test('reviews show with stars above the minimum rating and are hidden at or below it', async ({ page }) => {
    await page.goto(siteUrl(USED, '/locations/northside-used-cars-kedron'));
    const reviews = page.locator('#reviews');
    await expect(reviews.getByRole('img', { name: 'Rated 4.2 out of 5' })).toBeVisible();
    await expect(reviews).toContainText('(455 reviews)');
    // The newest 12 of the Google reviews the location has (the demo has 15), newest first.
    const list = reviews.getByRole('list', { name: 'Latest reviews of Northside Used Cars Kedron' });
    await expect(list.getByRole('article')).toHaveCount(12);
    const dates = await list
      .locator('time')
      .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    await expect(
      list
        .getByRole('article')
        .first()
        .getByRole('img', { name: /^Rated [1-5]\.0 out of 5$/ }),
    ).toBeVisible();
    await expect(reviews.getByRole('link', { name: /Read all reviews on Google/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\//,
    );

    await page.goto(siteUrl(USED, '/locations/northside-service-centre'));
    await expect(page.getByRole('heading', { level: 1, name: 'Northside Service Centre' })).toBeVisible();
    await expect(page.locator('#reviews')).toHaveCount(0);

    // 4.0 does not exceed the minimum of 4.
    await page.goto(siteUrl(USED, '/locations/northside-used-cars-strathpine'));
    await expect(page.getByRole('heading', { level: 1, name: 'Northside Used Cars Strathpine' })).toBeVisible();
    await expect(page.locator('#reviews')).toHaveCount(0);
  });

  test('a dealership slug opens its primary location', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/locations/harbour-toyota-homebush'));
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Toyota Homebush Sales' })).toBeVisible();
  });
});
