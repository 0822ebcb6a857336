/**
 * Paths the specification fixes for every site (spec 001 §2). Per-site paths come from the
 * configuration (config.routes, config.navigation) instead.
 */
export const ROUTES = {
  home: '/',
  /** Default search page. */
  searchAll: '/search/new-used-and-demo-cars',
  /** Spec 000 names the watchlist page but not its path. */
  watchlist: '/watchlist',
} as const;

/** True for absolute http(s) links, which leave the site. */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
