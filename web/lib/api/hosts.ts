import { z } from 'zod';
import { apiGet, apiGetOrNull, segment } from './client';
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

const HostVerificationSchema = z.object({ host: z.string(), value: z.string().min(1).max(512) });

/**
 * The HTTP verification value of a custom domain (pending ones included), or null when the platform
 * does not verify that name. Asked on every request for it: the answer is never kept.
 */
export async function findHostVerification(hostname: string): Promise<string | null> {
  const found = await apiGetOrNull(`/api/sites/by-host/${segment(hostname)}/verification`, HostVerificationSchema, {
    cache: 'no-store',
    signal: AbortSignal.timeout(5_000),
  });
  return found?.value ?? null;
}

const ConfigVersionSchema = z.object({ config: z.string().nullable() });

/**
 * The platform's configuration version (moved by database triggers on any change to sites, hosts,
 * dealerships or their layers): the host caches drop every answer when it moves.
 */
export async function readConfigVersion(): Promise<string | null> {
  const { config } = await apiGet('/api/sites/config-version', ConfigVersionSchema, {
    cache: 'no-store',
    signal: AbortSignal.timeout(2_000),
  });
  return config;
}
