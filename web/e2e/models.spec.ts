import { expect, test } from '@playwright/test';
import { newModelsOnShow } from './database';
import { dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';

const SINGLE = 'werribee-isuzu-ute';

/** The header's Vehicles dropdown (spec 001 Navigation) leads to real model pages (spec 001 §2: /models/d-max, /models/mu-x). */
test.describe('model pages', () => {
  test.beforeEach(async ({ page, request }) => {
    await dismissPopupsOf(page, request, SINGLE);
  });

  test('the Vehicles dropdown opens from the keyboard and D-MAX leads to its page and cars', async ({ page }) => {
    await page.goto(siteUrl(SINGLE, '/'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Vehicles menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const dmax = nav.getByRole('link', { name: 'D-MAX', exact: true });
    await expect(dmax).toBeVisible();
    // The dropdown follows the stock: the site's new-car models, alphabetically.
    const models = (await newModelsOnShow(SINGLE)).sort((a, b) => a.localeCompare(b, 'en-AU'));
    expect(models).toEqual(expect.arrayContaining(['D-MAX', 'MU-X']));
    const submenu = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect(submenu.getByRole('link')).toHaveText(models);
    await page.keyboard.press('Tab');
    await expect(dmax).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(siteUrl(SINGLE, '/models/d-max'));
    await expect(page.getByRole('heading', { level: 1, name: 'Isuzu D-MAX' })).toBeVisible();
    // A client-side navigation has no status of its own; the same address loaded afresh shows it.
    const response = await page.reload();
    expect(response?.status()).toBe(200);

    const cards = page.getByTestId('result-card');
    await expect(cards.first()).toBeVisible();
    const titles = await cards.getByRole('heading', { level: 3 }).allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.length).toBeLessThanOrEqual(21);
    for (const title of titles) expect(title).toContain('D-MAX');

    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Isuzu D-MAX')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('link', { name: 'View all D-MAX stock' }).click();
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\?.*make_model/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('D-MAX');
  });

  test('a model spelt another way finds the same model; more than 21 cars page on', async ({ page }) => {
    const response = await page.goto(siteUrl(SINGLE, '/models/D-MAX'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Isuzu D-MAX' })).toBeVisible();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination).toBeVisible();
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(siteUrl(SINGLE, '/models/d-max?page=2'));
    await expect(page.getByRole('heading', { level: 1, name: 'Isuzu D-MAX' })).toBeVisible();
    await expect(page.getByTestId('result-card').first()).toContainText('D-MAX');
  });

  test('MU-X has its page too; the metadata title names the model', async ({ page }) => {
    const response = await page.goto(siteUrl(SINGLE, '/models/mu-x'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Isuzu MU-X' })).toBeVisible();
    await expect(page).toHaveTitle(/^Isuzu MU-X \|/);
  });

  test('an unknown model is not found', async ({ page }) => {
    const response = await page.goto(siteUrl(SINGLE, '/models/no-such-model'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
