import { siteConfigResponseFixture } from '@/test/fixtures';
import { reshapeSite, SiteConfigResponseSchema } from '../api';
import {
  renderSitemapIndex,
  renderUrlset,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapPart,
  sitemapPartCount,
  sitemapUrls,
} from './sitemap';

const site = () => reshapeSite(SiteConfigResponseSchema.parse(siteConfigResponseFixture()));
const cars = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ slug: `car-${i}`, lastmod: '2026-11-20T01:02:03.000Z' }));

describe('sitemap', () => {
  it('lists home, the search landing pages, menu pages, content pages, visible locations, then every listed car', () => {
    const urls = sitemapUrls(site(), cars(2));
    const paths = urls.map((u) => u.path);
    expect(paths.slice(0, 2)).toEqual(['/', '/search/new-used-and-demo-cars']);
    expect(paths).toEqual(expect.arrayContaining(['/search/new-cars', '/search/used-cars', '/search/demo-cars']));
    expect(paths).toEqual(expect.arrayContaining(['/special-offers', '/finance', '/service', '/trade-in']));
    expect(paths).toEqual(expect.arrayContaining(['/locations', '/locations/werribee-isuzu-ute-sales']));
    expect(paths).not.toContain('/locations/hidden-yard');
    expect(paths).not.toContain('/watchlist');
    expect(new Set(paths).size).toBe(paths.length);
    expect(urls.slice(-2)).toEqual([
      { path: '/cars/car-0', lastmod: '2026-11-20T01:02:03.000Z' },
      { path: '/cars/car-1', lastmod: '2026-11-20T01:02:03.000Z' },
    ]);
  });

  it('renders absolute, escaped URLs with lastmod where known', () => {
    const xml = renderUrlset('https://www.example.com.au', [
      { path: '/' },
      { path: '/cars/a&b', lastmod: '2026-11-20' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://www.example.com.au/</loc></url>');
    expect(xml).toContain('<url><loc>https://www.example.com.au/cars/a&amp;b</loc><lastmod>2026-11-20</lastmod></url>');
  });

  it('splits past 50,000 URLs into parts named by an index', () => {
    const urls = sitemapUrls(site(), cars(SITEMAP_MAX_URLS));
    expect(sitemapPartCount(urls.length)).toBe(2);
    expect(sitemapPart(urls, 1)).toHaveLength(SITEMAP_MAX_URLS);
    expect(sitemapPart(urls, 2)!.length).toBe(urls.length - SITEMAP_MAX_URLS);
    expect(sitemapPart(urls, 3)).toBeNull();
    expect(sitemapPart(urls, 0)).toBeNull();
    const index = renderSitemapIndex('https://x.example', 2);
    expect(index).toContain('<sitemap><loc>https://x.example/sitemaps/1.xml</loc></sitemap>');
    expect(index).toContain('<sitemap><loc>https://x.example/sitemaps/2.xml</loc></sitemap>');
    expect(sitemapPartCount(1)).toBe(1);
  });

  it('robots.txt names the sitemap on the site origin and keeps crawlers off personal pages', () => {
    const robots = robotsTxt('https://www.example.com.au');
    expect(robots).toContain('User-agent: *\n');
    expect(robots).toContain('Disallow: /watchlist\n');
    expect(robots).toContain('Sitemap: https://www.example.com.au/sitemap.xml\n');
  });
});
