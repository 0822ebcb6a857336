import { expect, test } from '@playwright/test';
import { DEMO_SITE_SLUGS, dismissPopupsOf, fetchSiteConfig, hexToRgb } from './demo-sites';
import { FONT_STACKS } from '../lib/theme';
import { siteUrl, WEB_PORT } from './e2e-env';

test.describe('development index (bare localhost)', () => {
  test('lists every demo site with a link to its own host', async ({ page, request }) => {
    await page.goto(`http://localhost:${WEB_PORT}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
    for (const slug of DEMO_SITE_SLUGS) {
      const { site } = await fetchSiteConfig(request, slug);
      await expect(page.getByRole('link', { name: site.name, exact: true })).toHaveAttribute(
        'href',
        `http://${slug}.localhost:${WEB_PORT}`,
      );
    }
  });

  test('opens a site from its link', async ({ page, request }) => {
    const slug = DEMO_SITE_SLUGS[0];
    const { site } = await fetchSiteConfig(request, slug);
    await page.goto(`http://localhost:${WEB_PORT}/`);
    await page.getByRole('link', { name: site.name, exact: true }).click();
    await expect(page).toHaveURL(siteUrl(slug));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
  });
});

test('an unknown host shows "Site not found"', async ({ page }) => {
  const response = await page.goto(siteUrl('no-such-dealer'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site not found');
});

for (const slug of DEMO_SITE_SLUGS) {
  test.describe(`home page of ${slug}`, () => {
    // These tests are about the page and its keyboard use; the marketing popup is tested on its own.
    test.beforeEach(async ({ page, request }) => {
      await dismissPopupsOf(page, request, slug);
    });

    test('shows the site name, tagline and its primary colour on the header', async ({ page, request }) => {
      const { site, config } = await fetchSiteConfig(request, slug);
      await page.goto(siteUrl(slug));

      await expect(page).toHaveTitle(site.name);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
      if (config.wording.tagline.trim()) await expect(page.getByText(config.wording.tagline.trim())).toBeVisible();

      const banner = page.getByRole('banner');
      await expect(banner).toBeVisible();
      await expect(banner).toHaveCSS('background-color', hexToRgb(config.theme.primary_colour));
      await expect(banner.getByRole('img')).toHaveAttribute('alt', /\S/);
    });

    test('sets body and heading typefaces from the theme in the first HTML', async ({ page, request }) => {
      const { config } = await fetchSiteConfig(request, slug);
      await page.goto(siteUrl(slug));
      const fontOf = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => getComputedStyle(element).fontFamily);
      // Chromium reports the stack with its own spacing and quotes; the first family is what counts.
      const firstFamily = (stack: string) => stack.split(',')[0]!.trim().replace(/['"]/g, '');
      expect(firstFamily(await fontOf('main'))).toBe(firstFamily(FONT_STACKS[config.theme.body_font]));
      expect(firstFamily(await fontOf('h1'))).toBe(firstFamily(FONT_STACKS[config.theme.heading_font]));
    });

    test('has the configured header navigation, Buyer Tools and payment options', async ({ page, request }) => {
      const { config } = await fetchSiteConfig(request, slug);
      await page.goto(siteUrl(slug));

      const nav = page.getByRole('navigation', { name: 'Main' });
      const header = config.navigation.header;
      expect(header.map((item) => item.label)).toContain('Home');
      for (const item of header) {
        await expect(nav.getByRole('link', { name: item.label, exact: true }).first()).toHaveAttribute(
          'href',
          item.href,
        );
      }

      const footer = page.getByRole('contentinfo');
      const buyerTools = footer.getByRole('navigation', { name: 'Buyer Tools' });
      for (const link of config.navigation.buyer_tools) {
        await expect(buyerTools.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
          'href',
          link.href,
        );
      }
      for (const name of config.navigation.payment_logos) {
        await expect(footer.getByRole('img', { name, exact: true })).toBeVisible();
      }
    });

    test('opens and closes a dropdown of the header menu with the keyboard', async ({ page, request }) => {
      const { config } = await fetchSiteConfig(request, slug);
      // Company on the default menu; whichever item the site gives children to otherwise.
      const header = config.navigation.header;
      const parent =
        header.find((item) => item.label === 'Company' && item.children?.length) ??
        header.find((item) => item.children?.length);
      const firstChild = parent?.children?.[0];
      if (!parent || !firstChild) throw new Error(`${slug}: no header item has child links in its configuration`);

      await page.goto(siteUrl(slug));
      const nav = page.getByRole('navigation', { name: 'Main' });
      const toggle = nav.getByRole('button', { name: `${parent.label} menu` });
      const childLink = nav.getByRole('link', { name: firstChild.label, exact: true });

      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(childLink).toBeHidden();

      // Reach the toggle from its link with Tab, as a keyboard user would.
      await nav.getByRole('link', { name: parent.label, exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(toggle).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(childLink).toBeVisible();

      await page.keyboard.press('Tab');
      await expect(childLink).toBeFocused();

      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await expect(childLink).toBeHidden();

      await page.keyboard.press('Space');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    });

    test('lists where to find the dealerships', async ({ page, request }) => {
      const { locations } = await fetchSiteConfig(request, slug);
      const visible = locations.filter((location) => location.visible !== false);
      // Every demo site has visible locations; an empty list means the seed or the API broke.
      expect(visible.length).toBeGreaterThan(0);

      await page.goto(siteUrl(slug));
      const section = page.getByRole('region', { name: 'Our dealerships' });
      await expect(section).toBeVisible();
      for (const location of visible) {
        // A single-location dealership shows its name twice (dealership and location): either will do.
        await expect(section.getByText(location.name, { exact: true }).first()).toBeVisible();
      }
    });

    test('offers a skip link to the main content', async ({ page }) => {
      await page.goto(siteUrl(slug));
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
    });
  });
}
