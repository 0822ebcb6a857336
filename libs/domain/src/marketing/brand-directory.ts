/**
 * The brand directory of a dealer group (spec 001 screen 17): sections of brand tiles, each linking
 * to /{brand slug}/overview, and a logo grid of every brand the site sells. Names and logos come
 * from the site's manufacturers; a configured slug the site does not list keeps a readable name.
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

/** 'isuzu-ute' -> 'Isuzu Ute': the name of a brand the site has no manufacturer record for. */
function nameFromSlug(slug: string): string {
  return slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

function tileOf(slug: string, bySlug: Map<string, DirectoryManufacturer>): BrandTile {
  const manufacturer = bySlug.get(slug);
  return {
    slug,
    name: manufacturer?.name ?? nameFromSlug(slug),
    logoUrl: manufacturer?.logo?.url || null,
    href: brandOverviewPath(slug),
  };
}

/** Configured sections with their tiles, in order; sections without brands are left out. */
export function brandDirectorySections(
  sections: readonly { heading: string; brands: readonly string[] }[],
  manufacturers: readonly DirectoryManufacturer[],
): BrandSection[] {
  const bySlug = new Map(manufacturers.map((m) => [m.slug, m]));
  return sections
    .map((section) => ({
      heading: section.heading,
      tiles: [...new Set(section.brands)].map((slug) => tileOf(slug, bySlug)),
    }))
    .filter((section) => section.tiles.length > 0);
}

/** The 'Our Brands' logo grid: every manufacturer of the site with a logo, by name. */
export function brandLogoGrid(manufacturers: readonly DirectoryManufacturer[]): BrandTile[] {
  const bySlug = new Map(manufacturers.map((m) => [m.slug, m]));
  return [...bySlug.values()]
    .filter((m) => m.logo?.url)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'))
    .map((m) => tileOf(m.slug, bySlug));
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

/** The tile of one brand, for its overview page. */
export function brandTile(slug: string, manufacturers: readonly DirectoryManufacturer[]): BrandTile {
  return tileOf(slug, new Map(manufacturers.map((m) => [m.slug, m])));
}
