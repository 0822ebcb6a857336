import { apiGetOrNull, segment } from './client';
import { SiteByHostResponseSchema, type SiteByHostResponse } from './schemas';

/**
 * The site that serves a host name (lower-case, without port), or null when no site has it.
 * Used by the proxy, which keeps its own short-lived cache (Next's data cache does not apply there).
 * Kept apart from sites.ts so the proxy bundle does not pull in React or next/navigation.
 */
export async function findSiteByHost(hostname: string): Promise<SiteByHostResponse | null> {
  return apiGetOrNull(`/api/sites/by-host/${segment(hostname)}`, SiteByHostResponseSchema, {
    cache: 'no-store',
    signal: AbortSignal.timeout(5_000),
  });
}
