import { expect, test } from '@playwright/test';
import { query } from './database';
import { PAGE_CACHE_VERSION_CHECK_MS, siteUrl } from './e2e-env';

/**
 * The promo campaign of `marketing.campaign` (spec 001 §9: one runs on some sites from 2025-08-21
 * to 2025-09-30) shows on the site's home page inside its dates and not outside them. The exact
 * edges (midnight in the site's zone) and the page cache's part are unit-tested with an injected
 * clock (libs/domain marketing/campaign.spec.ts, web/lib/edge/page-cache.spec.ts).
 */

const SITE = 'harbour-motor-group';
const DAY = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

async function setCampaign(campaign: unknown): Promise<void> {
  await query(`UPDATE sites SET config = jsonb_set(config, '{marketing,campaign}', $2::jsonb) WHERE slug = $1`, [
    SITE,
    JSON.stringify(campaign),
  ]);
  // The page cache confirms the configuration version at most once per interval.
  await new Promise((resolve) => setTimeout(resolve, PAGE_CACHE_VERSION_CHECK_MS + 100));
}

test.describe.configure({ mode: 'serial' });

test.describe('promo campaign dates', () => {
  let seeded: unknown;
  test.beforeAll(async () => {
    const [row] = await query<{ campaign: unknown }>(
      `SELECT config -> 'marketing' -> 'campaign' AS campaign FROM sites WHERE slug = $1`,
      [SITE],
    );
    seeded = row?.campaign ?? null;
  });
  test.afterAll(async () => {
    await setCampaign(seeded);
  });

  test('the seeded 2025 campaign is over: the home page does not show it', async ({ page }) => {
    await page.goto(siteUrl(SITE, '/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('campaign')).toHaveCount(0);
    await expect(page.getByText('Spring Drive Days')).toHaveCount(0);
  });

  test('inside its dates the home page shows it; moved into the past it is gone', async ({ page }) => {
    await setCampaign({ name: 'Spring Drive Days', start: isoDay(-2), end: isoDay(2) });
    await page.goto(siteUrl(SITE, '/'));
    const campaign = page.getByTestId('campaign');
    await expect(campaign).toBeVisible();
    await expect(campaign).toContainText('Spring Drive Days');

    await setCampaign({ name: 'Spring Drive Days', start: isoDay(-9), end: isoDay(-3) });
    await page.goto(siteUrl(SITE, '/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('campaign')).toHaveCount(0);

    await setCampaign({ name: 'Spring Drive Days', start: isoDay(3), end: isoDay(9) });
    await page.goto(siteUrl(SITE, '/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('campaign')).toHaveCount(0);
  });
});
