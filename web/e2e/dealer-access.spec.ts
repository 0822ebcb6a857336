import { expect, test, type Page } from '@playwright/test';
import { query } from './database';
import {
  consoleScreenshots,
  emailTo,
  expectAxeClean,
  opsAddUser,
  opsSignInLink,
  signInByCookie,
} from './dealer-console';
import { siteUrl } from './e2e-env';

/**
 * Access to the dealer console (issue 40): signing in with a code emailed to the address, an
 * owner's Users page (invite, change a role, remove, the audit log), what a salesperson is shown
 * instead, and every console page at phone and laptop sizes on the demo data.
 */

interface DemoDealership {
  slug: string;
  site: string;
  name: string;
}

/** A demo dealership the seed gave console work to: a held reservation and a held feed run. */
async function demoDealership(): Promise<DemoDealership> {
  const [dealership] = await query<DemoDealership>(
    `SELECT d.slug, s.slug AS site, d.name FROM dealerships d JOIN sites s ON s.id = d.site_id
     WHERE EXISTS (SELECT 1 FROM reservations r WHERE r.dealership_id = d.id AND r.status = 'held' AND r.contact->>'email' LIKE 'grace.kelly.%')
       AND EXISTS (SELECT 1 FROM feed_runs f WHERE f.dealership_id = d.id AND f.status = 'held')
     ORDER BY d.id LIMIT 1`,
    [],
  );
  if (!dealership) throw new Error('The demo data has no dealership with a held reservation and a held feed run');
  return dealership;
}

/** Asks for a code on /dealer/sign-in and answers it from the mailbox. */
async function requestCode(page: Page, site: string, email: string): Promise<string> {
  await page.goto(siteUrl(site, '/dealer/sign-in'));
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${email} can sign in here, a code is on its way.`);
  await expect(page.getByLabel('Code')).toBeVisible();
  const { text } = await emailTo(email, /sign-in code|sign in/i);
  const code = /(\d{6}) is your/.exec(text)?.[1];
  expect(code, text).toMatch(/^\d{6}$/);
  return code!;
}

test.describe('dealer console: access', () => {
  test('a dealer signs in with a code emailed to them; a wrong code is explained', async ({
    page,
    request,
  }, testInfo) => {
    const dealership = await demoDealership();
    const email = `code.${Date.now().toString(36)}@dealer.example`;
    await opsAddUser(request, dealership.slug, { email, name: 'Cody Code', role: 'sales' });

    const code = await requestCode(page, dealership.site, email);
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'sign-in-code');

    // One digit off: the code field says so, with the attempts left, and nobody is signed in.
    const wrong = code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));
    await page.getByLabel('Code').fill(wrong);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#dealer-code-error')).toHaveText(
      /^That code is not right\. Please check it and try again \(\d+ attempts? left\)\.$/,
    );
    await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(siteUrl(dealership.site, '/dealer/sign-in'));
    await expectAxeClean(page);

    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(siteUrl(dealership.site, '/dealer'));
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(page.getByText('Cody Code')).toBeVisible();
  });

  test('an owner invites a user, changes their role and removes them; the audit log names the owner; a salesperson gets no Users page', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // Two browsers, four changes each read back, axe and screenshots at two sizes: on a busy
    // 2-core machine (the full suite) that passes the 30 s default.
    test.setTimeout(90_000);
    const dealership = await demoDealership();
    const stamp = Date.now().toString(36);
    await signInByCookie(
      request,
      page.context(),
      dealership.site,
      await opsSignInLink(request, dealership.slug, {
        email: `owner.${stamp}@dealer.example`,
        name: 'Opal Owner',
        role: 'owner',
      }),
    );
    await page.goto(siteUrl(dealership.site, '/dealer'));
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(siteUrl(dealership.site, '/dealer/users'));
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    // Invite: the new user is listed and emailed how to sign in.
    const invitee = `sam.${stamp}@dealer.example`;
    await page.getByLabel('Name', { exact: true }).fill('Sam Seller');
    await page.getByLabel('Email', { exact: true }).fill(invitee);
    await page.getByRole('radio', { name: /^Viewer/ }).check();
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByRole('status')).toHaveText('Done. They have been emailed how to sign in.');
    const removeSam = page.getByRole('button', { name: `Remove Sam Seller from ${dealership.name}` });
    await expect(removeSam).toBeVisible();
    const mail = await emailTo(invitee, /given access to/);
    expect(mail.subject).toBe(`You have been given access to ${dealership.name}'s dealer console`);
    expect(mail.text).toContain('Opal Owner has given you viewer access');
    expect(mail.text).toContain('/dealer/sign-in');

    // Change their role with the control beside their name; they are told what they can now do.
    const samRole = page.getByRole('combobox', { name: `Role of Sam Seller at ${dealership.name}` });
    await expect(samRole).toHaveValue('viewer');
    await samRole.selectOption('sales');
    await page.getByRole('button', { name: `Change role of Sam Seller at ${dealership.name}` }).click();
    await expect(page.getByRole('status')).toHaveText('Role changed. They have been emailed their new access.');
    await expect(page.getByRole('row').filter({ has: removeSam })).toContainText(`${dealership.name}: sales`);
    await expect(samRole).toHaveValue('sales');
    const changed = await emailTo(invitee, /access to .* has changed/);
    expect(changed.text).toContain(
      `Opal Owner has changed your access to ${dealership.name} on its dealer console from viewer to sales.`,
    );

    // Remove them: a confirm step first.
    await removeSam.click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByRole('status')).toHaveText('Removed. They can no longer see that dealership.');
    await expect(removeSam).toHaveCount(0);

    // The audit log: each change, by the owner's name.
    const audit = page.getByRole('region', { name: 'Audit log' });
    const entry = (what: string) => audit.getByRole('row').filter({ hasText: what });
    await expect(entry(`User added: ${invitee} (viewer)`)).toContainText('Opal Owner');
    await expect(entry(`User role changed: ${invitee} (viewer → sales)`)).toContainText('Opal Owner');
    await expect(entry(`User removed: ${invitee}`)).toContainText('Opal Owner');
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'users');

    // A salesperson: no Users link, and the page tells them it is for owners.
    const salesContext = await browser.newContext();
    const sales = await salesContext.newPage();
    await signInByCookie(
      request,
      salesContext,
      dealership.site,
      await opsSignInLink(request, dealership.slug, {
        email: `sales.${stamp}@dealer.example`,
        name: 'Sid Sales',
        role: 'sales',
      }),
    );
    await sales.goto(siteUrl(dealership.site, '/dealer'));
    const nav = sales.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link', { name: 'Leads' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await sales.goto(siteUrl(dealership.site, '/dealer/users'));
    await expect(sales.getByText('Only an owner of a dealership manages its users.')).toBeVisible();
    await expect(sales.getByRole('button', { name: 'Invite' })).toHaveCount(0);
    await expectAxeClean(sales);
    await salesContext.close();
  });

  test('every console page on the demo data, at phone and laptop sizes', async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const dealership = await demoDealership();
    await page.goto(siteUrl(dealership.site, '/dealer/sign-in'));
    await consoleScreenshots(page, testInfo, 'sign-in');
    await signInByCookie(
      request,
      page.context(),
      dealership.site,
      await opsSignInLink(request, dealership.slug, {
        email: `tour.${Date.now().toString(36)}@dealer.example`,
        name: 'Tess Tour',
        role: 'owner',
      }),
    );

    // The inbox has the demo leads and the demo hold's lead; the lead page opens from it.
    await page.goto(siteUrl(dealership.site, '/dealer'));
    const graceLead = page.getByRole('link', { name: /^Grace/ }).first();
    await expect(graceLead).toBeVisible();
    await consoleScreenshots(page, testInfo, 'inbox');
    await graceLead.click();
    await expect(page.getByRole('heading', { level: 1, name: /^Grace/ })).toBeVisible();
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'lead');

    // The demo's held reservation, with its actions.
    await page.goto(siteUrl(dealership.site, '/dealer/reservations'));
    const hold = page.locator('[data-reservation]').filter({ hasText: 'Grace' });
    await expect(hold).toContainText('Held');
    await expect(hold.getByRole('button', { name: 'Mark sold' })).toBeVisible();
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'reservations');

    // The feed: the held snapshot to confirm or reject, the partial run's errors, and a key to revoke.
    const [partial] = await query<{ id: string }>(
      `SELECT f.id FROM feed_runs f JOIN dealerships d ON d.id = f.dealership_id WHERE d.slug = $1 AND f.status = 'partial'
       ORDER BY f.received_at LIMIT 1`,
      [dealership.slug],
    );
    // Another spec may push this dealership a feed meanwhile: once a later run is applied the
    // snapshot can only be rejected (confirming would undo that run), and the page says so instead.
    await page.goto(siteUrl(dealership.site, '/dealer/feed'));
    await expect(
      page
        .getByRole('button', { name: 'Confirm: withdraw these cars' })
        .or(page.getByText(/is applied, so this snapshot can no longer be confirmed/)),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reject the snapshot' })).toBeVisible();
    await page.getByRole('button', { name: 'Create a feed key' }).click();
    await expect(page.getByTestId('new-feed-key')).toBeVisible();
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'feed-held');
    await page.goto(siteUrl(dealership.site, `/dealer/feed?run=${partial!.id}`));
    const run = page.locator(`[data-run="${partial!.id}"]`);
    await expect(run).toContainText('rows were rejected');
    await expect(run.getByRole('row', { name: /TRADE-7731/ })).toContainText('price');
    await expect(page.getByRole('button', { name: /^Revoke key / }).first()).toBeVisible();
    await expectAxeClean(page);
    await consoleScreenshots(page, testInfo, 'feed');

    await page.goto(siteUrl(dealership.site, '/dealer/users'));
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await consoleScreenshots(page, testInfo, 'users-tour');
  });
});
