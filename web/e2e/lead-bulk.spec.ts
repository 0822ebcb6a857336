import { expect, test } from '@playwright/test';
import { query } from './database';
import { CONSOLE_SIZES, expectAxeClean, opsSignInLink, signInByCookie } from './dealer-console';
import { siteUrl } from './e2e-env';
import { onboardOwnDealer } from './own-dealer';

/**
 * The inbox's tools over many leads (issue 53 item 4), on a dealer of its own (onboarded here, so
 * no other spec's leads share its views): a salesperson ticks three leads, closes them as lost in
 * their own words, sees them leave the view, undoes it and sees them back; gives two to a
 * colleague; saves the view and opens it; narrows the inbox to a date range. A viewer sees no tick
 * boxes. On a phone and a laptop, axe clean, five leads above the fold on the phone.
 */

const SHOTS = 'test-results/lead-bulk';

/**
 * Six shoppers' leads as the form endpoint stores them (written here: the public form's per-device
 * limit is for shoppers, and lead-desk.spec.ts tries the form itself), each due an answer soon.
 */
async function leadsFor(site: string, names: string[]): Promise<void> {
  await query(
    `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data, response_due_at, created_at)
     SELECT d.site_id, d.id, 'general', 'General Enquiry', jsonb_build_object('name', n.name), '{}',
            now() + interval '5 minutes', now() - (n.i || ' seconds')::interval
     FROM dealerships d CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS n(name, i) WHERE d.slug = $1`,
    [site, names],
  );
}

for (const size of CONSOLE_SIZES) {
  test(`at ${size.width} px: bulk close with undo, bulk assign, a saved view and a date range`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const site = `bulk-${size.width}-${Date.now().toString(36)}${testInfo.retry}`;
    await onboardOwnDealer(request, site, 'Bulk Motors');
    // Leads wait unassigned, so the Unassigned view holds them until someone acts.
    await query(
      `UPDATE dealerships SET config = jsonb_set(coalesce(config, '{}'), '{leads}',
         coalesce(config->'leads', '{}') || '{"assignment": "manual"}') WHERE slug = $1`,
      [site],
    );
    const samToken = await opsSignInLink(request, site, {
      email: `sam@${site}.example`,
      name: 'Sam Seller',
      role: 'sales',
    });
    await opsSignInLink(request, site, { email: `sue@${site}.example`, name: 'Sue Seller', role: 'sales' });
    const vicToken = await opsSignInLink(request, site, {
      email: `vic@${site}.example`,
      name: 'Vic Viewer',
      role: 'viewer',
    });
    const names = ['Ada Bulk', 'Ben Bulk', 'Cal Bulk', 'Dee Bulk', 'Eve Bulk', 'Fay Bulk'];
    await leadsFor(site, names);

    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    await signInByCookie(request, context, site, samToken);
    const page = await context.newPage();
    await page.goto(siteUrl(site, '/dealer?view=unassigned'));
    const list = page.getByRole('list', { name: /^Leads/ });
    await expect(list.getByRole('listitem')).toHaveCount(6);
    // Nothing ticked: no bar, and the inbox keeps its room.
    await expect(page.getByRole('region', { name: 'Bulk actions' })).toHaveCount(0);
    if (size.width === 390) {
      const aboveTheFold = await list
        .getByRole('listitem')
        .evaluateAll(
          (items) => items.filter((item) => item.getBoundingClientRect().bottom <= window.innerHeight).length,
        );
      expect(aboveTheFold).toBeGreaterThanOrEqual(5);
    }
    await page.screenshot({ path: `${SHOTS}/inbox-${size.width}.png` });

    // Tick three and close them as lost, in the salesperson's own words.
    for (const name of ['Ada Bulk', 'Ben Bulk', 'Cal Bulk'])
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('3 selected');
    await bar.getByRole('button', { name: 'Close as lost…' }).click();
    await bar.getByLabel('Why were they lost?').selectOption({ label: 'Other (in my words)' });
    await bar.getByLabel('Reason', { exact: true }).fill('Bought a Ranger elsewhere');
    await page.screenshot({ path: `${SHOTS}/bulk-bar-${size.width}.png` });
    await expectAxeClean(page);
    await bar.getByRole('button', { name: 'Close 3 leads as lost' }).click();
    const status = page.getByRole('status').filter({ hasText: /Closed|Undone|Assigned/ });
    await expect(status).toContainText('Closed 3 leads.');
    await expect(list.getByRole('listitem')).toHaveCount(3);
    for (const name of ['Ada Bulk', 'Ben Bulk', 'Cal Bulk']) await expect(list).not.toContainText(name);
    const lost = await query<{ lost_reason: string }>(
      `SELECT l.lost_reason FROM leads l JOIN dealerships d ON d.id = l.dealership_id WHERE d.slug = $1 AND l.status = 'lost'`,
      [site],
    );
    expect(lost.map((row) => row.lost_reason)).toEqual(Array(3).fill('Bought a Ranger elsewhere'));
    await page.screenshot({ path: `${SHOTS}/closed-${size.width}.png` });

    // Undo: all three are back in the view.
    const undo = status.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();
    await undo.click();
    await expect(status).toContainText('Undone: 3 leads back as they were.');
    await expect(list.getByRole('listitem')).toHaveCount(6);
    for (const name of ['Ada Bulk', 'Ben Bulk', 'Cal Bulk']) await expect(list).toContainText(name);

    // Give two to a colleague: they leave Unassigned and show her name in All.
    for (const name of ['Dee Bulk', 'Eve Bulk']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await bar.getByLabel('Assign to').selectOption({ label: 'Sue Seller' });
    await bar.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(status).toContainText('Assigned 2 leads to Sue Seller.');
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expectAxeClean(page);

    // Save this view and open it from beside the tabs.
    await page.getByText('Save view', { exact: true }).click();
    await page.getByLabel('Name this view').fill('Unassigned this month');
    await page.screenshot({ path: `${SHOTS}/save-view-${size.width}.png` });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved the view' })).toContainText(
      'Saved the view Unassigned this month.',
    );
    const saved = page.getByRole('navigation', { name: 'Saved views' }).getByRole('link', {
      name: 'Unassigned this month',
    });
    await page.goto(siteUrl(site, '/dealer'));
    await saved.click();
    await expect(page).toHaveURL(/view=unassigned/);
    await expect(saved).toHaveAttribute('aria-current', 'page');
    await expect(list.getByRole('listitem')).toHaveCount(4);

    // A date range: a month long past holds none of them; today's (on the dealership's clock) all.
    const [today] = await query<{ day: string }>(
      `SELECT to_char(now() AT TIME ZONE coalesce((SELECT l.time_zone FROM locations l JOIN dealerships d ON d.id = l.dealership_id
         WHERE d.slug = $1 ORDER BY l."primary" DESC, l.id LIMIT 1), 'Australia/Sydney'), 'YYYY-MM-DD') AS day`,
      [site],
    );
    await page.getByText('Filters', { exact: true }).click();
    await page.getByLabel('Received from').fill('2020-01-01');
    await page.getByLabel('Received to').fill('2020-01-31');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
    await expect(page.getByText('No leads match these filters.')).toBeVisible();
    await page.getByLabel('Received from').fill(today!.day);
    await page.getByLabel('Received to').fill(today!.day);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(
      page.getByRole('navigation', { name: 'Lead views' }).getByRole('link', { name: 'All 6' }),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/date-range-${size.width}.png`, fullPage: true });
    await expectAxeClean(page);

    // A viewer reads the same inbox without tick boxes.
    const viewerContext = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    await signInByCookie(request, viewerContext, site, vicToken);
    const viewer = await viewerContext.newPage();
    await viewer.goto(siteUrl(site, '/dealer'));
    await expect(viewer.getByRole('list', { name: /^Leads/ }).getByRole('listitem')).toHaveCount(6);
    await expect(viewer.getByRole('checkbox')).toHaveCount(0);
    await viewerContext.close();
    await context.close();
  });
}
