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
 * Follow-up (issue 53 item 6), tried as a salesperson would on a dealer onboarded here (so no other
 * spec's leads or users share it): a shopper enquires and the lead is theirs; from the lead page
 * they book a test drive (a refused form first says which field to fix); the lead shows "Test drive
 * booked"; the reminder fires (the injected clock: the task's reminder time moved back, the
 * worker's sweep sends it to the dev outbox); the task is on their Tasks page; they mark it done.
 */

const SHOTS = 'test-results/lead-tasks';

const enquire = (request: APIRequestContext, site: string, name: string): Promise<string> =>
  enquireAt(request, site, { name, phone: '0412 345 679', message: 'Could I take the ute for a drive this week?' });

test('a salesperson books a test drive from the lead, is reminded of it, and marks it done', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const site = `tasks-${Date.now().toString(36)}${testInfo.retry}`;
  await onboardOwnDealer(request, site, 'Task Motors');
  const sam = { email: `sam@${site}.example`, name: 'Sam Seller', role: 'sales' as const };
  const samToken = await opsSignInLink(request, site, sam);
  const leadId = await enquire(request, site, 'Jane Citizen');
  const [assigned] = await query<{ email: string }>(
    `SELECT u.email FROM leads l JOIN dealer_users u ON u.id = l.assigned_user_id WHERE l.id = $1`,
    [leadId],
  );
  expect(assigned?.email).toBe(sam.email);

  const context = await browser.newContext({ viewport: CONSOLE_SIZES[0] });
  await signInByCookie(request, context, site, samToken);
  const page = await context.newPage();
  await page.goto(siteUrl(site, `/dealer/leads/${leadId}`));
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByText('No follow-up booked.')).toBeVisible();

  // A refused form says which field to fix, in an alert, and keeps what was typed.
  await tasks.getByLabel('Task', { exact: true }).selectOption({ label: 'Test drive' });
  await tasks.getByLabel('Note (optional)').fill('Bring licence; wants to try it loaded');
  const date = await tasks.getByLabel('Date').inputValue();
  await tasks.getByLabel('Date').fill('');
  await tasks.getByRole('button', { name: 'Add task' }).click();
  const alert = tasks.getByRole('alert');
  await expect(alert).toContainText('The task was not added');
  await expect(alert.getByRole('link', { name: 'Enter the date it is due.' })).toHaveAttribute('href', '#task-date');
  await expect(tasks.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
  await expect(tasks.getByLabel('Note (optional)')).toHaveValue('Bring licence; wants to try it loaded');
  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/refused-390.png`, fullPage: true });

  // Booked: the form's next whole hour on the dealership's clock.
  await tasks.getByLabel('Date').fill(date);
  await tasks.getByRole('button', { name: 'Add task' }).click();
  await expect(tasks.getByRole('status')).toHaveText('Task added.');
  const open = tasks.getByRole('list', { name: 'Open tasks' });
  await expect(open.getByRole('listitem')).toHaveCount(1);
  await expect(open).toContainText('Test drive: Bring licence; wants to try it loaded');
  await expect(open).toContainText(
    /(Due today|Upcoming|Overdue) · (was due )?\d{1,2} \w{3}, \d{1,2}:00\s?[ap]m · for Sam Seller/,
  );
  // The lead is now "Test drive booked", and that was its first response.
  await expect(page.locator('#lead-title + span')).toHaveText('Test drive booked');
  await expect(page.getByText('Marked test drive booked by Sam Seller')).toBeVisible();
  await expect(page.getByText('Task added: Test drive by Sam Seller')).toBeVisible();
  const [lead] = await query<{ status: string; first_response_kind: string | null }>(
    `SELECT status, first_response_kind FROM leads WHERE id = $1`,
    [leadId],
  );
  expect(lead).toEqual({ status: 'appointment', first_response_kind: 'status' });
  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/lead-390.png`, fullPage: true });
  await consoleScreenshots(page, testInfo, 'lead-tasks-lead');
  await page.setViewportSize(CONSOLE_SIZES[1]);
  await page.screenshot({ path: `${SHOTS}/lead-1366.png`, fullPage: true });

  // The injected clock: the reminder's time has come; the worker's sweep (every 10 s) sends it.
  await query(`UPDATE lead_tasks SET remind_at = now() - interval '1 minute' WHERE lead_id = $1`, [leadId]);
  const reminder = await emailTo(sam.email, /^Reminder: test drive with Jane Citizen at \d{1,2}:00\s?[ap]m/);
  expect(reminder.text).toContain(`/dealer/leads/${leadId}`);
  const [task] = await query<{ reminded_at: Date | null }>(`SELECT reminded_at FROM lead_tasks WHERE lead_id = $1`, [
    leadId,
  ]);
  expect(task!.reminded_at).not.toBeNull();

  // The task is on Sam's list, and the navigation says how many are due.
  await page.goto(siteUrl(site, '/dealer/tasks'));
  const mine = page.getByRole('list', { name: 'My tasks' });
  await expect(mine.getByRole('link', { name: 'Test drive: Jane Citizen' })).toHaveAttribute(
    'href',
    `/dealer/leads/${leadId}`,
  );
  await expect(page.getByRole('link', { name: /^Tasks/ })).toBeVisible();
  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/tasks-1366.png`, fullPage: true });
  await page.setViewportSize(CONSOLE_SIZES[0]);
  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/tasks-390.png`, fullPage: true });

  // Done, from the lead: the task moves to Done and cancelled, and the list is empty.
  await mine.getByRole('link', { name: 'Test drive: Jane Citizen' }).click();
  await tasks.getByRole('button', { name: /^Done: Test drive/ }).click();
  await expect(tasks.getByText('No follow-up booked.')).toBeVisible();
  await tasks.getByText('Done and cancelled (1)').click();
  await expect(tasks.getByText(/^Done by Sam Seller/)).toBeVisible();
  await expect(page.getByText('Task done: Test drive by Sam Seller')).toBeVisible();
  await expectAxeClean(page);
  await page.screenshot({ path: `${SHOTS}/done-390.png`, fullPage: true });
  await page.setViewportSize(CONSOLE_SIZES[1]);
  await page.screenshot({ path: `${SHOTS}/done-1366.png`, fullPage: true });
  const [finished] = await query<{ done: boolean }>(
    `SELECT done_at IS NOT NULL AS done FROM lead_tasks WHERE lead_id = $1`,
    [leadId],
  );
  expect(finished).toEqual({ done: true });
  await context.close();
});
