import { tenantPath } from './host';

/**
 * Where the dealer console lives. On a site's host it is /dealer/...; inside the app it is rendered
 * by app/dealer_console/[site]/..., a tree of its own beside app/[site] so the console has its own
 * work layout. The folder's underscore is never in a site slug (SITE_SLUG_PATTERN), so no site's
 * path can reach it, and the proxy only rewrites /dealer paths there.
 */
export const DEALER_CONSOLE_BASE = '/dealer';
const INTERNAL_ROOT = 'dealer_console';

/** /dealer, /dealer/leads/…: the console's pages (not /dealers, not /dealer-locator). */
export function isDealerConsolePath(pathname: string): boolean {
  return pathname === DEALER_CONSOLE_BASE || pathname.startsWith(`${DEALER_CONSOLE_BASE}/`);
}

/** The console's API (/api/dealer/…), forwarded from each site's host. Encoded dots and slashes are refused. */
export function isDealerApiPath(pathname: string): boolean {
  if (/%2[ef]|\\/i.test(pathname)) return false;
  return pathname.startsWith('/api/dealer/');
}

/** "/dealer/leads/abc" on site `slug` -> "/dealer_console/{slug}/leads/abc". */
export function dealerConsolePath(slug: string, pathname: string): string {
  return `/${INTERNAL_ROOT}${tenantPath(slug, pathname.slice(DEALER_CONSOLE_BASE.length))}`;
}

/** Every console page and API answer: one person's data, kept by no cache and no search engine. */
export const PERSONAL_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;

/** The console page's public path (/dealer/leads/…), set by the proxy for the console's layout. */
export const CONSOLE_PATH_HEADER = 'x-console-path';
