import { NextResponse, type NextRequest } from 'next/server';
import { apiMediaUrl } from './lib/api/client';
import { findSiteByHost } from './lib/api/hosts';
import { createHostResolver } from './lib/tenancy/host-resolver';
import { isDevIndexHost, parseHost, tenantPath } from './lib/tenancy/host';
import { devIndexNotFoundResponse, siteNotFoundResponse, siteUnavailableResponse } from './lib/tenancy/plain-pages';

/**
 * Tenancy: the Host header decides the site. A request for https://{host}/{path} is rewritten to
 * /{site slug}/{path}, so every page under app/[site]/ receives its site as a route parameter and
 * no page reads the Host header itself. Bare localhost / 127.0.0.1 shows the development index of
 * sites (app/page.tsx); an unknown host gets a plain 404.
 *
 * /media/... (car photos, logos) is forwarded to the API here rather than by a next.config rewrite:
 * config rewrites are fixed at build time, and API_URL must be read when the server runs (the same
 * build serves the e2e API on another port, and images are built once for every environment).
 */

// Module state lives as long as the server process: a best-effort cache, never a source of truth.
const resolver = createHostResolver(findSiteByHost, { ttlMs: 30_000 });

export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith('/media/')) return NextResponse.rewrite(apiMediaUrl(pathname, search));

  const host = parseHost(request.headers.get('host'));
  if (!host) return siteNotFoundResponse();

  if (isDevIndexHost(host.hostname)) {
    return pathname === '/' ? NextResponse.next() : devIndexNotFoundResponse();
  }

  let site;
  try {
    site = await resolver.resolve(host.hostname);
  } catch (error) {
    // Logged by the server's own error output; the shopper gets a short 503 page.
    console.error(`[proxy] site lookup failed for ${host.hostname}:`, error); // eslint-disable-line no-console
    return siteUnavailableResponse();
  }
  if (!site) return siteNotFoundResponse();

  const url = request.nextUrl.clone();
  url.pathname = tenantPath(site.slug, pathname);
  return NextResponse.rewrite(url);
}

export const config = {
  matcher: [
    '/media/:path*',
    // Everything else except Next's assets, the favicon and static files. Per-site text routes
    // (robots.txt, sitemap.xml) still go through the proxy.
    '/((?!_next/|media/|favicon\\.ico$|.+\\.(?:css|js|mjs|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|eot|mp4|webm)$).*)',
  ],
};
