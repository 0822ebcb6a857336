import { getSite, getSitemapCars } from '../api';
import { requestSiteOrigin } from './site-origin';
import { sitemapUrls, type SitemapUrl } from './sitemap';

/** A site's sitemap URLs and the origin they are written under, for /sitemap.xml and its parts. */
export async function loadSitemap(siteSlug: string): Promise<{ origin: string; urls: SitemapUrl[] }> {
  const site = await getSite(siteSlug);
  const [origin, cars] = await Promise.all([requestSiteOrigin(site), getSitemapCars(siteSlug)]);
  return { origin, urls: sitemapUrls(site, cars) };
}
