import { cache } from 'react';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { PREVIEW_COOKIE } from '@platform/domain';
import { SITE_SLUG_PATTERN } from '../tenancy/host';
import { ApiError, apiGet, segment } from './client';
import { reshapeSite, reshapeSiteList, type SiteSummary, type SiteView } from './reshape';
import { SiteConfigResponseSchema, SiteListResponseSchema } from './schemas';

/**
 * The site, its merged configuration, dealerships and locations. An unknown site renders Next's
 * not-found page; any other failure throws to the error boundary. Deduplicated per request, so the
 * layout, the page and generateMetadata share one call.
 *
 * Not kept in Next's data cache: that cache lives on disk under .next/ across restarts and serves
 * stale answers while it revalidates, so a restarted server (or one pointed at another database)
 * would show the previous configuration. One small request per page; the proxy already keeps the
 * host lookup for 30 s.
 */
export const getSite = cache(async (slug: string): Promise<SiteView> => {
  // Only the proxy routes to a site, with a slug from the API; a path such as /favicon.ico that
  // reaches app/[site] directly is not a site and is not worth a request.
  if (!SITE_SLUG_PATTERN.test(slug)) notFound();
  try {
    // A preview link's holder sees the site with the draft applied (issue 52); the api checks the token.
    const preview = await previewToken();
    const response = await apiGet(`/api/sites/${segment(slug)}/config`, SiteConfigResponseSchema, {
      cache: 'no-store',
      ...(preview ? { headers: { 'X-Config-Preview': preview } } : {}),
    });
    return reshapeSite(response);
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) notFound();
    throw error;
  }
});

/** The preview cookie of the request being rendered; none outside a request (a unit test, a build). */
async function previewToken(): Promise<string | undefined> {
  try {
    return (await cookies()).get(PREVIEW_COOKIE)?.value;
  } catch {
    return undefined;
  }
}

/** Every site, for the development index. */
export async function listSites(): Promise<SiteSummary[]> {
  return reshapeSiteList(await apiGet('/api/sites', SiteListResponseSchema, { cache: 'no-store' }));
}
