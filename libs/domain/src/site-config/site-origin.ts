import { isDevelopmentHost } from '../tenancy/site-hosts';

/** A site as its absolute URLs name it. */
export interface SiteAddress {
  /** Its primary host (site_hosts, the primary one first); none for a site served only in development. */
  host: string | null | undefined;
  /** Its slug: a site with no host is reached at `{slug}.localhost`. */
  slug: string;
}

/** A port an origin may name: a whole number from 1 to 65535. */
const isPort = (port: number | null | undefined): port is number =>
  typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535;

/**
 * The public origin of a site, the one rule for every absolute URL that names it: the web's
 * canonical link, og:url, sitemap and robots.txt, and the api's and the worker's links in emails,
 * the ops API and the syndication feeds.
 *
 * A real host is served over https on its default port: `https://{host}`. A development host
 * (`localhost`, `*.localhost`, and `{slug}.localhost` for a site with no host) is served over http
 * by the web on `webPort` (the web's PORT, WEB_PORT elsewhere): `http://{host}:{webPort}`, without
 * the port when it is unknown (null) or http's own 80.
 *
 * Nothing a request says (Host, X-Forwarded-Host, X-Forwarded-Proto) shapes it: pages the page cache
 * keeps are shown to every later visitor, and links are mailed to other people.
 */
export function siteOrigin(site: SiteAddress, webPort: number | null): string {
  const host = site.host?.trim().toLowerCase() || `${site.slug.trim().toLowerCase()}.localhost`;
  if (!isDevelopmentHost(host)) return `https://${host}`;
  return isPort(webPort) && webPort !== 80 ? `http://${host}:${webPort}` : `http://${host}`;
}
