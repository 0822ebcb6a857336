import { expect, test, type Page } from '@playwright/test';
import { aListedSoldCar, anInStockCar } from './database';
import { DEMO_SITE_SLUGS, dismissPopupsOf } from './demo-sites';
import { siteUrl } from './e2e-env';

/**
 * A shopper following every link: from each demo site's main pages, breadth first, every same-site
 * link a page draws must answer below 400 and render without a page or console error. Each new
 * kind of page (its first path segment, depth and query keys) is opened in Chromium; further pages
 * of a kind already seen are fetched (status and links) up to PER_KIND, so every kind is covered
 * without rendering hundreds of car pages.
 */

const MAX_PAGES = 300;
const PER_KIND = 4;

/** Links that are not pages of this site's HTML: assets, and downloads the vehicle page offers. */
const NOT_A_PAGE = /^\/(media|_next)\//;

function kindOf(url: URL): string {
  const segments = url.pathname.split('/').filter(Boolean);
  const depth = segments.length > 1 ? `/${'*/'.repeat(segments.length - 1)}` : '';
  return `/${segments[0] ?? ''}${depth}?${[...url.searchParams.keys()].sort().join('&')}`;
}

function sameSiteLinks(hrefs: string[], base: string): URL[] {
  const origin = new URL(base).origin;
  const links: URL[] = [];
  for (const href of hrefs) {
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      continue;
    }
    if (url.origin !== origin || NOT_A_PAGE.test(url.pathname)) continue;
    url.hash = '';
    links.push(url);
  }
  return links;
}

/** Fetched from inside the page, so the site's host resolves as it does for the browser. */
async function fetchPage(page: Page, url: string): Promise<{ status: number; hrefs: string[] }> {
  return page.evaluate(async (address) => {
    const response = await fetch(address, { redirect: 'follow' });
    const html = (response.headers.get('content-type') ?? '').includes('text/html') ? await response.text() : '';
    const hrefs = [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('a[href]')].map(
      (a) => a.getAttribute('href') ?? '',
    );
    return { status: response.status, hrefs };
  }, url);
}

for (const slug of DEMO_SITE_SLUGS) {
  test(`${slug}: every link leads to a working page`, async ({ page, request }) => {
    test.setTimeout(6 * 60_000);
    await dismissPopupsOf(page, request, slug);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: page error: ${error.message}`));
    // The console only says 'Failed to load resource'; name the resource.
    page.on('response', (response) => {
      if (response.status() >= 400 && response.request().resourceType() !== 'document') {
        errors.push(
          `${page.url()}: ${response.request().resourceType()} ${response.url()} answered ${response.status()}`,
        );
      }
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: console error: ${message.text()}`);
    });

    const inStock = await anInStockCar(slug);
    const sold = await aListedSoldCar(slug);
    const starts = [
      '/',
      '/search/new-used-and-demo-cars',
      `/cars/${inStock.slug}`,
      ...(sold ? [`/cars/${sold.slug}`] : []),
      '/locations',
      // No /brands: only a site with a brand directory has it, and that site's header links it.
      '/finance',
      '/service',
      '/trade-in',
    ];
    const queue = starts.map((path) => new URL(siteUrl(slug, path)));
    const seen = new Set(queue.map((url) => url.href));
    const perKind = new Map<string, number>();
    const broken: string[] = [];
    const from = new Map<string, string>();
    let visited = 0;

    while (queue.length > 0 && visited < MAX_PAGES) {
      const url = queue.shift()!;
      const kind = kindOf(url);
      const count = perKind.get(kind) ?? 0;
      if (count >= PER_KIND) continue;
      perKind.set(kind, count + 1);
      visited += 1;

      let status: number;
      let hrefs: string[];
      if (count === 0) {
        const response = await page.goto(url.href, { waitUntil: 'load' });
        status = response?.status() ?? 0;
        hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
      } else {
        if (!page.url().startsWith(url.origin)) await page.goto(siteUrl(slug, '/'));
        ({ status, hrefs } = await fetchPage(page, url.href));
      }
      if (status === 0 || status >= 400)
        broken.push(`${url.pathname}${url.search} -> ${status} (linked from ${from.get(url.href) ?? 'start'})`);

      // Tiles and menus are the same on every page: links from later pages mostly repeat.
      for (const link of sameSiteLinks(hrefs, url.href)) {
        if (seen.has(link.href)) continue;
        seen.add(link.href);
        from.set(link.href, `${url.pathname}${url.search}`);
        queue.push(link);
      }
    }

    test.info().annotations.push({
      type: 'crawl',
      description: `${visited} pages of ${perKind.size} kinds: ${[...perKind.keys()].sort().join(' ')}`,
    });
    expect(broken, 'links that lead nowhere').toEqual([]);
    expect(errors, 'page and console errors').toEqual([]);
  });
}
