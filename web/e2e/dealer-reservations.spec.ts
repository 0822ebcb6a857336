import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { lastTextedCode, query } from './database';
import { dismissPopupsOf } from './demo-sites';
import { opsSignInLink, signInByCookie, type DealerRole } from './dealer-console';
import { API_ORIGIN, siteUrl } from './e2e-env';
import { oneCarWhere } from './vehicle-data';

/** Harbour has many dealerships on one site, and gates checkout behind the shopper's sign-in. */
const SITE = 'harbour-motor-group';
const SCREENSHOTS = 'test-results/dealer-reservations';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
];

async function noSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A dealer user added through the ops API and signed in with their one-time link; the cookie goes on the browser. */
async function signInDealer(
  request: APIRequestContext,
  context: BrowserContext,
  dealership: string,
  email: string,
  role: DealerRole,
): Promise<void> {
  const token = await opsSignInLink(request, dealership, { email, name: email.split('@')[0]!, role });
  await signInByCookie(request, context, SITE, token);
}

/** The shopper signs in (the site gates checkout), then reserves and pays for a car with the local provider. */
async function reserve(page: Page, car: { slug: string }, email: string): Promise<string> {
  await page.goto(siteUrl(SITE, `/cars/${car.slug}/checkout`));
  if (page.url().includes('/sign-in')) {
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    await page.getByLabel('Mobile number').fill(`04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Code')).toBeFocused();
    await page.getByLabel('Code').fill(await lastTextedCode(`+614${digits}`));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(siteUrl(SITE, `/cars/${car.slug}/checkout`));
  }
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('I agree to the terms of use').check();
  await page.getByRole('button', { name: /^Pay \$[\d,]+ deposit$/ }).click();
  await expect(page).toHaveURL(/\/payments\/local\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/reservations\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}

test.describe('dealer console: reservations', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a dealer completes one reservation and cancels another (refunded); the shopper is emailed; another dealership sees neither', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    await dismissPopupsOf(page, request, SITE);
    // Two reservable cars of one dealership, untouched by other tests of this run.
    const free = `c.id % 5 = 4 AND c.status = 'in_stock' AND NOT c.reserved AND c.price > 1000 AND COALESCE(c.tag, '') <> 'Test Drive Only'
      AND NOT EXISTS (SELECT 1 FROM reservations r WHERE r.car_id = c.id)`;
    const first = await oneCarWhere(SITE, free);
    const [{ slug: dealership }] = await query<{ slug: string }>(
      `SELECT d.slug FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE c.id = $1`,
      [first.id],
    );
    const second = await oneCarWhere(SITE, `${free} AND d.slug = '${dealership}' AND c.id <> ${first.id}`);
    const [{ slug: otherDealership }] = await query<{ slug: string }>(
      `SELECT d.slug FROM dealerships d JOIN sites s ON s.id = d.site_id WHERE s.slug = $1 AND d.slug <> $2
       ORDER BY d.id LIMIT 1`,
      [SITE, dealership],
    );
    const sold = await reserve(page, first, `sold-${testInfo.testId}@example.com`);
    const cancelled = await reserve(page, second, `cancel-${testInfo.testId}@example.com`);

    const dealerContext = await browser.newContext();
    const dealer = await dealerContext.newPage();
    await signInDealer(request, dealerContext, dealership, `sales-${testInfo.testId}@dealer.example`, 'sales');
    await dealer.goto(siteUrl(SITE, '/dealer/reservations'));
    await expect(dealer.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
    const card = (id: string) => dealer.locator(`[data-reservation="${id}"]`);
    await expect(card(sold)).toContainText('Held');
    await expect(card(sold)).toContainText('Paid');
    await expect(card(sold)).toContainText(/\d+ days? \d+ h/);
    await expect(card(cancelled)).toBeVisible();
    await expect(dealer).toHaveTitle(/Reservations/);
    expect(await dealer.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    await noSeriousAxeViolations(dealer);
    for (const size of SIZES) {
      await dealer.setViewportSize(size);
      const shot = `${SCREENSHOTS}/reservations-${size.name}.png`;
      await dealer.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`reservations-${size.name}.png`, { path: shot, contentType: 'image/png' });
    }

    // Mark one sold.
    await card(sold).getByRole('button', { name: 'Mark sold' }).click();
    await card(sold).getByRole('button', { name: 'Yes, mark sold' }).click();
    await expect(dealer.getByRole('status').filter({ hasText: 'Marked sold' })).toBeVisible();
    await expect(card(sold)).toContainText('Sold');

    // Cancel the other: a confirm step first, then the refund.
    await card(cancelled).getByRole('link', { name: 'Cancel and refund' }).click();
    await expect(card(cancelled).getByText('Cancel this reservation?')).toBeVisible();
    await noSeriousAxeViolations(dealer);
    const confirmShot = `${SCREENSHOTS}/reservations-confirm-cancel.png`;
    await card(cancelled).screenshot({ path: confirmShot });
    await testInfo.attach('reservations-confirm-cancel.png', { path: confirmShot, contentType: 'image/png' });
    await card(cancelled).getByRole('button', { name: 'Yes, cancel and refund' }).click();
    await expect(dealer.getByRole('status').filter({ hasText: 'Cancelled' })).toBeVisible();
    await expect(card(cancelled)).toContainText('Refunded');

    const [refund] = await query<{ amount_cents: number }>(
      `SELECT lr.amount_cents FROM local_refunds lr JOIN reservations r ON r.payment_ref = lr.payment_id::text WHERE r.id = $1`,
      [cancelled],
    );
    expect(refund!.amount_cents).toBeGreaterThan(0);
    // The shopper's outcome emails, sent by the worker through the development mailer.
    await expect
      .poll(
        async () =>
          (
            await query<{ subject: string }>(
              `SELECT e.subject FROM reservation_notices n JOIN outbound_emails e ON e.delivery_id = n.id
               WHERE n.reservation_id = ANY($1::uuid[]) ORDER BY e.subject`,
              [[sold, cancelled]],
            )
          ).map((row) => row.subject),
        { timeout: 60_000 },
      )
      .toEqual([
        expect.stringMatching(/^Your purchase of the .+ is complete$/),
        expect.stringMatching(/^Your reservation of the .+ is cancelled$/),
      ]);
    const after = `${SCREENSHOTS}/reservations-after-desktop.png`;
    await dealer.screenshot({ path: after, fullPage: true });
    await testInfo.attach('reservations-after-desktop.png', { path: after, contentType: 'image/png' });
    await dealerContext.close();

    // Another dealership's user of the same site sees neither.
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await signInDealer(request, otherContext, otherDealership, `other-${testInfo.testId}@dealer.example`, 'owner');
    await otherPage.goto(siteUrl(SITE, '/dealer/reservations'));
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
    await expect(otherPage.locator(`[data-reservation="${sold}"]`)).toHaveCount(0);
    await expect(otherPage.locator(`[data-reservation="${cancelled}"]`)).toHaveCount(0);
    await expect(otherPage.getByText(first.name)).toHaveCount(0);
    await otherContext.close();

    // Signed out, the console sends you to sign in and shows nothing.
    const anonymous = await browser.newPage();
    await anonymous.goto(siteUrl(SITE, '/dealer/reservations'));
    await expect(anonymous).toHaveURL(siteUrl(SITE, '/dealer/sign-in?next=%2Fdealer%2Freservations'));
    await expect(anonymous.locator('[data-reservation]')).toHaveCount(0);
    await anonymous.close();
  });

  test('the feed page shows runs, a run’s errors and the keys, at phone and desktop sizes', async ({
    page,
    request,
  }, testInfo) => {
    const [{ slug: dealership }] = await query<{ slug: string }>(
      `SELECT d.slug FROM dealerships d JOIN sites s ON s.id = d.site_id WHERE s.slug = $1 ORDER BY d.id LIMIT 1`,
      [SITE],
    );
    await signInDealer(request, page.context(), dealership, `owner-${testInfo.testId}@dealer.example`, 'owner');
    await page.goto(siteUrl(SITE, '/dealer/feed'));
    await expect(page.getByRole('heading', { level: 1, name: 'Feed health' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Feed keys' })).toBeVisible();
    await page.getByRole('button', { name: 'Create a feed key' }).click();
    await expect(page.getByTestId('new-feed-key')).toHaveText(/^fk_[A-Za-z0-9_-]{43}$/);
    const key = (await page.getByTestId('new-feed-key').textContent())!;
    // Listed by its prefix at once, never in full.
    await expect(page.getByRole('button', { name: `Revoke key ${key.slice(0, 9)}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Feed keys' }).locator('table')).not.toContainText(key);
    await noSeriousAxeViolations(page);
    const keyShot = `${SCREENSHOTS}/feed-new-key-phone.png`;
    await page.setViewportSize(SIZES[0]!);
    await page.screenshot({ path: keyShot, fullPage: true });
    await testInfo.attach('feed-new-key-phone.png', { path: keyShot, contentType: 'image/png' });
    // The dealer's stock system pushes with it; its only row is refused, so the demo stock is untouched.
    const pushed = await request.post(`${API_ORIGIN}/api/feeds/${dealership}?mode=delta`, {
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      data: JSON.stringify([
        { stocknum: 'BAD-ROW-1', make: 'Toyota', model: 'Hilux', year: 2024, car_type: 'used', price: 'call us' },
      ]),
    });
    expect(pushed.status()).toBe(202);
    const { feedRunId } = (await pushed.json()) as { feedRunId: string };
    await expect
      .poll(
        async () =>
          (await query<{ status: string }>(`SELECT status FROM feed_runs WHERE id = $1`, [feedRunId]))[0]?.status,
        { timeout: 30_000 },
      )
      .toBe('failed');
    await page.goto(siteUrl(SITE, `/dealer/feed?run=${feedRunId}`));
    const run = page.locator(`[data-run="${feedRunId}"]`);
    await expect(run).toContainText('Every row was rejected');
    await expect(run.getByRole('row', { name: /BAD-ROW-1/ })).toContainText('price');
    await expect(page.getByTestId('new-feed-key')).toHaveCount(0);
    await noSeriousAxeViolations(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const shot = `${SCREENSHOTS}/feed-${size.name}.png`;
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`feed-${size.name}.png`, { path: shot, contentType: 'image/png' });
    }
    // The key is listed by its prefix and can be revoked.
    await page.getByRole('button', { name: `Revoke key ${key.slice(0, 9)}` }).click();
    await page.getByRole('button', { name: 'Yes, revoke the key' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Key revoked' })).toBeVisible();
  });
});
