import { siteOrigin } from '@platform/domain';
import type { SiteView } from '../api';
import { servedPort } from '../tenancy/host';

/**
 * The site's own origin for absolute URLs (canonical link, og:url, structured data, sitemap,
 * robots.txt): the platform's one rule (siteOrigin, which the api's and the worker's links follow
 * too) on the site's primary host, never a host a request claims. Pages rendered for one visitor
 * are kept by the page cache and shown to the next, so nothing in the Host header (another
 * spelling, another port, another of the site's hosts) may reach them. A development host is
 * reached on the port this server listens on.
 */
export function siteOriginOf(site: SiteView): string {
  return siteOrigin({ host: site.source.site.hosts[0], slug: site.slug }, servedPort());
}
