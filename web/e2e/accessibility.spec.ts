import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { contactSlug } from '@platform/domain';
import { anInStockCar } from './database';
import { API_ORIGIN, siteUrl } from './e2e-env';

const GROUP = 'harbour-motor-group';
const SINGLE = 'werribee-isuzu-ute';

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

/** A visible location of a site, as its configuration lists it. */
async function aLocation(request: APIRequestContext, site: string): Promise<{ slug: string; name: string }> {
  const response = await request.get(`${API_ORIGIN}/api/sites/${site}/config`);
  if (!response.ok()) throw new Error(`GET /api/sites/${site}/config answered ${response.status()}`);
  const { locations } = (await response.json()) as { locations: { slug: string; name: string; visible?: boolean | null }[] };
  const location = locations.find((entry) => entry.visible !== false);
  if (!location) throw new Error(`${site} has no visible location`);
  return location;
}

type PagePath = string | ((request: APIRequestContext) => Promise<string>);

/**
 * [page type, site, path, expected status (any below 400 when left out)]. The watchlist is not here:
 * signed out it redirects to the sign-in page, which is.
 */
const PAGES: [name: string, site: string, path: PagePath, status?: number][] = [
  ['home', GROUP, '/'],
  ['search', GROUP, '/search/new-used-and-demo-cars'],
  ['special offers', GROUP, '/special-offers'],
  ['vehicle', GROUP, async () => `/cars/${(await anInStockCar(GROUP)).slug}`],
  ['sign-in', GROUP, '/sign-in?type=watchlist&redirect=%2Fwatchlist'],
  ['locations', GROUP, '/locations'],
  ['location', GROUP, async (request) => `/locations/${(await aLocation(request, GROUP)).slug}`],
  ['contact-us location', GROUP, async (request) => `/contact-us/${contactSlug((await aLocation(request, GROUP)).name)}`],
  ['single-brand contact', SINGLE, '/contact'],
  ['finance', GROUP, '/finance'],
  ['personalised finance', GROUP, async () => `/personalised/finance?car_id=${(await anInStockCar(GROUP)).id}`],
  ['service', GROUP, '/service'],
  ['capped price servicing', GROUP, '/capped-price-servicing'],
  ['parts and accessories', GROUP, '/vehicle-parts-and-accessories'],
  ['trade-in', GROUP, '/trade-in'],
  ['sell your car', GROUP, '/sell-your-car'],
  ['content', GROUP, '/about-us'],
  ['success', GROUP, '/success'],
  ['brand directory', GROUP, '/brands'],
  ['brand overview', GROUP, '/toyota/overview'],
  ['offer', GROUP, '/offers/toyota/201'],
  ['model', SINGLE, '/models/d-max'],
  ['not-found', GROUP, '/no-such-page', 404],
];

for (const [name, site, path, status] of PAGES) {
  test(`the ${name} page has no serious accessibility violations, sends the security headers and breaks no CSP rule`, async ({ page, request }) => {
    const target = typeof path === 'string' ? path : await path(request);
    // A blocked script or frame is reported on the console; none may be.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|frame|apply|connect)/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(siteUrl(site, target));
    if (status === undefined) expect(response?.status(), target).toBeLessThan(400);
    else expect(response?.status(), target).toBe(status);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy'], target).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'.*frame-ancestors/);
    expect(headers['x-content-type-options'], target).toBe('nosniff');
    expect(headers['referrer-policy'], target).toBe('strict-origin-when-cross-origin');
    await expectNoSeriousViolations(page);
    await page.waitForLoadState('networkidle');
    expect(violations, target).toEqual([]);
  });
}
