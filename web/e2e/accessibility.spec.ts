import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { anInStockCar } from './database';
import { siteUrl } from './e2e-env';

const SITE = 'harbour-motor-group';

/**
 * axe in Chromium on every page type: no serious or critical violation. Each page is checked as it
 * first renders; the message lists the rule, its help text and the offending elements.
 */
async function expectNoSeriousViolations(page: import('@playwright/test').Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`).join('\n');
  expect(serious, report).toEqual([]);
}

const PAGES: [string, string | (() => Promise<string>)][] = [
  ['home', '/'],
  ['search', '/search/new-used-and-demo-cars'],
  ['special offers', '/special-offers'],
  ['vehicle', async () => `/cars/${(await anInStockCar(SITE)).slug}`],
  ['sign-in', '/sign-in?type=watchlist&redirect=%2Fwatchlist'],
  ['locations', '/locations'],
  ['finance', '/finance'],
  ['service', '/service'],
  ['success', '/success'],
  ['brand directory', '/brands'],
  ['brand overview', '/toyota/overview'],
  ['offer', '/offers/toyota/201'],
];

for (const [name, path] of PAGES) {
  test(`the ${name} page has no serious accessibility violations`, async ({ page }) => {
    const target = typeof path === 'string' ? path : await path();
    const response = await page.goto(siteUrl(SITE, target));
    expect(response?.status(), target).toBeLessThan(400);
    await expectNoSeriousViolations(page);
  });
}
