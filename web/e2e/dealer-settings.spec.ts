import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { query } from './database';
import { consoleScreenshots, opsSignInLink, signInByCookie } from './dealer-console';
import { siteUrl } from './e2e-env';

/**
 * Issue 53 item 2: a salesperson sets their own channels, quiet hours and shift on the Notifications
 * page (each refusal under its field, nothing half-saved), and the Leads and Reservations links
 * carry counts in words that update without a reload.
 */

async function dealershipOf(site: string): Promise<{ id: number; slug: string; name: string; siteId: number }> {
  const [row] = await query<{ id: number; slug: string; name: string; siteId: number }>(
    `SELECT d.id, d.slug, d.name, d.site_id AS "siteId" FROM dealerships d JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 ORDER BY d.id LIMIT 1`,
    [site],
  );
  if (!row) throw new Error(`${site} has no dealership`);
  return row;
}

/** The console's axe check, with landmark-unique (two navs named alike would fail it) on top of WCAG AA. */
async function expectAxeClean(page: Page): Promise<void> {
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .withRules(['landmark-unique'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * The Leads link's name: 'Leads, 3 new' (and ', 1 overdue'). Chromium puts a space before the
 * visually hidden words (an absolutely placed element), which a screen reader does not voice.
 */
const leadsName = (count: number): RegExp => new RegExp(`^Leads ?, ${count} new( ?, \\d+ overdue)?$`);

const stored = async (userId: string) =>
  (
    await query<{
      notify_email: boolean;
      notify_sms: boolean;
      mobile: string | null;
      sms_consent_at: Date | null;
      quiet_start: string | null;
      quiet_end: string | null;
      takes_leads: boolean;
    }>(
      `SELECT u.notify_email, u.notify_sms, u.mobile, u.sms_consent_at, u.quiet_start, u.quiet_end, m.takes_leads
       FROM dealer_users u JOIN dealer_memberships m ON m.user_id = u.id WHERE u.id = $1`,
      [userId],
    )
  )[0]!;

test.describe('dealer console: notifications and live counts (issue 53)', () => {
  test('a salesperson turns texts on with a mobile and consent, sets quiet hours, and goes off and on shift', async ({
    page,
    request,
  }, testInfo) => {
    const site = 'harbour-motor-group';
    const dealership = await dealershipOf(site);
    const email = `notify.${Date.now().toString(36)}@example.com`;
    const token = await opsSignInLink(request, dealership.slug, { email, name: 'Nora Notify', role: 'sales' });
    const [{ id: userId }] = (await query<{ id: string }>(`SELECT id FROM dealer_users WHERE email = $1`, [email])) as [
      { id: string },
    ];
    await signInByCookie(request, page.context(), site, token);

    // Reached from the header, where the signed-in user's name is.
    await page.goto(siteUrl(site, '/dealer'));
    await page.getByRole('banner').getByRole('link', { name: 'Notifications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('group', { name: 'How you are told about leads' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Text message (SMS)')).not.toBeChecked();
    const consent = page.getByLabel(/I agree to receive text messages/);
    await expect(consent).toHaveAccessibleName(/about leads: new leads given to me, leads overdue/);
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'notifications');
    await page.setViewportSize({ width: 1366, height: 900 });

    // Texts on with a landline and half the quiet hours: both refused, each under its own field.
    const mobile = page.getByLabel('Mobile number', { exact: true });
    const from = page.getByLabel('From', { exact: true });
    const until = page.getByLabel('Until', { exact: true });
    await page.getByLabel('Text message (SMS)').check();
    await mobile.fill('02 9876 5432');
    await from.fill('21:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#pref-mobile-error')).toHaveText(/valid Australian mobile/);
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect(mobile).toHaveAttribute('aria-describedby', /pref-mobile-error/);
    await expect(page.locator('#pref-quietEnd-error')).toHaveText(/both the start and the end/);
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was saved' })).toContainText('Give both the start');
    // What they typed is still there to correct.
    await expect(mobile).toHaveValue('02 9876 5432');
    await expect(from).toHaveValue('21:30');
    expect(await stored(userId)).toMatchObject({ notify_sms: false, mobile: null, quiet_start: null });
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'notifications-refused');
    await page.setViewportSize({ width: 1366, height: 900 });

    // A mobile, but no consent: refused under the consent box.
    await mobile.fill('0412 345 678');
    await until.fill('07:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#pref-smsConsent-error')).toHaveText(/Tick the box to agree/);
    await expect(page.locator('#pref-mobile-error')).toHaveCount(0);
    expect((await stored(userId)).notify_sms).toBe(false);

    // Consent given from the keyboard, and saved with Enter.
    await consent.focus();
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    await mobile.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.getByText(/You agreed on/)).toBeVisible();
    await expect(mobile).toHaveValue('0412 345 678');
    const saved = await stored(userId);
    expect(saved).toMatchObject({
      notify_email: true,
      notify_sms: true,
      mobile: '+61412345678',
      quiet_start: '21:30',
      quiet_end: '07:00',
      takes_leads: true,
    });
    expect(saved.sms_consent_at).not.toBeNull();

    // Off shift, and on again; a reload shows what is stored.
    const taking = page.getByLabel(`Taking leads at ${dealership.name}`);
    await expect(page.getByText(/round-robin skips you/)).toBeVisible();
    await taking.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect.poll(async () => (await stored(userId)).takes_leads).toBe(false);
    await page.reload();
    await expect(page.getByLabel(`Taking leads at ${dealership.name}`)).not.toBeChecked();
    await expect(page.getByLabel('Text message (SMS)')).toBeChecked();
    await page.getByLabel(`Taking leads at ${dealership.name}`).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect.poll(async () => (await stored(userId)).takes_leads).toBe(true);
    // The consent kept its time: nothing about texts changed.
    expect((await stored(userId)).sms_consent_at).toEqual(saved.sms_consent_at);
    await consoleScreenshots(page, testInfo, 'notifications-saved');
  });

  test('the Leads and Reservations links say their counts, and Leads updates without a reload when a lead arrives', async ({
    page,
    request,
  }, testInfo) => {
    const site = 'werribee-isuzu-ute';
    const dealership = await dealershipOf(site);
    const token = await opsSignInLink(request, dealership.slug, {
      email: `badge.${Date.now().toString(36)}@example.com`,
      name: 'Bea Badge',
      role: 'sales',
    });
    await signInByCookie(request, page.context(), site, token);
    const newLeads = async () =>
      (
        await query<{ n: number }>(`SELECT count(*)::int AS n FROM leads WHERE dealership_id = $1 AND status = 'new'`, [
          dealership.id,
        ])
      )[0]!.n;
    const active = (
      await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM reservations WHERE dealership_id = $1 AND status IN ('pending_payment', 'held')`,
        [dealership.id],
      )
    )[0]!.n;

    await page.goto(siteUrl(site, '/dealer/reservations'));
    const nav = page.getByRole('navigation', { name: 'Console' });
    const before = await newLeads();
    expect(before).toBeGreaterThan(0);
    await expect(nav.getByRole('link', { name: leadsName(before) })).toBeVisible();
    if (active > 0)
      await expect(nav.getByRole('link', { name: new RegExp(`^Reservations ?, ${active} active$`) })).toBeVisible();
    else await expect(nav.getByRole('link', { name: 'Reservations', exact: true })).toBeVisible();
    // The badges are not a live region: a poll says nothing to a screen reader.
    await expect(nav.locator('[aria-live], [role="status"], [role="alert"]')).toHaveCount(0);
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'nav-counts');
    await page.setViewportSize({ width: 1366, height: 900 });

    // A lead arrives; the next poll (it also runs when the tab becomes visible) updates the badge only.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 53));
    await query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data)
       VALUES ($1, $2, 'general', 'General Enquiry', $3, '{}')`,
      [dealership.siteId, dealership.id, JSON.stringify({ name: 'Badge Lead', email: 'badge@example.com' })],
    );
    const after = await newLeads();
    expect(after).toBeGreaterThan(before);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/dealer/counts'));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect((await answered).status()).toBe(200);
    await expect(nav.getByRole('link', { name: leadsName(after) })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(53);
  });
});
