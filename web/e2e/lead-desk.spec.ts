import { expect, test, type APIRequestContext } from '@playwright/test';
import { query } from './database';
import {
  CONSOLE_SIZES,
  consoleScreenshots,
  emailTo,
  expectAxeClean,
  opsSignInLink,
  signInByCookie,
} from './dealer-console';
import { siteUrl } from './e2e-env';
import { enquireAt, onboardOwnDealer } from './own-dealer';

/**
 * The lead desk (issue 53), tried as a dealership would on a dealer of its own (onboarded here, so
 * no other spec's leads or users share its rotation): a shopper enquires; the first sales user in
 * turn is assigned and emailed; the lead shows its clock; moved past its due time (the injected
 * clock: the lead's own times moved back), the worker's sweep tells the salesperson and then the
 * owners; the salesperson replies from a template (the email in the development outbox, on the
 * timeline) and the clock stops, then logs a call; the shopper's next enquiry lands on the
 * same customer. A phone shows five leads above the fold.
 */

const SHOTS = 'test-results/lead-desk';

const enquire = (request: APIRequestContext, site: string, name: string): Promise<string> =>
  enquireAt(request, site, { name, phone: '0412 345 678', message: 'Is the ute still available?' });

test('a lead is assigned in turn, shows its clock, escalates when overdue, and stops when answered', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const site = `desk-${Date.now().toString(36)}${testInfo.retry}`;
  const { ownerEmail } = await onboardOwnDealer(request, site, 'Desk Motors');
  // Every step is told at once past the due time, whatever the dealership's hours when this runs.
  await query(
    `UPDATE dealerships SET config = jsonb_set(coalesce(config, '{}'), '{leads}',
       coalesce(config->'leads', '{}') || '{"escalate_to_owners_after_minutes": 0}') WHERE slug = $1`,
    [site],
  );
  const sam = { email: `sam@${site}.example`, name: 'Sam Seller', role: 'sales' as const };
  const samToken = await opsSignInLink(request, site, sam);
  await opsSignInLink(request, site, { email: `sue@${site}.example`, name: 'Sue Seller', role: 'sales' });

  const leadId = await enquire(request, site, 'Maria Nguyen');
  const [assigned] = await query<{ email: string }>(
    `SELECT u.email FROM leads l JOIN dealer_users u ON u.id = l.assigned_user_id WHERE l.id = $1`,
    [leadId],
  );
  // The first sales user in turn (never the owner while sales take leads), told by email.
  expect(assigned?.email).toBe(sam.email);
  const told = await emailTo(sam.email, /^New lead for you: Maria Nguyen/);
  expect(told.text).toContain(`/dealer/leads/${leadId}`);

  const context = await browser.newContext({ viewport: CONSOLE_SIZES[0] });
  await signInByCookie(request, context, site, samToken);
  const page = await context.newPage();
  await page.goto(siteUrl(site, '/dealer?view=mine'));
  const views = page.getByRole('navigation', { name: 'Lead views' });
  await expect(views.getByRole('link', { name: 'My leads 1' })).toHaveAttribute('aria-current', 'page');
  const row = page.getByRole('listitem').filter({ hasText: 'Maria Nguyen' });
  await expect(row).toContainText(/Due /);
  await expect(row).toContainText(/ago/);

  // The injected clock: the lead arrived 20 minutes ago and was due 11 minutes ago.
  await query(
    `UPDATE leads SET created_at = now() - interval '20 minutes', response_due_at = now() - interval '11 minutes'
     WHERE id = $1`,
    [leadId],
  );
  await page.reload();
  await expect(row).toContainText('Overdue by 11 min');
  await expect(views.getByRole('link', { name: 'Overdue 1' })).toBeVisible();
  // The worker's sweep: the salesperson, then the owners.
  await emailTo(sam.email, /^Overdue: Maria Nguyen is waiting/);
  const owners = await emailTo(ownerEmail, /^Overdue lead at .*: Maria Nguyen/);
  expect(owners.text).toContain('Assigned to Sam Seller');

  // A phone shows at least five leads above the fold.
  await query(
    `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data, response_due_at, assigned_user_id)
     SELECT d.site_id, d.id, 'vehicle', 'Vehicle Enquiry', jsonb_build_object('name', 'Shopper ' || g), '{}',
            now() + interval '5 minutes', (SELECT assigned_user_id FROM leads WHERE id = $2)
     FROM dealerships d CROSS JOIN generate_series(1, 5) g WHERE d.slug = $1`,
    [site, leadId],
  );
  await page.goto(siteUrl(site, '/dealer'));
  await page.screenshot({ path: `${SHOTS}/inbox-390.png` });
  const aboveTheFold = await page
    .getByRole('list', { name: /^Leads/ })
    .getByRole('listitem')
    .evaluateAll((items) => items.filter((item) => item.getBoundingClientRect().bottom <= window.innerHeight).length);
  expect(aboveTheFold).toBeGreaterThanOrEqual(5);
  await expectAxeClean(page);
  await consoleScreenshots(page, testInfo, 'lead-desk-inbox');
  await page.setViewportSize(CONSOLE_SIZES[1]);
  await page.screenshot({ path: `${SHOTS}/inbox-1366.png` });

  // Sam answers from a template: the email goes from the dealership's name (the development
  // outbox has it), the timeline shows it, the clock stops and the lead leaves the overdue view.
  await page.setViewportSize(CONSOLE_SIZES[0]);
  await page.goto(siteUrl(site, `/dealer/leads/${leadId}`));
  await expect(page.getByText('Overdue by 11 min')).toBeVisible();
  const reply = page.getByRole('region', { name: 'Reply' });
  await expect(reply.getByRole('radio', { name: 'SMS' })).toBeDisabled();
  await expect(reply).toContainText('did not agree to be texted');
  await reply.getByLabel('Start from a template').selectOption({ label: 'Thanks for your enquiry' });
  const [dealership] = await query<{ name: string }>(`SELECT name FROM dealerships WHERE slug = $1`, [site]);
  const subject = `Your enquiry with ${dealership!.name}`;
  await expect(reply.getByLabel('Subject')).toHaveValue(subject);
  // This run's own subject line, so an earlier run's email to the same shopper is never read.
  await reply.getByLabel('Subject').fill(`${subject} (${site})`);
  await expect(reply.getByLabel('Message')).toHaveValue(
    /^Hi Maria,\n\nThank you for getting in touch about your enquiry\./,
  );
  await expect(reply.getByLabel('Message')).toHaveValue(/Kind regards,\nSam Seller\n/);
  await reply.getByLabel('Message').press('Control+End');
  await reply.getByLabel('Message').pressSequentially('\nPS: the ute is here until Saturday.');
  await reply.getByRole('button', { name: 'Send email' }).click();
  await expect(reply.getByRole('status')).toContainText('Email to maria.nguyen@example.com is on its way');
  const sent = await emailTo('maria.nguyen@example.com', new RegExp(`\\(${site}\\)$`));
  expect(sent.text).toContain('PS: the ute is here until Saturday.');
  expect(sent.text).toMatch(/^Reply-To: sam@/m);
  await expect(page.getByText(/^Answered (in (under a minute|\d+ min)|out of hours)$/)).toBeVisible();
  await expect(page.getByText('Replied by email by Sam Seller')).toBeVisible();
  const replies = page.getByRole('region', { name: 'Replies' });
  await expect(replies).toContainText('PS: the ute is here until Saturday.');
  await expect(replies).toContainText(/Email to maria\.nguyen@example\.com by Sam Seller · .* · (Sending|Sent)/);
  await page.reload();
  await expect(replies).toContainText('· Sent');
  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/reply-390.png`, fullPage: true });
  await page.setViewportSize(CONSOLE_SIZES[1]);
  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/reply-1366.png`, fullPage: true });
  await page.setViewportSize(CONSOLE_SIZES[0]);

  // A call logged after it is the record of what was said; the first answer stays the reply.
  await page.getByRole('radio', { name: 'Spoke to them' }).check();
  await page.getByLabel(/What was said/).fill('Booked a test drive for Saturday.');
  await page.getByRole('button', { name: 'Log call' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Call logged.' })).toBeVisible();
  await expect(page.getByText('Call logged: spoke to them by Sam Seller')).toBeVisible();
  await expect(page.getByText('Assigned to Sam Seller (next in turn)')).toBeVisible();
  await expect(page.getByText('Booked a test drive for Saturday.')).toBeVisible();
  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/lead-390.png`, fullPage: true });
  await consoleScreenshots(page, testInfo, 'lead-desk-lead');
  await page.setViewportSize(CONSOLE_SIZES[1]);
  await page.screenshot({ path: `${SHOTS}/lead-1366.png`, fullPage: true });
  const [answered] = await query<{ first_response_kind: string; status: string }>(
    `SELECT first_response_kind, status FROM leads WHERE id = $1`,
    [leadId],
  );
  expect(answered).toEqual({ first_response_kind: 'reply', status: 'contacted' });
  await page.goto(siteUrl(site, '/dealer'));
  await expect(views.getByRole('link', { name: 'Overdue 0' })).toBeVisible();

  // The same shopper enquires again: the next salesperson in turn takes it, and it lands on the
  // same customer, with the first enquiry on its page.
  const again = await enquire(request, site, 'Maria Nguyen');
  const [second] = await query<{ email: string; duplicate_of: string | null }>(
    `SELECT u.email, l.duplicate_of FROM leads l JOIN dealer_users u ON u.id = l.assigned_user_id WHERE l.id = $1`,
    [again],
  );
  expect(second).toEqual({ email: `sue@${site}.example`, duplicate_of: null });
  await page.goto(siteUrl(site, `/dealer/leads/${again}`));
  const customer = page.getByRole('region', { name: "The customer's other enquiries" });
  await expect(customer.getByRole('link', { name: 'General enquiry' })).toHaveAttribute(
    'href',
    `/dealer/leads/${leadId}`,
  );
  await expect(customer).toContainText('Contacted');
  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/customer-390.png`, fullPage: true });
  await context.close();
});
