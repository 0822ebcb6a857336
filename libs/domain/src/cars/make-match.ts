/**
 * Whether a manufacturer (by slug) stands for a make: the same name, or a brand's own arm whose slug
 * extends the make's ('isuzu-ute' is an Isuzu). Feeds send the plain make while dealers list the
 * arm as its own manufacturer, so logos, sister sites and brand pages match this way everywhere.
 */
export function manufacturerIsMake(manufacturerSlug: string, make: string): boolean {
  const manufacturer = manufacturerSlug.trim().toLowerCase();
  const wanted = make.trim().toLowerCase();
  return wanted !== '' && (manufacturer === wanted || manufacturer.startsWith(`${wanted}-`));
}

export interface DealerWebsite {
  slug: string;
  make?: string | null;
  url: string;
}

/**
 * A location's own dealer website: the sister site of one of its makes, else the one of its
 * dealership (a site with no make whose slug begins the dealership's); only web addresses.
 */
export function dealerWebsiteOf(
  location: { manufacturers?: readonly string[] | null; dealership_slug?: string | null },
  websites: readonly DealerWebsite[],
): string | null {
  const makes = location.manufacturers ?? [];
  const dealershipSlug = location.dealership_slug ?? '';
  const found =
    websites.find((website) => website.make && makes.some((make) => manufacturerIsMake(make, website.make!))) ??
    websites.find((website) => !website.make && dealershipSlug.startsWith(website.slug));
  return found && /^https?:\/\//i.test(found.url) ? found.url : null;
}
