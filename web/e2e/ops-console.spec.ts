import { expect, test, type APIRequestContext } from '@playwright/test';
import { query } from './database';
import { consoleScreenshots, emailTo, expectAxeClean } from './dealer-console';
import { API_ORIGIN, E2E_OPS_TOKEN, WEB_PORT } from './e2e-env';

/**
 * The ops console (issue 51, item 7) on its own host, as an operator uses it: signing in with a
 * one-time link (emailed, or minted with OPS_TOKEN), the sites at a glance, onboarding a dealer
 * from the form (a bad document refused whole, each problem under its field, nothing created),
 * the new site's page with its hosts and hours, suspending and resuming it, and every page at
 * phone and laptop sizes, axe clean. The real built web, api and worker of the suite.
 */

const OPS = (path: string): string => `http://ops.localhost:${WEB_PORT}${path}`;

async function newOperator(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(`${API_ORIGIN}/api/ops/operators`, {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data: { email, name: 'Olive Operator' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { sign_in_url: string };
  // The link names the ops host on the web's port: this suite's own.
  expect(body.sign_in_url).toMatch(new RegExp(`^http://ops\\.localhost:${WEB_PORT}/sign-in\\?token=`));
  return body.sign_in_url;
}

test.describe('ops console', () => {
  test('an operator signs in with an emailed link; a stranger is told the same and gets nothing', async ({
    page,
    request,
  }, testInfo) => {
    const tag = Date.now().toString(36);
    const email = `olive.${tag}@ops.example`;
    await newOperator(request, email);

    await page.goto(OPS('/'));
    await expect(page).toHaveURL(OPS('/sign-in'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the ops console' })).toBeVisible();
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'ops-sign-in');

    await page.getByLabel('Email address').fill(`stranger.${tag}@ops.example`);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText(`If stranger.${tag}@ops.example is an operator's address`);
    await page.getByRole('button', { name: 'Use another email address' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText(`If ${email} is an operator's address`);
    const { text } = await emailTo(email, /ops console sign-in link/);
    const link = /(http:\/\/ops\.localhost:\d+\/sign-in\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(link, text).toBeTruthy();
    expect(
      await query(`SELECT 1 FROM outbound_emails WHERE $1 = ANY(recipients)`, [`stranger.${tag}@ops.example`]),
    ).toEqual([]);

    await page.goto(link!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(OPS('/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
    await expect(page.getByText('Olive Operator')).toBeVisible();

    // A link works once.
    await page.context().clearCookies();
    await page.goto(link!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Ask for a new link' });
    await expect(refused).toContainText('This sign-in link');
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toHaveCount(0);
  });

  test('onboards a dealer from the form: refused whole with each problem named, then created and shown', async ({
    page,
    request,
  }, testInfo) => {
    // A whole onboarding with four axe checks and a screenshot pair at each step: 30 s is too short
    // on a busy two-core machine (it ran out at the second screenshot once), so a hang guard of 120 s.
    test.setTimeout(120_000);
    const tag = Date.now().toString(36);
    await page.goto(await newOperator(request, `onboarder.${tag}@ops.example`));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();

    // The sites at a glance: every demo site with its hosts and their state.
    const [demo] = await query<{ slug: string; name: string }>(
      `SELECT slug, name FROM sites WHERE retired_at IS NULL ORDER BY id LIMIT 1`,
      [],
    );
    await expect(page.getByRole('link', { name: demo!.name })).toBeVisible();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `${demo!.slug}.localhost` })
        .first(),
    ).toContainText('Verified');
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'ops-sites');

    await page.getByRole('link', { name: 'Onboard a dealer' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Onboard a dealer' })).toBeVisible();
    const slug = `ops-form-${tag}`;
    await page.getByLabel('Site name').fill(`Form Motors ${tag}`);
    await page.getByLabel('Site slug').fill(slug);
    await page.getByLabel('Template').selectOption('single-brand');
    await page.getByLabel("The dealer's own domains").fill(`www.formmotors${tag}.com.au`);
    await page.getByLabel("Owner's name").fill('Fran Former');
    await page.getByLabel("Owner's email").fill(`fran.${tag}@formmotors.example`);
    await page.getByLabel('Location name').fill('Form Motors Sales');
    await page.getByLabel('Street address').fill('1 Form Street');
    await page.getByLabel('Suburb').fill('Geelong');
    await page.getByLabel('Postcode').fill('9999');
    await page.getByLabel('Friday closes').fill('07:00');
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'ops-onboard-form');
    await page.getByRole('button', { name: 'Onboard this dealer' }).click();

    // The shape first: the closing time before opening is named under Friday, nothing created.
    const summary = page.getByRole('alert').filter({ hasText: 'Nothing was created' });
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Closes at 07:00');
    await expect(page.getByLabel('Friday closes')).toHaveAttribute('aria-invalid', 'true');
    // What was typed is kept, to fix rather than type again.
    await expect(page.getByLabel('Site slug')).toHaveValue(slug);
    await expect(page.getByLabel('Postcode')).toHaveValue('9999');
    expect(await query(`SELECT 1 FROM sites WHERE slug = $1`, [slug])).toEqual([]);
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'ops-onboard-refused');

    // Then what the database knows: no such postcode, named under its field.
    await page.getByLabel('Friday closes').fill('17:30');
    await page.getByRole('button', { name: 'Onboard this dealer' }).click();
    await expect(page.locator('#f-dealerships-0-locations-0-address-postcode-error')).toContainText('9999');
    await expect(page.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(await query(`SELECT 1 FROM sites WHERE slug = $1`, [slug])).toEqual([]);

    await page.getByLabel('Postcode').fill('3220');
    await page.getByRole('button', { name: 'Onboard this dealer' }).click();
    const done = page.getByRole('status').filter({ hasText: 'is onboarded' });
    await expect(done).toBeVisible();
    await expect(done).toContainText(`_dealer-platform-verification.www.formmotors${tag}.com.au`);
    await expect(done.locator('code').first()).toHaveText(/\S{20,}/);
    await expect(done).toContainText(`/dealer/sign-in?token=`);
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'ops-onboarded');

    // The site's own page: pending domain with its records, the location's week.
    await page.getByRole('link', { name: `Open Form Motors ${tag} in the console` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Form Motors ${tag}` })).toBeVisible();
    const domainRow = page.getByRole('row').filter({ hasText: `www.formmotors${tag}.com.au` });
    await expect(domainRow).toContainText('Pending DNS');
    await expect(domainRow).toContainText('Serves nothing yet');
    await expect(domainRow).toContainText('No certificate until verified');
    await expect(page.getByRole('table', { name: 'Opening hours of Form Motors Sales' })).toContainText('08:30–17:30');
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'ops-site');

    // Suspend: the site's own page shows maintenance; resume brings it back. Both in the audit log by name.
    await page.getByRole('button', { name: 'Suspend (maintenance page)' }).click();
    await expect(page.getByRole('status')).toContainText('Suspended');
    await expect(page.getByText('Suspended', { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByRole('status')).toContainText('Active again');
    const audit = await query<{ actor: string; action: string }>(
      `SELECT a.actor, a.action FROM ops_audit_log a JOIN sites s ON s.id = a.site_id WHERE s.slug = $1 ORDER BY a.id`,
      [slug],
    );
    expect(audit.length).toBeGreaterThanOrEqual(3);
    for (const entry of audit) expect(entry.actor).toContain(`onboarder.${tag}@ops.example`);
  });

  test('the ops host serves only the console and the ops API; other hosts never serve the console', async ({
    request,
  }) => {
    // Node does not resolve *.localhost as Chromium does: ask 127.0.0.1 with the ops host's name.
    const onOps = { host: `ops.localhost:${WEB_PORT}` };
    const shopperApi = await request.get(`http://127.0.0.1:${WEB_PORT}/api/watchlist`, { headers: onOps });
    expect(shopperApi.status()).toBe(404);
    const opsApi = await request.get(`http://127.0.0.1:${WEB_PORT}/api/ops/sites`, {
      headers: { ...onOps, authorization: `Bearer ${E2E_OPS_TOKEN}` },
    });
    expect(opsApi.status()).toBe(200);
    expect(opsApi.headers()['cache-control']).toContain('no-store');
    const [demo] = await query<{ slug: string }>(
      `SELECT slug FROM sites WHERE retired_at IS NULL ORDER BY id LIMIT 1`,
      [],
    );
    const onSite = await request.get(`http://127.0.0.1:${WEB_PORT}/ops_console`, {
      headers: { host: `${demo!.slug}.localhost:${WEB_PORT}` },
    });
    expect(onSite.status()).toBe(404);
  });
});
