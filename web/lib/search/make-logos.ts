import { manufacturerIsMake } from '@platform/domain';
import type { SiteConfigResponse, SiteManufacturer } from '@/lib/api';
import { facetSlug } from './search-paths';

/**
 * Logo addresses for the makes in a facet, matched to the site's manufacturers by name or slug, or
 * else by a manufacturer whose slug extends the make's ('Isuzu' -> 'isuzu-ute'): dealers list a
 * brand's commercial arm as its own manufacturer, while feeds send the plain make.
 */
export function makeLogos(
  makes: Iterable<string>,
  manufacturers: readonly Pick<SiteManufacturer, 'name' | 'slug' | 'logo'>[],
): Record<string, string> {
  const bySlug = new Map<string, string>();
  for (const manufacturer of manufacturers) {
    const url = manufacturer.logo?.url;
    if (!url) continue;
    bySlug.set(facetSlug(manufacturer.name), url);
    bySlug.set(manufacturer.slug, url);
  }
  const logos: Record<string, string> = {};
  for (const make of makes) {
    const slug = facetSlug(make);
    const url = bySlug.get(slug) ?? [...bySlug].find(([key]) => manufacturerIsMake(key, slug))?.[1];
    if (url) logos[make] = url;
  }
  return logos;
}

/** A site's make logos: its own brands first, then the brands of the makes in its stock. */
export function siteMakeLogos(
  makes: Iterable<string>,
  source: Pick<SiteConfigResponse, 'manufacturers' | 'stock_brands'>,
): Record<string, string> {
  return makeLogos(makes, [...source.manufacturers, ...source.stock_brands]);
}
