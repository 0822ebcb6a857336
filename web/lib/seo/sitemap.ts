import type { SiteView } from '../api';
import { contentPagePath } from '../content/site-routes';
import { ROUTES, isExternalHref } from '../routes';
import { carTypeSlug } from '../search/search-paths';

/** The sitemaps protocol's limit of URLs per file; past it the sitemap becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** Crawlers fetch sitemaps rarely: an hour at a CDN, over an api list five minutes old at most. */
export const XML_HEADERS = {
  'Content-Type': 'application/xml; charset=utf-8',
  'Cache-Control': 'public, max-age=3600',
};

export interface SitemapUrl {
  path: string;
  lastmod?: string;
}

/** Paths of the site's own pages that sitemaps should not list: personal, or answering only a form. */
const UNLISTED = new Set(['/watchlist', '/sign-in', '/success', '/unsubscribe']);

/**
 * Every page of a site a search engine should know: home, the search landing page of each car type
 * it sells, its menus' own pages, content pages, locations, then every listed car.
 */
export function sitemapUrls(site: SiteView, cars: readonly { slug: string; lastmod: string }[]): SitemapUrl[] {
  const paths = new Set<string>([ROUTES.home, ROUTES.searchAll]);
  for (const type of site.config.search.car_types) paths.add(`/search/${carTypeSlug([type])}`);
  const menuItems = [
    ...site.config.navigation.header.flatMap((item) => [item, ...(item.children ?? [])]),
    ...site.config.navigation.buyer_tools,
  ];
  for (const { href } of menuItems) {
    if (!isExternalHref(href) && href.startsWith('/')) paths.add(href.split(/[?#]/)[0] || '/');
  }
  for (const page of site.config.content.pages) paths.add(contentPagePath(page, site.config));
  const locations = [...site.dealerships.flatMap((d) => d.locations), ...site.otherLocations];
  if (locations.length > 0) paths.add('/locations');
  for (const location of locations) paths.add(`/locations/${location.slug}`);
  for (const path of UNLISTED) paths.delete(path);
  return [
    ...[...paths].map((path) => ({ path })),
    ...cars.map((car) => ({ path: `/cars/${encodeURIComponent(car.slug)}`, lastmod: car.lastmod })),
  ];
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** One sitemap file (a urlset) of absolute URLs under the site's origin. */
export function renderUrlset(origin: string, urls: readonly SitemapUrl[]): string {
  const entries = urls.map(
    (url) =>
      `<url><loc>${escapeXml(origin + url.path)}</loc>${url.lastmod ? `<lastmod>${escapeXml(url.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

/** How many files a list of URLs needs. */
export const sitemapPartCount = (urlCount: number): number => Math.max(1, Math.ceil(urlCount / SITEMAP_MAX_URLS));

/** The path of one part of a sitemap index (1-based). */
export const sitemapPartPath = (part: number): string => `/sitemaps/${part}.xml`;

/** The URLs of one part (1-based), or null when there is no such part. */
export function sitemapPart(urls: readonly SitemapUrl[], part: number): SitemapUrl[] | null {
  if (!Number.isInteger(part) || part < 1 || part > sitemapPartCount(urls.length)) return null;
  return urls.slice((part - 1) * SITEMAP_MAX_URLS, part * SITEMAP_MAX_URLS);
}

/** A sitemap index naming each part, for a site past SITEMAP_MAX_URLS. */
export function renderSitemapIndex(origin: string, parts: number): string {
  const entries = Array.from(
    { length: parts },
    (_, i) => `<sitemap><loc>${escapeXml(origin + sitemapPartPath(i + 1))}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** robots.txt: everything crawlable but the personal pages, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...[...UNLISTED].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
