import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CONSOLE_SIZES, opsSignInLink, signInByCookie } from './dealer-console';
import { API_ORIGIN, E2E_OPS_TOKEN, siteUrl } from './e2e-env';

/**
 * The site editor (issue 52), tried as a dealer would on a dealer of its own (onboarded here, so no
 * other spec's pages change): the owner changes Saturday sales hours and adds a special with a
 * banner; the preview shows both on the real pages while an anonymous visitor still sees the old
 * ones; publish; the visitor sees them; rollback restores the hours; the history lists each step
 * with the owner's name. A sales user cannot publish; another dealership's owner sees nothing.
 */

const EXAMPLE = path.resolve(__dirname, '../../infra/onboarding/example-dealer.json');
const OPS = { authorization: `Bearer ${E2E_OPS_TOKEN}`, 'content-type': 'application/json' };
const SALES_LOCATION = 'Geelong Mitsubishi Sales';
const SHOTS = 'test-results/site-editor';

/** The example dealer under a slug of its own, served at {slug}.localhost. */
async function onboard(request: APIRequestContext, tag: string): Promise<{ site: string; dealership: string }> {
  const doc = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
  const site = `editor-${tag}`;
  doc.site.slug = site;
  doc.site.name = `Editor Motors ${tag}`;
  doc.hosts = [{ host: `${site}.localhost`, primary: true }];
  doc.dealerships[0].slug = site;
  doc.dealerships[0].owner.email = `first-owner@${site}.example`;
  const answer = await request.post(`${API_ORIGIN}/api/ops/onboarding`, { headers: OPS, data: doc });
  expect(answer.status(), await answer.text()).toBe(201);
  return { site, dealership: site };
}

/** The Saturday sales hours a shopper reads on the locations page. */
async function saturdayOnLocations(page: Page, site: string): Promise<string> {
  await page.goto(siteUrl(site, '/locations'));
  const card = page.locator('section, article, li').filter({ hasText: SALES_LOCATION }).first();
  return (await card.textContent()) ?? '';
}

async function signedIn(
  browser: Browser,
  request: APIRequestContext,
  site: string,
  role: 'owner' | 'sales',
  who: string,
) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const token = await opsSignInLink(request, site, {
    email: `${who.toLowerCase().replace(/\s+/g, '.')}@${site}.example`,
    name: who,
    role,
  });
  await signInByCookie(request, context, site, token);
  return { context, page: await context.newPage() };
}

test('an owner changes Saturday hours and adds a special with a banner: preview, publish, rollback, history', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${test.info().retry}`;
  const { site, dealership } = await onboard(request, tag);
  const owner = await signedIn(browser, request, site, 'owner', 'Olivia Owner');
  const anonymous = await (await browser.newContext()).newPage();

  const before = await saturdayOnLocations(anonymous, site);
  expect(before).toMatch(/9am - 4pm/);

  // The owner opens their site's editor from the console.
  const { page } = owner;
  await page.goto(siteUrl(site, '/dealer/site'));
  await page.locator(`a[href="/dealer/site/edit?layer=${encodeURIComponent(`dealership:${dealership}`)}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Edit / })).toBeVisible();
  for (const size of CONSOLE_SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/editor-${size.name}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })),
  ).toEqual([]);

  // Saturday sales: 8am to 12pm.
  await page.getByLabel('Sales Saturday opens').first().fill('08:00');
  await page.getByLabel('Sales Saturday closes').first().fill('12:00');

  // A special (an offer with its own page) and a banner leading to it.
  const offers = page.getByRole('group', { name: 'Offers', exact: true });
  await offers.getByRole('button', { name: 'Add offer' }).click();
  await offers.getByLabel('ID', { exact: true }).fill('7');
  await offers.getByLabel('Name', { exact: true }).fill('Triton run-out');
  await offers.getByLabel('Disclaimer', { exact: true }).fill('While stocks last.');
  await offers.getByLabel('Image alt', { exact: true }).fill('A Triton ute');
  const banners = page.getByRole('group', { name: 'Banners', exact: true });
  await banners.getByRole('button', { name: 'Add banner' }).click();
  // The banner's picture is uploaded through the platform's media pipeline.
  const picture = await sharp({ create: { width: 1920, height: 540, channels: 3, background: '#1a3d6b' } })
    .jpeg()
    .toBuffer();
  await banners
    .getByLabel(/^Upload image/)
    .setInputFiles({ name: 'run-out.jpg', mimeType: 'image/jpeg', buffer: picture });
  await expect(banners.getByText('Uploaded.')).toBeVisible();
  await expect(banners.getByLabel('Image', { exact: true })).toHaveValue(/^\/media\/photos\/[0-9a-f]{64}\/w\d+$/);
  await banners.getByLabel('Alt', { exact: true }).fill('Triton run-out: every ute at run-out prices');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();

  // Preview: the real pages with the draft, for the owner alone.
  await page.getByRole('button', { name: 'Preview' }).click();
  const link = page.getByRole('link', { name: 'Open the preview' });
  await expect(link).toBeVisible();
  const previewUrl = (await link.getAttribute('href')) ?? '';
  expect(previewUrl).toContain(`${site}.localhost`);
  const preview = await owner.context.newPage();
  await preview.goto(previewUrl);
  await expect(preview.getByRole('complementary', { name: 'Preview' })).toContainText('Olivia Owner');
  await expect(preview.getByAltText('Triton run-out: every ute at run-out prices')).toBeVisible();
  expect(await saturdayOnLocations(preview, site)).toMatch(/8am - 12pm/);
  await preview.screenshot({ path: `${SHOTS}/preview-laptop.png` });
  // Everyone else still sees the live site.
  expect(await saturdayOnLocations(anonymous, site)).toMatch(/9am - 4pm/);
  await anonymous.goto(siteUrl(site, '/'));
  await expect(anonymous.getByAltText('Triton run-out: every ute at run-out prices')).toHaveCount(0);

  // Publish: the visitor sees it within 5 s (the page cache checks the version every 250 ms here).
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Published as version 2/)).toBeVisible();
  await expect.poll(() => saturdayOnLocations(anonymous, site), { timeout: 5_000 }).toMatch(/8am - 12pm/);
  await anonymous.goto(siteUrl(site, '/'));
  await expect(anonymous.getByAltText('Triton run-out: every ute at run-out prices')).toBeVisible();
  await anonymous.goto(siteUrl(site, '/offers/7'));
  await expect(anonymous.getByRole('heading', { name: 'Triton run-out' })).toBeVisible();

  // Rollback to version 1 restores the hours; the history names the owner at each step.
  await page.getByRole('link', { name: 'History and rollback' }).click();
  await page.getByRole('button', { name: 'Roll back to version 1' }).click();
  await expect(page.getByRole('status')).toContainText('Version 1 is live again, published as version 3');
  await expect.poll(() => saturdayOnLocations(anonymous, site), { timeout: 5_000 }).toMatch(/9am - 4pm/);
  const history = page.getByRole('list').filter({ hasText: 'Version 3' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Version 3 (live)' })).toContainText('Olivia Owner');
  await expect(history.getByRole('listitem').filter({ hasText: 'Version 2' }).first()).toContainText('Olivia Owner');
  await expect(history).toContainText('Before the editor');
  for (const size of CONSOLE_SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/history-${size.name}.png`, fullPage: false });
  }

  // A sales user drafts but has no Publish; another dealership's owner sees nothing of this one.
  const sales = await signedIn(browser, request, site, 'sales', 'Sam Sales');
  await sales.page.goto(siteUrl(site, `/dealer/site/edit?layer=${encodeURIComponent(`dealership:${dealership}`)}`));
  await expect(sales.page.getByRole('button', { name: 'Save draft' })).toBeVisible();
  await expect(sales.page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await expect(sales.page.getByText('An owner of the dealership publishes your draft.')).toBeVisible();
  const other = await onboard(request, `${tag}o`);
  const stranger = await signedIn(browser, request, other.site, 'owner', 'Oscar Other');
  await stranger.page.goto(
    siteUrl(other.site, `/dealer/site/edit?layer=${encodeURIComponent(`dealership:${dealership}`)}`),
  );
  await expect(stranger.page.getByRole('heading', { level: 1, name: /^Edit / })).toHaveCount(0);
  await expect(stranger.page.getByText('Olivia Owner')).toHaveCount(0);
});

test('bad edits are refused with the field named, and nothing is applied', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}b${test.info().retry}`;
  const { site } = await onboard(request, tag);
  const { page } = await signedIn(browser, request, site, 'owner', 'Olivia Owner');
  await page.goto(siteUrl(site, `/dealer/site/edit?layer=${encodeURIComponent(`dealership:${site}`)}`));
  await page.getByLabel('Sales Monday opens').first().fill('17:00');
  await page.getByLabel('Sales Monday closes').first().fill('09:00');
  const banners = page.getByRole('group', { name: 'Banners', exact: true });
  await banners.getByRole('button', { name: 'Add banner' }).click();
  // An HTML file named .jpg is not an image, whatever its name says.
  await banners.getByLabel(/^Upload image/).setInputFiles({
    name: 'banner.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  });
  await expect(banners.getByText(/HTML/)).toBeVisible();
  await expect(banners.getByLabel('Image', { exact: true })).toHaveValue('');
  await banners.getByLabel('Image', { exact: true }).fill('/media/logos/default.svg');
  await banners.getByLabel('Alt', { exact: true }).fill('A banner');
  await banners.getByLabel('Link', { exact: true }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByLabel('Sales Monday closes').first()).toHaveAttribute('aria-invalid', 'true');
  await expect(banners.getByLabel('Link', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SHOTS}/refused-laptop.png` });
  const layer = await page.request.get(`${API_ORIGIN}/api/ops/site-editor/layers/dealership:${site}`, { headers: OPS });
  expect(((await layer.json()) as { version: number; draft: unknown }).version).toBe(1);
});
