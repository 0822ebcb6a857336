import type { SiteConfig } from '../site-config/site-config.schema';

/**
 * The claims a site's servicing page shows: each dealership's, from its merged configuration (so a
 * brand's claims, which sit on the manufacturer layer, reach the page), in dealership order without
 * repeats; the site's own when it has no dealership.
 */
export function servicingClaims(
  site: Pick<SiteConfig, 'marketing'>,
  dealerships: readonly Pick<SiteConfig, 'marketing'>[],
): string[] {
  const sources = dealerships.length > 0 ? dealerships : [site];
  return [
    ...new Set(sources.flatMap((config) => config.marketing.claims.map((claim) => claim.trim())).filter(Boolean)),
  ];
}
