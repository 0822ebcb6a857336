/**
 * The brand directory of a dealer group (spec 001 screen 17): sections of brand tiles, each linking
 * to /{brand slug}/overview, and a logo grid of every brand the site sells. Names and logos come
 * from the manufacturer records (a make's own spelling: 'BYD', 'Isuzu UTE'); a configured slug with
 * no manufacturer record has no name to show and is left out rather than guessed from the slug.
 */
export interface DirectoryManufacturer {
  slug: string;
  name: string;
  logo?: { url: string | null } | null;
}

export interface BrandTile {
  slug: string;
  name: string;
  logoUrl: string | null;
  href: string;
}

export interface BrandSection {
  heading: string;
  tiles: BrandTile[];
}

/** /{brand slug}/overview */
export function brandOverviewPath(slug: string): string {
  return `/${encodeURIComponent(slug)}/overview`;
}

function tileOf(slug: string, bySlug: Map<string, DirectoryManufacturer>): BrandTile | null {
  const manufacturer = bySlug.get(slug);
  if (!manufacturer) return null;
  return {
    slug,
    name: manufacturer.name,
    logoUrl: manufacturer.logo?.url || null,
    href: brandOverviewPath(slug),
  };
}

const isTile = (tile: BrandTile | null): tile is BrandTile => tile !== null;

/** Configured sections with their tiles, in order; sections without brands are left out. */
export function brandDirectorySections(
  sections: readonly { heading: string; brands: readonly string[] }[],
  manufacturers: readonly DirectoryManufacturer[],
): BrandSection[] {
  const bySlug = new Map(manufacturers.map((m) => [m.slug, m]));
  return sections
    .map((section) => ({
      heading: section.heading,
      tiles: [...new Set(section.brands)].map((slug) => tileOf(slug, bySlug)).filter(isTile),
    }))
    .filter((section) => section.tiles.length > 0);
}

/** The 'Our Brands' logo grid: every manufacturer of the site with a logo, by name. */
export function brandLogoGrid(manufacturers: readonly DirectoryManufacturer[]): BrandTile[] {
  const bySlug = new Map(manufacturers.map((m) => [m.slug, m]));
  return [...bySlug.values()]
    .filter((m) => m.logo?.url)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'))
    .map((m) => tileOf(m.slug, bySlug))
    .filter(isTile);
}

/** The brand a /{brand slug}/overview path names, when the directory lists it; otherwise null. */
export function brandOverviewSlug(pathname: string, sections: readonly { brands: readonly string[] }[]): string | null {
  const match = /^\/([^/]+)\/overview\/?$/.exec(pathname);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return sections.some((section) => section.brands.includes(slug)) ? slug : null;
}

/** The tile of one brand, for its overview page; null when no manufacturer record names it. */
export function brandTile(slug: string, manufacturers: readonly DirectoryManufacturer[]): BrandTile | null {
  return tileOf(slug, new Map(manufacturers.map((m) => [m.slug, m])));
}
