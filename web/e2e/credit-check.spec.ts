import { expect, test, type Page } from '@playwright/test';
import { lastTextedCode, query } from './database';
import { dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';

/** Werribee gates the credit check behind sign-in (gates.gated_routes has finance_credit_check). */
const SITE = 'werribee-isuzu-ute';
const PATH = '/finance/credit-check';

function freshMobile(): { typed: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { typed: `04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`, e164: `+614${digits}` };
}

async function signIn(page: Page): Promise<{ typed: string; e164: string }> {
  const mobile = freshMobile();
  await page.getByLabel('Mobile number').fill(mobile.typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Code')).toBeFocused();
  await page.getByLabel('Code').fill(await lastTextedCode(mobile.e164));
  await page.getByRole('button', { name: 'Sign in' }).click();
  return mobile;
}

test.describe('credit check', () => {
  test('a signed-out shopper is sent to sign in, then gets the credit check page: personal, noindex, never cached', async ({
    page,
    request,
    browser,
  }) => {
    await dismissPopupsOf(page, request, SITE);
    await page.goto(siteUrl(SITE, PATH));
    await expect(page).toHaveURL(/\/sign-in\?type=finance_credit_check&redirect=%2Ffinance%2Fcredit-check/);
    const mobile = await signIn(page);
    await expect(page).toHaveURL(siteUrl(SITE, PATH));

    await expect(page.getByRole('heading', { level: 1, name: 'Credit Check' })).toBeVisible();
    await expect(page.getByText("won't affect your credit score")).toBeVisible();
    const form = page.getByRole('form', { name: 'Credit check' });
    // The mobile the shopper signed in with is already filled in.
    await expect(form.getByLabel(/^Mobile/)).toHaveValue(mobile.typed);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('meta[name="page-cache"]')).toHaveAttribute('content', 'private');

    // Reloading the signed-in page answers 200 and is not served to anyone else from cache.
    const response = await page.reload();
    expect(response?.status()).toBe(200);
    // Another shopper, signed out, never sees it: they are sent to sign in.
    const other = await browser.newContext();
    const anonymous = await other.newPage();
    await anonymous.goto(siteUrl(SITE, PATH));
    await expect(anonymous).toHaveURL(/\/sign-in\?type=finance_credit_check/);
    await other.close();

    await form.getByLabel(/^Name/).fill('Casey Credit');
    await form.getByLabel(/^Email/).fill('casey.credit@example.com');
    await form.getByLabel(/terms of use/i).check();
    const since = new Date();
    await form.getByRole('button', { name: 'Check my credit' }).click();
    await expect(page).toHaveURL(/\/success/);
    const [lead] = await query<{ category: string; subcategory: string | null }>(
      `SELECT category, subcategory FROM leads WHERE created_at >= $1 AND fields->>'email' = $2`,
      [since, 'casey.credit@example.com'],
    );
    expect(lead).toEqual({ category: 'Finance Enquiry', subcategory: 'Credit Check' });
  });

  test('on a site whose gates leave it open, the page still asks a signed-out shopper to sign in', async ({ page }) => {
    await page.goto(siteUrl('harbour-motor-group', PATH));
    await expect(page).toHaveURL(/\/sign-in\?type=finance_credit_check&redirect=%2Ffinance%2Fcredit-check/);
  });
});
