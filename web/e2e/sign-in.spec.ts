import { expect, test, type Page } from '@playwright/test';
import { anInStockCar, lastTextedCode } from './database';
import { DEMO_SITE_SLUGS, fetchSiteConfig } from './demo-sites';
import { siteUrl, WEB_ORIGIN, WEB_PORT } from './e2e-env';

const SITE = 'harbour-motor-group';

/** A mobile number no other test (or earlier run) has used: '04' and 8 digits. */
function freshMobile(): { typed: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { typed: `04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`, e164: `+614${digits}` };
}

async function requestCode(page: Page, typed: string): Promise<void> {
  await page.getByLabel('Mobile number').fill(typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Code')).toBeFocused();
}

test.describe('sign-in with a texted code', () => {
  test('a signed-out shopper opening the watchlist signs in, saves a car, removes it and signs out', async ({
    page,
  }) => {
    const mobile = freshMobile();
    await page.goto(siteUrl(SITE, '/watchlist'));
    await expect(page).toHaveURL(/\/sign-in\?type=watchlist&redirect=%2Fwatchlist/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Sign in with your mobile number to save cars to your watchlist.')).toBeVisible();

    // A typo is caught before any text is sent, with the API's own message.
    await page.getByLabel('Mobile number').fill('0212 345 678');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Please enter a valid Australian mobile number.')).toBeVisible();
    await expect(page.getByLabel('Mobile number')).toHaveAttribute('aria-invalid', 'true');

    await requestCode(page, mobile.typed);
    await expect(page.getByRole('status').filter({ hasText: `We sent a code to ${mobile.typed}.` })).toBeVisible();
    const code = await lastTextedCode(mobile.e164);

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Code').fill(wrong);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(siteUrl(SITE, '/watchlist'));
    await expect(page.getByRole('heading', { level: 1, name: 'My watchlist' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${mobile.typed}.`)).toBeVisible();
    await expect(page.getByText('You have not saved any cars yet.', { exact: false })).toBeVisible();

    // The vehicle page's save button calls this endpoint, first-party through the site's host.
    const car = await anInStockCar(SITE);
    const saved = await page.evaluate(
      async ({ phone, carId }) =>
        (
          await fetch('/api/watchlist/save-car', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ phone_number: phone, car_id: carId }),
          })
        ).json(),
      { phone: mobile.typed, carId: car.id },
    );
    expect(saved).toEqual({ success: true });

    await page.reload();
    const list = page.getByRole('list', { name: 'Saved cars' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('link')).toHaveAttribute('href', `/cars/${car.slug}`);

    await list.getByRole('button', { name: /^Remove .* from your watchlist$/ }).click();
    await expect(page.getByTestId('toast')).toContainText('Removed from your watchlist');
    await expect(page.getByText('You have not saved any cars yet.', { exact: false })).toBeVisible();
    await page.reload();
    await expect(page.getByText('You have not saved any cars yet.', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(siteUrl(SITE, '/'));
    await page.goto(siteUrl(SITE, '/watchlist'));
    await expect(page).toHaveURL(/\/sign-in\?type=watchlist/);
  });

  test('a session belongs to the site it was opened on', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto(siteUrl(SITE, '/sign-in?redirect=%2Fwatchlist'));
    await requestCode(page, mobile.typed);
    await page.getByLabel('Code').fill(await lastTextedCode(mobile.e164));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My watchlist' })).toBeVisible();

    const other = DEMO_SITE_SLUGS.find((slug) => slug !== SITE)!;
    await page.goto(siteUrl(other, '/watchlist'));
    await expect(page).toHaveURL(/\/sign-in\?type=watchlist/);
  });

  test('a redirect to another site is refused: the shopper lands on this site', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto(siteUrl(SITE, `/sign-in?type=watchlist&redirect=${encodeURIComponent('//evil.example/x')}`));
    await requestCode(page, mobile.typed);
    await page.getByLabel('Code').fill(await lastTextedCode(mobile.e164));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(siteUrl(SITE, '/'));
  });
});

test('a signed-out shopper on a gated route is sent to sign in with type, redirect and back', async ({
  page,
  request,
}) => {
  const { config } = await fetchSiteConfig(request, SITE);
  expect(config.gates.gated_routes).toContain('my_garage');
  await page.goto(siteUrl(SITE, '/my-garage?tab=cars'));
  const url = new URL(page.url());
  expect(url.pathname).toBe('/sign-in');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    type: 'my_garage',
    redirect: '/my-garage?tab=cars',
    back: '/',
  });
  await expect(page.getByText('Sign in with your mobile number to open your garage.')).toBeVisible();
});

test('a site host forwards only its own shopper API', async ({ request }) => {
  // Node does not resolve *.localhost as Chromium does: name the site in the Host header.
  const get = (path: string) =>
    request.get(`${WEB_ORIGIN}${path}`, { headers: { host: `${SITE}.localhost:${WEB_PORT}` } });
  const me = await get(`/api/sites/${SITE}/me`);
  expect(me.status()).toBe(200);
  expect(await me.json()).toEqual({ signed_in: false, phone: null });
  for (const path of ['/api/ops/queues', `/api/sites/${DEMO_SITE_SLUGS[1]}/me`, '/api/sites']) {
    const response = await get(path);
    expect(response.status(), path).toBe(404);
  }
});
