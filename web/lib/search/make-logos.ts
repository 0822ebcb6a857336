import type { SiteManufacturer } from '@/lib/api';
import { facetSlug } from './search-paths';

/** Logo addresses for the makes in a facet, matched to the site's manufacturers by name or slug. */
export function makeLogos(makes: Iterable<string>, manufacturers: readonly Pick<SiteManufacturer, 'name' | 'slug' | 'logo'>[]): Record<string, string> {
  const bySlug = new Map<string, string>();
  for (const manufacturer of manufacturers) {
    const url = manufacturer.logo?.url;
    if (!url) continue;
    bySlug.set(facetSlug(manufacturer.name), url);
    bySlug.set(manufacturer.slug, url);
  }
  const logos: Record<string, string> = {};
  for (const make of makes) {
    const url = bySlug.get(facetSlug(make));
    if (url) logos[make] = url;
  }
  return logos;
}
