import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { query } from './database';
import { consoleScreenshots, emailTo, expectAxeClean, opsSignInLink, signInByCookie } from './dealer-console';
import { siteUrl } from './e2e-env';

/**
 * Issue 53 ("Speed to lead"): the inbox announces only genuinely new leads, once; a lead link
 * survives signing in; destructive actions ask first; a held snapshot a later run overtook is not
 * offered for confirming; the console has its own 404.
 */

const GROUP = 'harbour-motor-group';
/** A dealership with the console demo (a paid hold, a held snapshot). */
const DEMO = 'werribee-isuzu-ute';

async function firstDealership(site: string): Promise<{ id: number; slug: string; name: string; siteId: number }> {
  const [row] = await query<{ id: number; slug: string; name: string; siteId: number }>(
    `SELECT d.id, d.slug, d.name, d.site_id AS "siteId" FROM dealerships d JOIN sites s ON s.id = d.site_id
     WHERE s.slug = $1 ORDER BY d.id LIMIT 1`,
    [site],
  );
  if (!row) throw new Error(`${site} has no dealership`);
  return row;
}

async function insertLead(dealership: { id: number; siteId: number }, name: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data)
     VALUES ($1, $2, 'vehicle', 'Vehicle Enquiry', $3, '{}') RETURNING id`,
    [dealership.siteId, dealership.id, JSON.stringify({ name, email: 'live@example.com', phone: '0412345678' })],
  );
  return row!.id;
}

/** Runs the inbox's poll now (it also runs when the tab becomes visible) and waits for its answer. */
async function pollNow(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/dealer/leads?') && r.url().includes('after='));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await answered;
  // React commits the poll's outcome after the answer's body is read.
  await page.waitForTimeout(300);
}

test.describe('dealer console, issue 53', () => {
  test('the inbox poll announces nothing when nothing is new, and one new lead once', async ({
    page,
    request,
  }, testInfo) => {
    const dealership = await firstDealership(GROUP);
    const stamp = Date.now().toString(36);
    const token = await opsSignInLink(request, dealership.slug, {
      email: `poll.${stamp}@example.com`,
      name: 'Polly Poll',
      role: 'sales',
    });
    await signInByCookie(request, page.context(), GROUP, token);
    await page.goto(siteUrl(GROUP, '/dealer'));
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    const status = page.locator('p[role="status"][aria-live="polite"]');

    await pollNow(page);
    await expect(status).toHaveText('');

    const name = `Live Lead ${stamp}`;
    await insertLead(dealership, name);
    await pollNow(page);
    await expect(status).toHaveText('1 new lead');
    await expect(page.getByRole('link', { name })).toBeVisible();

    // The next poll finds nothing newer: nothing more is said.
    await pollNow(page);
    await expect(status).toHaveText('');
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'inbox-after-poll');
  });

  test('a lead link opened signed out comes back to the lead after signing in by code, and by the emailed link', async ({
    page,
    browser,
    request,
  }) => {
    const dealership = await firstDealership(GROUP);
    const stamp = Date.now().toString(36);
    const email = `next.${stamp}@example.com`;
    await opsSignInLink(request, dealership.slug, { email, name: 'Nina Next', role: 'sales' });
    const leadId = await insertLead(dealership, `Linked Lead ${stamp}`);
    const leadPath = `/dealer/leads/${leadId}`;

    await page.goto(siteUrl(GROUP, leadPath));
    await expect(page).toHaveURL(siteUrl(GROUP, `/dealer/sign-in?next=${encodeURIComponent(leadPath)}`));
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const mail = await emailTo(email, /sign-in code/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, leadPath));

    // The emailed link carries the lead too.
    const link = /(http\S+\/dealer\/sign-in\?token=\S+)/.exec(mail.text)![1]!;
    expect(new URL(link).searchParams.get('next')).toBe(leadPath);
    const other = await browser.newContext();
    const tab = await other.newPage();
    await tab.goto(siteUrl(GROUP, `${new URL(link).pathname}${new URL(link).search}`));
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await expect(tab).toHaveURL(siteUrl(GROUP, leadPath));
    await other.close();
  });

  test('a sign-in link never sends anyone off the console: another host or a non-console path goes to the inbox', async ({
    browser,
    request,
  }) => {
    const dealership = await firstDealership(GROUP);
    const stamp = Date.now().toString(36);
    for (const [i, next] of [
      'https://evil.example/dealer',
      '//evil.example/dealer',
      '/cars',
      '/dealer/../cars',
    ].entries()) {
      const token = await opsSignInLink(request, dealership.slug, {
        email: `unsafe.${i}.${stamp}@example.com`,
        name: 'Una Safe',
        role: 'viewer',
      });
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(siteUrl(GROUP, `/dealer/sign-in?token=${token}&next=${encodeURIComponent(next)}`));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(siteUrl(GROUP, '/dealer'));
      await context.close();
    }
  });

  test('Revoke key and Reject snapshot ask first, with the consequence, and only the second button acts', async ({
    page,
    request,
  }, testInfo) => {
    const dealership = await firstDealership(DEMO);
    const stamp = Date.now().toString(36);
    const token = await opsSignInLink(request, dealership.slug, {
      email: `confirm.${stamp}@example.com`,
      name: 'Cora Confirm',
      role: 'owner',
    });
    await signInByCookie(request, page.context(), DEMO, token);
    await page.goto(siteUrl(DEMO, '/dealer/feed'));
    await page.getByRole('button', { name: 'Create a feed key' }).click();
    const key = (await page.getByTestId('new-feed-key').textContent())!;
    const prefix = key.slice(0, 9);
    await page.goto(siteUrl(DEMO, '/dealer/feed'));

    await page.getByRole('button', { name: `Revoke key ${prefix}` }).click();
    const ask = page.getByRole('group', { name: `Revoke key ${prefix}?` });
    await expect(ask).toContainText('refused');
    const [stillLive] = await query<{ revoked_at: Date | null }>(
      `SELECT revoked_at FROM feed_keys WHERE key_prefix = $1`,
      [prefix],
    );
    expect(stillLive?.revoked_at).toBeNull();
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'feed-revoke-confirm');
    await ask.getByRole('button', { name: 'Yes, revoke the key' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Key revoked' })).toBeVisible();

    // A held snapshot of this dealership's own (the demo's stays for the other tests).
    const runId = randomUUID();
    await query(
      `INSERT INTO feed_runs (id, dealership_id, mode, content_type, payload_bytes, status, counts, detail, held_withdrawals, received_at)
       VALUES ($1, $2, 'snapshot', 'application/json', 2, 'held', '{}', 'Held', '[]', now() + interval '1 minute')`,
      [runId, dealership.id],
    );
    await page.goto(siteUrl(DEMO, `/dealer/feed?run=${runId}`));
    await page.getByRole('button', { name: 'Reject the snapshot' }).click();
    const reject = page.getByRole('group', { name: 'Reject this snapshot?' });
    await expect(reject).toContainText('Nothing in it is applied');
    const [held] = await query<{ status: string }>(`SELECT status FROM feed_runs WHERE id = $1`, [runId]);
    expect(held?.status).toBe('held');
    await expectAxeClean(page);
    await reject.getByRole('button', { name: 'Yes, reject it' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Rejected' })).toBeVisible();
    // A rejected run reads as rejected, not as a failure.
    await expect(page.locator(`[data-run="${runId}"]`).getByText('Rejected', { exact: true })).toBeVisible();
  });

  test('Mark sold and Remove user ask first; Keep it changes nothing', async ({ page, request }, testInfo) => {
    const dealership = await firstDealership(DEMO);
    const stamp = Date.now().toString(36);
    const token = await opsSignInLink(request, dealership.slug, {
      email: `sold.${stamp}@example.com`,
      name: 'Sol Sold',
      role: 'owner',
    });
    await signInByCookie(request, page.context(), DEMO, token);
    await page.goto(siteUrl(DEMO, '/dealer/reservations'));
    const markSold = page.getByRole('button', { name: 'Mark sold' }).first();
    await markSold.click();
    const sell = page.getByRole('group', { name: 'Mark this car sold?' });
    await expect(sell).toContainText('cannot be undone');
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'reservations-sold-confirm');
    await sell.getByRole('link', { name: 'Keep it' }).click();
    await expect(page.getByRole('group', { name: 'Mark this car sold?' })).toHaveCount(0);
    const [live] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reservations WHERE dealership_id = $1 AND status = 'sold'`,
      [dealership.id],
    );
    expect(live?.n).toBe(0);

    await opsSignInLink(request, dealership.slug, {
      email: `gone.${stamp}@example.com`,
      name: 'Gus Gone',
      role: 'sales',
    });
    await page.goto(siteUrl(DEMO, '/dealer/users'));
    await page.getByRole('button', { name: `Remove Gus Gone from ${dealership.name}` }).click();
    const remove = page.getByRole('group', { name: `Remove Gus Gone from ${dealership.name}?` });
    await expect(remove).toContainText('can no longer see');
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'users-remove-confirm');
    await remove.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByRole('status')).toHaveText('Removed. They can no longer see that dealership.');
  });

  test('a held snapshot a later run overtook offers Reject only, in console words with today’s count', async ({
    page,
    request,
  }) => {
    const dealership = await firstDealership(GROUP);
    const stamp = Date.now().toString(36);
    const token = await opsSignInLink(request, dealership.slug, {
      email: `held.${stamp}@example.com`,
      name: 'Hal Held',
      role: 'owner',
    });
    await signInByCookie(request, page.context(), GROUP, token);
    const [car] = await query<{ stocknum: string }>(
      `SELECT stocknum FROM cars WHERE dealership_id = $1 AND withdrawn_at IS NULL ORDER BY id LIMIT 1`,
      [dealership.id],
    );
    const held = randomUUID();
    const later = randomUUID();
    await query(
      `INSERT INTO feed_runs (id, dealership_id, mode, content_type, payload_bytes, status, counts, detail, held_withdrawals, received_at)
       VALUES ($1, $2, 'snapshot', 'application/json', 2, 'held', '{}',
               $5,
               $3, now() - interval '2 hours'),
              ($4, $2, 'delta', 'application/json', 2, 'succeeded', '{}', NULL, NULL, now() - interval '1 hour')`,
      [
        held,
        dealership.id,
        JSON.stringify([car!.stocknum]),
        later,
        // The guard's own words, as it writes them: the ops API and the count of its day.
        `Held: this snapshot would remove 999 of 1000 live cars (99.9%), more than the 50% allowed. Nothing was applied: an owner of the dealership (in the dealer console) or ops (POST /api/ops/feeds/runs/${held}/confirm) can confirm it or reject it.`,
      ],
    );
    await page.goto(siteUrl(GROUP, `/dealer/feed?run=${held}`));
    const run = page.locator(`[data-run="${held}"]`);
    await expect(run).toContainText('A later run has been applied');
    await expect(run.getByRole('button', { name: 'Confirm: withdraw these cars' })).toHaveCount(0);
    await expect(run.getByRole('button', { name: 'Reject the snapshot' })).toBeVisible();
    await expect(run).not.toContainText('/api/ops');
    await expect(run).not.toContainText('999 of 1000');
    await expect(run).toContainText('1 car');
    await expectAxeClean(page);
  });

  test('an unknown console page is the console’s 404, in its frame, with a way back to Leads', async ({
    page,
    request,
  }, testInfo) => {
    const dealership = await firstDealership(GROUP);
    const token = await opsSignInLink(request, dealership.slug, {
      email: `lost.${Date.now().toString(36)}@example.com`,
      name: 'Lou Lost',
      role: 'viewer',
    });
    await signInByCookie(request, page.context(), GROUP, token);
    const answer = await page.goto(siteUrl(GROUP, '/dealer/no-such-page'));
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Leads' })).toHaveAttribute(
      'href',
      '/dealer',
    );
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'console-404');
  });
});
