import { NextResponse, type NextRequest } from 'next/server';
import { gatedRouteOf, HTTP_VERIFICATION_PATH, isDevelopmentHost, SESSION_COOKIE, signInPath } from '@platform/domain';
import { apiBaseUrl, apiMediaUrl } from './lib/api/client';
import { findHostVerification } from './lib/api/hosts';
import { shopperFromToken } from './lib/api/session';
import type { SiteRef } from './lib/tenancy/host-resolver';
import { maintenanceApiResponse, maintenanceDetailsFromApi, maintenanceResponse } from './lib/tenancy/maintenance';
import { sharedHostResolver } from './lib/tenancy/shared-host-resolver';
import { isDevIndexHost, parseHost, tenantPath } from './lib/tenancy/host';
import {
  CONSOLE_PATH_HEADER,
  dealerConsolePath,
  isDealerApiPath,
  isDealerConsolePath,
  PERSONAL_HEADERS,
} from './lib/tenancy/dealer-console';
import { devIndexNotFoundResponse, siteNotFoundResponse, siteUnavailableResponse } from './lib/tenancy/plain-pages';
import { isOpsApiPath, OPS_HOST, opsConsolePath } from './lib/tenancy/ops-console';
import { isPreviewPath, isPreviewRequest, previewLinkResponse } from './lib/tenancy/config-preview';
import {
  chatOriginsOf,
  hstsMaxAgeOf,
  listOf,
  pageSecurityHeaders,
  plainSecurityHeaders,
} from './lib/edge/security-headers';

/**
 * Tenancy: the Host header decides the site. A request for https://{host}/{path} is rewritten to
 * /{site slug}/{path}, so every page under app/[site]/ receives its site as a route parameter and
 * no page reads the Host header itself. Bare localhost / 127.0.0.1 shows the development index of
 * sites (app/page.tsx); an unknown host gets a plain 404, and so does a host still pending its DNS
 * verification (the api finds no site for it), except at /.well-known/dealer-platform-verification,
 * where every custom domain, pending or not, answers its verification token (the HTTP way to verify).
 * A site's other real hosts redirect to its primary.
 *
 * /media/... (car photos, logos) is forwarded to the API here rather than by a next.config rewrite:
 * config rewrites are fixed at build time, and API_URL must be read when the server runs (the same
 * build serves the e2e API on another port, and images are built once for every environment).
 *
 * The shopper endpoints of the API (forms, sign-in, watchlist) are forwarded from each site's own
 * host as well, so the browser calls them first-party and the session cookie, set for that host
 * alone, travels with them. Only the site's own endpoints are: never the ops or feed API, never
 * another site's. X-Forwarded-For is already the connection's address when a request gets here
 * (instrumentation.ts), and the API trusts it from loopback for its per-client rate limits.
 *
 * Gated routes (site config `gates`) send a signed-out shopper to /sign-in before the page renders.
 *
 * A suspended site (issue 51) answers every page with its maintenance page (503, Retry-After, never
 * stored) and its shopper API paths with a 503 problem, here and nowhere else; its dealer console
 * and the console's API keep working, so dealers still see their leads. Photos and feeds are not
 * the site's pages: the worker stops writing a suspended site's feeds.
 *
 * Every page gets the security headers of lib/edge/security-headers.ts, with a fresh CSP nonce that
 * Next reads from the forwarded request's Content-Security-Policy and puts on its scripts. Every
 * other answer the proxy gives itself (the plain 404 and 503 pages, problem JSON, redirects) gets
 * the same headers with a policy that runs no script. Answers forwarded to the API carry the API's
 * own headers; what never reaches the proxy gets them from lib/edge/baseline-headers.ts.
 */

// Process state, shared with the page cache: a best-effort cache that follows the configuration
// version (read at most once a second), never a source of truth.
const resolver = sharedHostResolver();

export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  // The syndication feeds live on each dealer's own host, beside the photos and pages they link.
  if (pathname.startsWith('/media/') || pathname.startsWith('/feeds/'))
    return NextResponse.rewrite(apiMediaUrl(pathname, search));

  const host = parseHost(request.headers.get('host'));
  if (!host) return plain(siteNotFoundResponse());

  if (host.hostname === OPS_HOST) return opsConsole(request, pathname, search);

  if (isDevIndexHost(host.hostname)) {
    return pathname === '/'
      ? secured(request, [], (init) => NextResponse.next(init))
      : plain(devIndexNotFoundResponse());
  }

  // Before the site lookup, which finds nothing for a pending host: this is how one gets verified.
  if (pathname === HTTP_VERIFICATION_PATH) return plain(await hostVerificationResponse(host.hostname));

  let site;
  try {
    site = await resolver.resolve(host.hostname);
  } catch (error) {
    // Logged by the server's own error output; the shopper gets a short 503 page.
    console.error(`[proxy] site lookup failed for ${host.hostname}:`, error); // eslint-disable-line no-console
    return plain(siteUnavailableResponse());
  }
  if (!site) return plain(siteNotFoundResponse());

  const primary = primaryHostRedirect(host.hostname, site.primary_host, pathname, search);
  if (primary) return plain(NextResponse.redirect(primary, 308));

  if (isPreviewPath(pathname)) return plain(previewLinkResponse(request, pathname));
  if (isDealerApiPath(pathname)) return dealerApiRewrite(request, site.slug, pathname, search);
  if (isDealerConsolePath(pathname)) return dealerConsolePage(request, site, pathname);

  if (site.status === 'suspended') {
    return pathname.startsWith('/api/') || pathname === MCP_PATH
      ? plain(maintenanceApiResponse(pathname))
      : plain(maintenanceResponse(await maintenanceDetailsFromApi(site.slug, site.name)));
  }

  if (pathname === MCP_PATH) return mcpRewrite(request, site.slug, search);

  if (pathname.startsWith('/api/')) {
    return isShopperApiPath(pathname, site.slug)
      ? NextResponse.rewrite(new URL(`${shopperApiTarget(pathname, site.slug)}${search}`, `${apiBaseUrl()}/`))
      : plain(apiNotFoundResponse(pathname));
  }

  const gate = gatedRouteOf(pathname, site);
  if (gate && !(await isSignedIn(request, site))) {
    const back = sameSiteReferrer(request) ?? '/';
    return plain(
      NextResponse.redirect(
        new URL(signInPath({ type: gate, redirect: `${pathname}${search}`, back }), request.nextUrl),
        307,
      ),
    );
  }

  const url = request.nextUrl.clone();
  url.pathname = tenantPath(site.slug, pathname);
  const response = secured(
    request,
    site.embedding.frame_ancestors,
    (init) => NextResponse.rewrite(url, init),
    chatOriginsOf(site.chat?.widget_script_url),
  );
  if (isPreviewRequest(request))
    for (const [name, value] of Object.entries(PERSONAL_HEADERS)) response.headers.set(name, value);
  return response;
}

// Read once when the server starts, not per request.
const HSTS_MAX_AGE_SECONDS = hstsMaxAgeOf(process.env['HSTS_MAX_AGE_SECONDS']);
const CSP_IMAGE_HOSTS = listOf(process.env['CSP_IMAGE_HOSTS']);
const CSP_FRAME_HOSTS = listOf(process.env['CSP_FRAME_HOSTS']);
const CSP_CONNECT_HOSTS = listOf(process.env['CSP_CONNECT_HOSTS']);

/**
 * The dealer console's API from the site's host: forwarded with X-Site-Slug set to the site the host
 * resolved to (whatever the browser sent), so a session or link of another site's user reads as
 * absent. The cookie travels as sent; the answer is never stored by anything in between.
 */
function dealerApiRewrite(request: NextRequest, slug: string, pathname: string, search: string): NextResponse {
  const headers = new Headers(request.headers);
  headers.set('x-site-slug', slug);
  const response = NextResponse.rewrite(new URL(`${pathname}${search}`, `${apiBaseUrl()}/`), { request: { headers } });
  for (const [name, value] of Object.entries(PERSONAL_HEADERS)) response.headers.set(name, value);
  return response;
}

/** Where AI assistants reach a site's MCP endpoint (issue 55): `https://{site host}/mcp`. */
export const MCP_PATH = '/mcp';

/**
 * The site's MCP endpoint from its own host, forwarded to the api's `/api/sites/{slug}/mcp` for the
 * site the host resolved to (never one the client names), with X-Site-Slug as for the console's
 * API. Every method is forwarded as sent (the api serves POST and answers GET and DELETE 405),
 * streamed as the api answers, and never stored on the way: an answer may hold a shopper's enquiry.
 */
function mcpRewrite(request: NextRequest, slug: string, search: string): NextResponse {
  const headers = new Headers(request.headers);
  headers.set('x-site-slug', slug);
  const target = new URL(`/api/sites/${encodeURIComponent(slug)}/mcp${search}`, `${apiBaseUrl()}/`);
  const response = NextResponse.rewrite(target, { request: { headers } });
  response.headers.set('cache-control', 'no-store');
  return response;
}

/**
 * A dealer console page (/dealer/...): rendered by app/dealer_console/[site] in its own work layout
 * (the site's theme, none of the shop's header, chat, popup or visit analytics). Never cached,
 * never indexed; the pages themselves send a signed-out user to /dealer/sign-in.
 */
function dealerConsolePage(request: NextRequest, site: SiteRef, pathname: string): NextResponse {
  const url = request.nextUrl.clone();
  url.pathname = dealerConsolePath(site.slug, pathname);
  const response = secured(request, site.embedding.frame_ancestors, (init) => {
    // The console's layout marks the current page in its navigation from this (it never sees the Host).
    init.request.headers.set(CONSOLE_PATH_HEADER, pathname);
    return NextResponse.rewrite(url, init);
  });
  for (const [name, value] of Object.entries(PERSONAL_HEADERS)) response.headers.set(name, value);
  return response;
}

/**
 * The ops console's host (OPS_HOST): its pages (app/ops_console/...) and the two API prefixes its
 * pages and sign-in call, /api/ops/ and /api/ops-console/, forwarded with the operator's cookie as
 * sent. No site is served here and no other API path is, so a site's shopper endpoints never share
 * a host with the ops session. Never cached, never framed, never indexed.
 */
function opsConsole(request: NextRequest, pathname: string, search: string): Response {
  if (pathname.startsWith('/api/')) {
    if (!isOpsApiPath(pathname)) return plain(apiNotFoundResponse(pathname));
    const response = NextResponse.rewrite(new URL(`${pathname}${search}`, `${apiBaseUrl()}/`));
    for (const [name, value] of Object.entries(PERSONAL_HEADERS)) response.headers.set(name, value);
    return response;
  }
  const url = request.nextUrl.clone();
  url.pathname = opsConsolePath(pathname);
  const response = secured(request, [], (init) => {
    init.request.headers.set(CONSOLE_PATH_HEADER, pathname);
    return NextResponse.rewrite(url, init);
  });
  for (const [name, value] of Object.entries(PERSONAL_HEADERS)) response.headers.set(name, value);
  return response;
}

/** A page response with the security headers, its request carrying the nonce for Next's render. */
function secured(
  request: NextRequest,
  frameAncestors: readonly string[],
  respond: (init: { request: { headers: Headers } }) => NextResponse,
  chatOrigins: readonly string[] = [],
): NextResponse {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const headers = pageSecurityHeaders({
    nonce,
    imageHosts: CSP_IMAGE_HOSTS,
    frameHosts: CSP_FRAME_HOSTS,
    connectHosts: CSP_CONNECT_HOSTS,
    chatOrigins,
    frameAncestors,
    development: process.env.NODE_ENV === 'development',
    hstsMaxAgeSeconds: HSTS_MAX_AGE_SECONDS,
    // Browsers ignore HSTS on plain http, so it is sent whatever this hop's scheme (TLS usually ends in front).
    https: true,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', headers['Content-Security-Policy'] ?? '');
  const response = respond({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

const PLAIN_HEADERS = plainSecurityHeaders({ hstsMaxAgeSeconds: HSTS_MAX_AGE_SECONDS, https: true });

/** An answer the proxy gives itself, with the security headers of an answer that runs no script. */
function plain<T extends Response>(response: T): T {
  for (const [name, value] of Object.entries(PLAIN_HEADERS)) response.headers.set(name, value);
  return response;
}

const TEXT_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

/**
 * A custom domain's HTTP token (issue 51): the platform verifies a host whose DNS already points
 * here by fetching this path over plain HTTP and finding the host's own value. Answered for every
 * host the platform knows, pending ones too, and asked of the api each time (never the host cache,
 * never stored by anyone), so a host removed or added again with a new token never shows the old one.
 */
async function hostVerificationResponse(hostname: string): Promise<Response> {
  let value: string | null;
  try {
    value = await findHostVerification(hostname);
  } catch (error) {
    console.error(`[proxy] verification lookup failed for ${hostname}:`, (error as Error).message); // eslint-disable-line no-console
    return new Response('Temporarily unavailable\n', {
      status: 503,
      headers: { ...TEXT_HEADERS, 'retry-after': '30' },
    });
  }
  return value === null
    ? new Response('Not found\n', { status: 404, headers: TEXT_HEADERS })
    : new Response(`${value}\n`, { status: 200, headers: TEXT_HEADERS });
}

/**
 * One address per site (issue 51): a real host of the site that is not its primary host (www. or
 * the apex, a former domain) is sent to the primary host, path and query kept, with a permanent
 * redirect that keeps the method. Development hosts (*.localhost) are served as they are, and a
 * site whose primary host is one redirects nothing. Only serving hosts reach here: the api finds
 * no site for a pending one.
 */
export function primaryHostRedirect(
  hostname: string,
  primaryHost: string,
  pathname: string,
  search: string,
): string | null {
  if (hostname === primaryHost || isDevelopmentHost(hostname) || isDevelopmentHost(primaryHost)) return null;
  return `https://${primaryHost}${pathname}${search}`;
}

/**
 * The vehicle page's endpoints, which spec 000 §7 addresses by the car's globally unique slug. They
 * hold only what the car page already shows (or count a reveal), so any car slug may pass.
 */
const CAR_ENDPOINT = /^\/api\/cars\/[a-z0-9-]+\/(?:phone-reveal|print\.pdf|autogauge|view\.json)$/;

/**
 * The API paths a site's pages call from the browser. Encoded dots and slashes are refused: the
 * prefix check reads the path as written, and nothing legitimate encodes them.
 */
export function isShopperApiPath(pathname: string, slug: string): boolean {
  if (/%2[ef]|\\/i.test(pathname)) return false;
  return (
    pathname.startsWith(`/api/sites/${slug}/`) ||
    pathname === '/api/watchlist' ||
    pathname.startsWith('/api/watchlist/') ||
    pathname === '/api/miscellaneous' ||
    // The built-in local payment provider's pay page (only answered where it takes payments).
    /^\/api\/payments\/local\/[0-9a-f-]{36}(\/(approve|decline))?$/.test(pathname) ||
    CAR_ENDPOINT.test(pathname)
  );
}

/**
 * Where the API answers a shopper path: as sent, except the valuation save (spec 001 names it
 * `/api/miscellaneous`, with no site), which goes to the site the host resolved to, so the API
 * only touches a lead of that site.
 */
export function shopperApiTarget(pathname: string, slug: string): string {
  return pathname === '/api/miscellaneous' ? `/api/sites/${slug}/miscellaneous` : pathname;
}

function apiNotFoundResponse(pathname: string): Response {
  return Response.json(
    {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'This host does not serve that API path.',
      instance: pathname,
    },
    { status: 404, headers: { 'content-type': 'application/problem+json' } },
  );
}

/**
 * Whether the request is signed in on this site. Without the cookie no request is made. When the
 * API cannot answer, the shopper counts as signed out: a gated page is never shown on a guess, and
 * the sign-in page says what went wrong if the API is really down.
 */
async function isSignedIn(request: NextRequest, site: SiteRef): Promise<boolean> {
  const token = request.cookies.get(SESSION_COOKIE)?.value;
  if (!token) return false;
  try {
    return (await shopperFromToken(site.slug, token)).signed_in;
  } catch (error) {
    console.error(`[proxy] session check failed for ${site.slug}:`, (error as Error).message); // eslint-disable-line no-console
    return false;
  }
}

/** The page the shopper came from when it is on this host, for the sign-in page's back link. */
function sameSiteReferrer(request: NextRequest): string | null {
  const referrer = request.headers.get('referer');
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.host === request.nextUrl.host ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

export const config = {
  matcher: [
    '/media/:path*',
    '/feeds/:path*',
    // Everything else except Next's assets, the favicon and static files. Per-site text routes
    // (robots.txt, sitemap.xml) still go through the proxy.
    '/((?!_next/|media/|feeds/|favicon\\.ico$|.+\\.(?:css|js|mjs|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|eot|mp4|webm)$).*)',
  ],
};
