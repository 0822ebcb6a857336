import { PREVIEW_COOKIE, SESSION_COOKIE } from '@platform/domain';

/** The parts of a request the page cache decides on (node's IncomingMessage has them). */
export interface PageRequest {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

const first = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? (value[0] ?? '') : (value ?? '');

/** Requests Next answers with something other than a full HTML page. */
const NOT_A_PAGE = /^\/(?:api|media|_next)\/|\.[a-z0-9]+$/i;

/** Whether the request carries a (non-empty) cookie of that name. */
function hasCookie(cookieHeader: string, cookie: string): boolean {
  return cookieHeader.split(';').some((pair) => {
    const [name, ...value] = pair.split('=');
    return name?.trim() === cookie && value.join('=').trim() !== '';
  });
}

/** Whether the request carries a (non-empty) session cookie: a signed-in page is never shared. */
export const hasSessionCookie = (cookieHeader: string): boolean => hasCookie(cookieHeader, SESSION_COOKIE);

/**
 * How the shared page cache treats a request. 'cache': an anonymous GET for a full HTML page, which
 * may be answered from, and its answer kept in, the cache. 'bypass': a page for a signed-in shopper
 * (their header shows them), rendered for them alone. 'none': not a page (assets, the API, client
 * navigations' RSC payloads, prefetches, server actions). Personal pages are refused later, by their
 * own mark (lib/edge/personal-page.ts).
 */
export function pageCacheDecision(request: PageRequest): 'cache' | 'bypass' | 'none' {
  if (request.method !== 'GET') return 'none';
  const url = request.url ?? '';
  if (!url.startsWith('/')) return 'none';
  const path = url.split('?')[0] ?? '';
  if (NOT_A_PAGE.test(path)) return 'none';
  if (/[?&]_rsc=/.test(url)) return 'none';
  const { headers } = request;
  if (headers['rsc'] || headers['next-router-prefetch'] || headers['next-action'] || headers['next-router-state-tree'])
    return 'none';
  // A preview link's holder sees a draft (issue 52): rendered for them alone, like a signed-in shopper.
  const cookies = first(headers['cookie']);
  return hasSessionCookie(cookies) || hasCookie(cookies, PREVIEW_COOKIE) ? 'bypass' : 'cache';
}

/** The cache key: the site's primary host and the path with its query, as sent. */
export function pageCacheKey(primaryHost: string, url: string): string {
  return `${primaryHost}\u0000${url}`;
}
