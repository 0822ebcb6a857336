import { resolveSiteConfig, type SiteConfig } from '@platform/domain';
import type { SiteView } from '@/lib/api';

/** A lookup of the configuration that applies to a car: its own dealership's, else the site's. */
export type CarConfigOf = (car: { dealership_slug: string }) => SiteConfig;

const resolved = new WeakMap<SiteView, ReadonlyMap<string, SiteConfig>>();

/**
 * Each dealership's configuration by dealership slug: the site's with the dealership's and its
 * brand's layers over it, the layers the api merges for a car's own page, so a card and the page
 * of the same car agree. A layer the schema refuses leaves that dealership on the site's settings
 * (its car pages fail loudly in the api; a search page of the whole site should still render).
 */
export function dealershipConfigs(site: SiteView): ReadonlyMap<string, SiteConfig> {
  const cached = resolved.get(site);
  if (cached) return cached;
  const manufacturers = new Map(site.source.manufacturers.map((m) => [m.id, m.config_overrides ?? null]));
  const configs = new Map<string, SiteConfig>();
  for (const dealership of site.source.dealerships) {
    const manufacturer = dealership.manufacturer_id != null ? manufacturers.get(dealership.manufacturer_id) : null;
    if (!dealership.config_overrides && !manufacturer) continue;
    try {
      configs.set(
        dealership.slug,
        resolveSiteConfig({ dealership: dealership.config_overrides, manufacturer }, site.config),
      );
    } catch (error) {
      const reason = (error as Error).message;
      // eslint-disable-next-line no-console
      console.warn(`[search] dealership ${dealership.slug}: configuration refused, cards use the site's: ${reason}`);
    }
  }
  resolved.set(site, configs);
  return configs;
}

/** The configuration of each car's own dealership, for the cards of a page of hits. */
export function carConfigOf(site: SiteView): CarConfigOf {
  const configs = dealershipConfigs(site);
  return (car) => configs.get(car.dealership_slug) ?? site.config;
}
