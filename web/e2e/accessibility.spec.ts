import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { siteUrl } from './e2e-env';
import { PAGES } from './page-types';

/**
 * axe in Chromium on every page type: no serious or critical violation. Each page is checked as it
 * first renders; the message lists the rule, its help text and the offending elements.
 */
async function expectNoSeriousViolations(page: import('@playwright/test').Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join('\n  ')}`,
    )
    .join('\n');
  expect(serious, report).toEqual([]);
}

for (const [name, site, path, status] of PAGES) {
  test(`the ${name} page has no serious accessibility violations, sends the security headers and breaks no CSP rule`, async ({
    page,
    request,
  }) => {
    const target = typeof path === 'string' ? path : await path(request);
    // A blocked script or frame is reported on the console; none may be.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|frame|apply|connect)/i.test(message.text()))
        violations.push(message.text());
    });
    const response = await page.goto(siteUrl(site, target));
    if (status === undefined) expect(response?.status(), target).toBeLessThan(400);
    else expect(response?.status(), target).toBe(status);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy'], target).toMatch(
      /script-src 'self' 'nonce-[^']+' 'strict-dynamic'.*frame-ancestors/,
    );
    expect(headers['x-content-type-options'], target).toBe('nosniff');
    expect(headers['referrer-policy'], target).toBe('strict-origin-when-cross-origin');
    await expectNoSeriousViolations(page);
    await page.waitForLoadState('networkidle');
    expect(violations, target).toEqual([]);
  });
}
