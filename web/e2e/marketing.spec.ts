import { expect, test } from '@playwright/test';
import { dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';

const GROUP = 'harbour-motor-group';
const SINGLE = 'werribee-isuzu-ute';
const USED = 'northside-used-cars';

/** Northside shows a popup until it is dismissed; these tests are about what lies under it. */
test.beforeEach(async ({ page, request }) => {
  await dismissPopupsOf(page, request, USED);
});

test.describe('promotions slider and banners (spec 001 screens 18-19)', () => {
  test('shows live slides only: an expired and a not-yet-started slide are absent', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/'));
    const slider = page.getByRole('region', { name: 'Promotions' });
    const slides = slider.getByTestId('promotion-slide');
    await expect(slides).toHaveCount(2);
    await expect(slider.getByRole('img', { name: 'Drive-away deals on new cars' })).toHaveAttribute('width', '1920');
    await expect(slider.getByRole('img', { name: 'Drive-away deals on new cars' })).toHaveAttribute('height', '540');
    await expect(slider.getByRole('img', { name: 'Book a service this month' })).toBeAttached();
    await expect(page.getByRole('img', { name: 'End of financial year sale' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Coming soon' })).toHaveCount(0);
  });

  test('a slide shows its name and description over the image and links to its url; hide_overlay leaves the image bare', async ({
    page,
  }) => {
    await page.goto(siteUrl(GROUP, '/'));
    const slides = page.getByRole('region', { name: 'Promotions' }).getByTestId('promotion-slide');
    const first = slides.nth(0);
    const overlay = first.getByTestId('slide-overlay');
    await expect(overlay.getByText('Drive-away deals', { exact: true })).toBeVisible();
    await expect(overlay.getByText('On selected new cars, while stocks last.')).toBeVisible();
    await expect(first.getByRole('link')).toHaveAttribute('href', '/special-offers');
    // The second slide hides its overlay: its link is named by the image alone.
    const second = slides.nth(1);
    await expect(second.getByTestId('slide-overlay')).toHaveCount(0);
    await expect(second.getByRole('link', { name: 'Book a service this month' })).toHaveAttribute('href', '/service');
  });

  test('previous, next and dots move through the slides; arrow keys too', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/'));
    const slider = page.getByRole('region', { name: 'Promotions' });
    const previous = slider.getByRole('button', { name: 'Previous slide' });
    const next = slider.getByRole('button', { name: 'Next slide' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(slider.getByRole('button', { name: 'Go to slide 2 of 2' })).toHaveAttribute('aria-current', 'true');
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await slider.getByRole('list', { name: 'Promotion slides' }).press('ArrowLeft');
    await expect(slider.getByRole('button', { name: 'Go to slide 1 of 2' })).toHaveAttribute('aria-current', 'true');
  });

  test('the car-type display filter: a strict used-only banner shows on a used-only site, not on a group selling every type', async ({
    page,
  }) => {
    await page.goto(siteUrl(GROUP, '/'));
    const banners = page.getByRole('region', { name: 'Banners' });
    await expect(banners.getByRole('img', { name: 'Pre-owned week' })).toBeAttached();
    await expect(page.getByRole('img', { name: 'Used cars only: trade in today' })).toHaveCount(0);

    await page.goto(siteUrl(USED, '/'));
    await expect(
      page.getByRole('region', { name: 'Banners' }).getByRole('img', { name: 'Used cars only: trade in today' }),
    ).toBeAttached();
  });

  test('feature banner and why-buy-from-us block come from configuration', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/'));
    const featured = page.getByRole('navigation', { name: 'Featured' });
    await expect(featured.getByRole('link', { name: /Latest Offers/ })).toHaveAttribute('href', '/special-offers');
    await expect(featured.getByRole('link', { name: /Book Service/ })).toHaveAttribute('href', '/service');
    await expect(featured.getByRole('link', { name: /Sell Your Car/ })).toHaveAttribute('href', '/sell-your-car');
    const whyBuy = page.getByRole('region', { name: 'Why Buy From Us' });
    await expect(whyBuy.getByRole('heading', { name: '7 year roadside assistance' })).toBeVisible();
  });
});

test.describe('brand directory (spec 001 screen 17)', () => {
  test('sections of brand tiles to /{brand slug}/overview, the stats banner and the group companies', async ({
    page,
  }) => {
    await page.goto(siteUrl(GROUP, '/brands'));
    await expect(page.getByRole('heading', { level: 1, name: 'Our Brands' })).toBeVisible();
    await expect(page.getByTestId('brand-stats').getByRole('listitem')).toHaveText([
      '50+ Locations',
      '40+ Brands',
      '30+ Years Est.',
    ]);

    const cars = page.getByRole('region', { name: 'Car Brands' });
    await expect(cars.getByRole('link', { name: 'Toyota' })).toHaveAttribute('href', '/toyota/overview');
    await expect(page.getByRole('region', { name: 'Motorcycle Brands' }).getByTestId('brand-tile')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Truck Brands' }).getByRole('link')).toHaveAttribute(
      'href',
      '/isuzu-ute/overview',
    );

    const companies = page.getByRole('navigation', { name: 'Group companies' });
    for (const href of ['/twg-cars', '/twg-rental', '/twg-tyres', '/neotek', '/4x4-outdoor']) {
      await expect(companies.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  });

  test('a brand tile opens the brand overview with the group websites selling it', async ({ page }) => {
    await page.goto(siteUrl(GROUP, '/brands'));
    await page.getByRole('region', { name: 'Car Brands' }).getByRole('link', { name: 'Toyota' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/toyota/overview'));
    await expect(page.getByRole('heading', { level: 1, name: 'Toyota' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Toyota dealerships' }).getByRole('link', { name: 'Harbour Toyota' }),
    ).toHaveAttribute('href', 'https://www.harbourtoyota.com.au');
  });

  test('a site without the brand directory has no /brands page and links to none', async ({ page }) => {
    const response = await page.goto(siteUrl(SINGLE, '/brands'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Brands' })).toHaveCount(0);
    await page.goto(siteUrl(SINGLE, '/'));
    await expect(page.locator('a[href="/brands"]')).toHaveCount(0);
  });
});

test.describe('offers pages', () => {
  test('/offers/{manufacturer}/{id} and /offers/{id} show a configured offer; an expired one is not found', async ({
    page,
  }) => {
    const response = await page.goto(siteUrl(SINGLE, '/offers/isuzu-ute/101'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'D-MAX SX Cab Chassis drive-away offer' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'D-MAX offer' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Disclaimer' })).toContainText('while stocks last');

    await page.goto(siteUrl(SINGLE, '/offers/102'));
    await expect(page.getByRole('heading', { level: 1, name: 'Service club' })).toBeVisible();

    expect((await page.goto(siteUrl(SINGLE, '/offers/toyota/101')))?.status()).toBe(404);
    expect((await page.goto(siteUrl(SINGLE, '/offers/isuzu-ute/103')))?.status()).toBe(404);
  });

  test('the home page links to each live offer', async ({ page }) => {
    await page.goto(siteUrl(SINGLE, '/'));
    const offers = page.getByRole('region', { name: 'Latest Offers' });
    await expect(offers.getByRole('link', { name: /D-MAX SX Cab Chassis/ })).toHaveAttribute(
      'href',
      '/offers/isuzu-ute/101',
    );
    await expect(offers.getByRole('link')).toHaveCount(2);
  });
});
