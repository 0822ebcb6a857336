import type { SiteConfig } from '@platform/domain';
import type { SiteView } from '@/lib/api';

/** A lookup of the configuration that applies to a car: its own dealership's, else the site's. */
export type CarConfigOf = (car: { dealership_slug: string }) => SiteConfig;

/**
 * The configuration of each car's own dealership, for the cards of a page of hits: the one the api
 * merged for that dealership (its own and its brand's layers over the site's) and uses for the car's
 * own page, so a card and the page of the same car agree and the web never merges layers itself.
 */
export function carConfigOf(site: SiteView): CarConfigOf {
  const configs = new Map(site.source.dealerships.map((d) => [d.slug, d.config]));
  return (car) => configs.get(car.dealership_slug) ?? site.config;
}
