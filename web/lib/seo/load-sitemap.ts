import { getSite, getSitemapCars } from '../api';
import { siteOriginOf } from './site-origin';
import { sitemapUrls, type SitemapUrl } from './sitemap';

/** A site's sitemap URLs and the origin they are written under, for /sitemap.xml and its parts. */
export async function loadSitemap(siteSlug: string): Promise<{ origin: string; urls: SitemapUrl[] }> {
  const [site, cars] = await Promise.all([getSite(siteSlug), getSitemapCars(siteSlug)]);
  return { origin: siteOriginOf(site), urls: sitemapUrls(site, cars) };
}
