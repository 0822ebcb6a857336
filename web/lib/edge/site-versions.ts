import { z } from 'zod';
import { apiGet, segment } from '../api/client';
import { sharedHostResolver } from '../tenancy/shared-host-resolver';

const VersionSchema = z.object({ search: z.string(), config: z.string().nullable() });

/**
 * The site a host is one of, named by its primary host (whichever host, spelling or port the
 * request used), and its versions as one opaque string.
 */
export interface SiteVersion {
  primaryHost: string;
  version: string;
}

/** GET /api/sites/{slug}/version for the host's site; null when no site has the host. */
export function versionFromApi(): (hostname: string) => Promise<SiteVersion | null> {
  // The proxy's own cache, following the configuration version: a removed host stops sharing pages
  // within the poll, and a suspended site's pages are not answered from the cache either.
  const sites = sharedHostResolver();
  return async (hostname) => {
    const site = await sites.resolve(hostname);
    // A suspended site answers its maintenance page from the proxy: nothing is kept or served here.
    if (!site || site.status === 'suspended') return null;
    const { search, config } = await apiGet(`/api/sites/${segment(site.slug)}/version`, VersionSchema, {
      cache: 'no-store',
      signal: AbortSignal.timeout(2_000),
    });
    return { primaryHost: site.primary_host, version: `${site.slug}:${search}:${config ?? ''}` };
  };
}

interface Known {
  version: SiteVersion | null;
  checkedAt: number;
}

/**
 * The version of each host's site, asked of the API at most once per checkEveryMs whatever the
 * traffic; concurrent requests share one answer. A failed check answers null (the page is rendered,
 * not served from cache), so a page is never shared on a version nobody confirmed.
 */
export class SiteVersions {
  private readonly known = new Map<string, Known>();
  private readonly pending = new Map<string, Promise<SiteVersion | null>>();

  constructor(
    private readonly lookup: (hostname: string) => Promise<SiteVersion | null>,
    private readonly checkEveryMs: number,
    private readonly maxHosts = 1000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async current(hostname: string): Promise<SiteVersion | null> {
    const known = this.known.get(hostname);
    if (known && this.now() - known.checkedAt < this.checkEveryMs) return known.version;
    let pending = this.pending.get(hostname);
    if (!pending) {
      pending = this.check(hostname).finally(() => this.pending.delete(hostname));
      this.pending.set(hostname, pending);
    }
    return pending;
  }

  private async check(hostname: string): Promise<SiteVersion | null> {
    try {
      const version = await this.lookup(hostname);
      this.known.delete(hostname);
      // Only hosts of real sites are remembered, oldest dropped first, so random Host headers cannot grow it.
      if (version !== null) {
        while (this.known.size >= this.maxHosts) this.known.delete(this.known.keys().next().value as string);
        this.known.set(hostname, { version, checkedAt: this.now() });
      }
      return version;
    } catch {
      this.known.delete(hostname);
      return null;
    }
  }
}
