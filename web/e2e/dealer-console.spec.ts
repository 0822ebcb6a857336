import { createHash } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { query } from './database';
import { consoleScreenshots, expectAxeClean, opsSignInLink } from './dealer-console';
import { siteUrl } from './e2e-env';

/**
 * The dealer console end to end (issue 40): ops gives a dealership its first owner and a sign-in
 * link; the owner opens it, presses Sign in and works the dealership's leads. A shopper's enquiry
 * shows in the open inbox without a reload; the owner marks it contacted, adds a note and exports
 * CSV; a user of another dealership of the same site never sees it.
 */

const GROUP = 'harbour-motor-group';

interface CarOfDealership {
  id: number;
  slug: string;
  stocknum: string;
  dealership: string;
  other: string;
}

/** An in-stock car of one of the group's dealerships, and another dealership of the same site. */
async function aCarAndAnotherDealership(): Promise<CarOfDealership> {
  const [car] = await query<CarOfDealership>(
    `SELECT c.id, c.slug, c.stocknum, d.slug AS dealership,
       (SELECT o.slug FROM dealerships o WHERE o.site_id = d.site_id AND o.id <> d.id ORDER BY o.id LIMIT 1) AS other
     FROM cars c JOIN dealerships d ON d.id = c.dealership_id JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 AND c.status = 'in_stock' AND c.show_on_dealer_website AND c.withdrawn_at IS NULL
       AND EXISTS (SELECT 1 FROM dealerships o WHERE o.site_id = d.site_id AND o.id <> d.id)
     ORDER BY c.id LIMIT 1`,
    [GROUP],
  );
  if (!car) throw new Error(`${GROUP} has no car in stock with a second dealership`);
  return car;
}

/** Opens the link's page, checks the token is still unspent (a mail scanner's GET must not sign in), and signs in. */
async function signInWithLink(page: Page, token: string): Promise<void> {
  await page.goto(siteUrl(GROUP, `/dealer/sign-in?token=${token}`));
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in to / })).toBeVisible();
  // This link's row (stored by its SHA-256): other specs mint and spend links at the same time.
  const [link] = await query<{ consumed_at: Date | null }>(
    `SELECT consumed_at FROM dealer_sign_in_links WHERE token_hash = $1`,
    [createHash('sha256').update(token).digest('hex')],
  );
  expect(link).toBeDefined();
  expect(link?.consumed_at).toBeNull();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(siteUrl(GROUP, '/dealer'));
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
}

/** A shopper's enquiry about the car from its page, in a browser of their own. */
async function shopperEnquires(browser: Browser, car: CarOfDealership, name: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(siteUrl(GROUP, `/cars/${car.slug}`));
  await page
    .locator('aside')
    .getByRole('link', { name: /^Enquire/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Email/).fill(`${name.replace(/\W+/g, '.').toLowerCase()}@example.com`);
  await dialog.getByLabel('I agree to the terms of use').check();
  await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page).toHaveURL(siteUrl(GROUP, '/success'));
  await context.close();
}

test.describe('dealer console', () => {
  test('an owner signs in from an ops link, sees a new lead arrive, works it and exports it; another dealership never sees it', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // The live inbox polls every 15 s: the lead's arrival may take that long.
    test.setTimeout(120_000);
    const car = await aCarAndAnotherDealership();
    const stamp = Date.now().toString(36);
    const shopper = `Shopper ${stamp}`;

    // Signed out, the console sends you to sign in.
    await page.goto(siteUrl(GROUP, '/dealer'));
    await expect(page).toHaveURL(siteUrl(GROUP, '/dealer/sign-in'));
    await expect(page.getByLabel('Email address')).toBeVisible();

    const token = await opsSignInLink(request, car.dealership, {
      email: `owner.${stamp}@example.com`,
      name: 'Olive Owner',
      role: 'owner',
    });
    await signInWithLink(page, token);
    await expect(page.getByText('Olive Owner')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Leads' }),
    ).toHaveAttribute('aria-current', 'page');

    // Personal: never cached, never indexed.
    const inbox = await page.goto(siteUrl(GROUP, '/dealer'));
    expect(inbox?.headers()['cache-control']).toMatch(/private/);
    expect(inbox?.headers()['cache-control']).toMatch(/no-store/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // A shopper enquires while the inbox is open: the lead appears without a reload.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await shopperEnquires(browser, car, shopper);
    const row = page.getByRole('link', { name: shopper });
    await expect(row).toBeVisible({ timeout: 40_000 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: /new lead/ })).toHaveCount(1);
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'inbox');

    // The CSV of the filtered list downloads, with the lead in it.
    // The filters beyond the search sit behind one button, so a phone shows leads first.
    await page.getByText('Filters', { exact: true }).click();
    await page.getByLabel('Car (stock number)').fill(car.stocknum);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(new RegExp(`car=${encodeURIComponent(car.stocknum)}`));
    await expect(row).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text.startsWith('\uFEFF"Received"')).toBe(true);
    expect(text).toContain(`"${shopper}"`);

    // The lead: mark contacted, add a note.
    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: shopper })).toBeVisible();
    const leadId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await expect(page.locator(`a[href="/cars/${car.slug}"]`)).toBeVisible();
    await expect(page.getByText(`Stock #${car.stocknum}`)).toBeVisible();
    await page.getByRole('button', { name: 'Mark contacted' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Marked contacted.' })).toBeVisible();
    await expect(page.getByText('Marked contacted by Olive Owner')).toBeVisible();
    await page.getByLabel('Add a private note').fill('Rang them, test drive Saturday 10am.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Rang them, test drive Saturday 10am.')).toBeVisible();
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'lead');
    const [stored] = await query<{ status: string }>(`SELECT status FROM leads WHERE id = $1`, [leadId]);
    expect(stored?.status).toBe('contacted');

    // Another dealership's user of the same site: not in their inbox, and its id is not found.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signInWithLink(
      other,
      await opsSignInLink(request, car.other, {
        email: `other.${stamp}@example.com`,
        name: 'Oscar Other',
        role: 'sales',
      }),
    );
    await expect(other.getByRole('link', { name: shopper })).toHaveCount(0);
    const notFound = await other.goto(siteUrl(GROUP, `/dealer/leads/${leadId}`));
    expect(notFound?.status()).toBe(404);
    // The api through the site's host, as the browser calls it: the same 404 as an unknown id.
    const apiStatus = await other.evaluate(async (id) => (await fetch(`/api/dealer/leads/${id}`)).status, leadId);
    expect(apiStatus).toBe(404);
    await otherContext.close();

    // Sign out ends the session.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/dealer/sign-in'));
    await page.goto(siteUrl(GROUP, `/dealer/leads/${leadId}`));
    await expect(page).toHaveURL(siteUrl(GROUP, `/dealer/sign-in?next=%2Fdealer%2Fleads%2F${leadId}`));
  });

  test('without a link, the sign-in page offers the email-code form, axe clean', async ({ page }, testInfo) => {
    await page.goto(siteUrl(GROUP, '/dealer/sign-in'));
    await expect(page.getByRole('heading', { level: 1, name: /^Sign in to / })).toBeVisible();
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'sign-in');
  });
});
