import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { lastTextedCode } from './database';
import { siteUrl } from './e2e-env';

const SITE = 'harbour-motor-group';
const SCREENSHOTS = 'test-results/saved-searches';

function freshMobile(): { typed: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { typed: `04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`, e164: `+614${digits}` };
}

/** axe on what this feature adds (accessibility.spec sweeps whole pages). */
async function noSeriousAxeViolations(page: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('saved searches', () => {
  test('a signed-in shopper saves a search from the search page and sees it on the watchlist page', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Signed out, the search page offers sign-in that returns to the same search.
    await page.goto(siteUrl(SITE, '/search/new-cars'));
    const signIn = page.getByRole('link', { name: 'Sign in to save this search' });
    await expect(signIn).toHaveAttribute('href', /^\/sign-in\?type=watchlist&redirect=%2Fsearch%2Fnew-cars/);
    await signIn.click();

    const mobile = freshMobile();
    await page.getByLabel('Mobile number').fill(mobile.typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Code')).toBeFocused();
    await page.getByLabel('Code').fill(await lastTextedCode(mobile.e164));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(siteUrl(SITE, '/search/new-cars'));

    // Open the disclosure from the keyboard.
    const summary = page.getByText('Save this search', { exact: true });
    await summary.focus();
    await page.keyboard.press('Enter');
    const name = page.getByLabel('Name');
    await expect(name).toBeVisible();
    const defaultName = await name.inputValue();
    expect(defaultName).toBe('New cars');
    await noSeriousAxeViolations(page, 'details');
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await summary.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/search-save-${width}x${height}.png` });
    }

    await name.fill('New cars for Sam');
    // Alerts are asked for, never assumed: the shopper ticks SMS themselves.
    const sms = page.getByRole('checkbox', { name: /^Text me when new cars match this search\./ });
    await expect(sms).not.toBeChecked();
    await sms.check();
    await page.getByLabel('One daily summary in the morning').check();
    await page.getByRole('button', { name: 'Save search' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Search saved.' })).toBeVisible();

    await page.getByRole('link', { name: 'See your saved searches' }).click();
    await expect(page).toHaveURL(siteUrl(SITE, '/watchlist'));
    const list = page.getByRole('list', { name: 'Saved searches' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('link', { name: 'New cars for Sam' })).toHaveAttribute('href', '/search/new-cars');
    await expect(list.getByText('By SMS, in a daily morning summary.')).toBeVisible();
    await noSeriousAxeViolations(page, 'main');
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SCREENSHOTS}/watchlist-${width}x${height}.png`, fullPage: true });
    }

    // Rename, turn alerts off, and delete: each survives a reload.
    await list.getByRole('button', { name: 'Rename New cars for Sam' }).click();
    await list.getByLabel('New name').fill('Sam’s next car');
    await list.getByRole('button', { name: 'Save name' }).click();
    await expect(list.getByRole('link', { name: 'Sam’s next car' })).toBeVisible();
    await list.getByRole('button', { name: 'Turn off alerts for Sam’s next car' }).click();
    await expect(list.getByText('Paused — turn on alerts')).toBeVisible();
    await page.reload();
    await expect(list.getByText('Paused — turn on alerts')).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await list.getByRole('button', { name: 'Delete Sam’s next car' }).click();
    await expect(page.getByText('No saved searches yet.', { exact: false })).toBeVisible();

    // The page an alert's stop link opens needs no session; a forged link stops nothing.
    await page.context().clearCookies();
    await page.goto(siteUrl(SITE, '/unsubscribe?token=forged.a.AAAA'));
    await expect(page.getByRole('heading', { level: 1, name: 'Stop alerts' })).toBeVisible();
    await expect(page.getByText('This unsubscribe link is not valid.', { exact: false })).toBeVisible();
  });
});
