import { brandOverviewSlug, MODEL_PAGES_PATH, sameModel, type ContentPage, type SiteConfig } from '@platform/domain';
import { isExternalHref } from '../routes';

/** What a path of the catch-all route shows: a configured screen at a per-site path, a content page, or nothing. */
export type SiteRoute =
  | { kind: 'finance' }
  | { kind: 'service' }
  | { kind: 'trade_in' }
  | { kind: 'brand_directory' }
  | { kind: 'brand_overview'; slug: string }
  | { kind: 'content'; page: ContentPage }
  | null;

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The full path of a content page: under routes.pages_prefix when the page asks for it. */
export function contentPagePath(page: ContentPage, config: SiteConfig): string {
  return trimSlash(
    page.under_pages_prefix && config.routes.pages_prefix ? `${config.routes.pages_prefix}${page.path}` : page.path,
  );
}

/**
 * Resolves a path that no file route answers: the site's configured finance, service and trade-in
 * paths (when they are not the default ones, which have their own routes), its brand directory,
 * then its content pages.
 */
export function resolveSiteRoute(pathname: string, config: SiteConfig): SiteRoute {
  const path = trimSlash(pathname);
  const isPath = (configured: string, fallback: string) =>
    configured.startsWith('/') && configured !== fallback && trimSlash(configured.split('?')[0]) === path;
  if (isPath(config.routes.finance_path, '/finance')) return { kind: 'finance' };
  if (isPath(config.routes.service_path, '/service')) return { kind: 'service' };
  if (isPath(config.routes.trade_in_path, '/trade-in')) return { kind: 'trade_in' };
  if (config.features.brand_directory_enabled) {
    if (trimSlash(config.marketing.brand_directory.path) === path) return { kind: 'brand_directory' };
    const brand = brandOverviewSlug(path, config.marketing.brand_directory.sections);
    if (brand) return { kind: 'brand_overview', slug: brand };
  }
  const page = config.content.pages.find((entry) => contentPagePath(entry, config) === path);
  return page ? { kind: 'content', page } : null;
}

/**
 * The first path segments the app answers with its own routes (app/[site]/*), beside the paths
 * configuration adds. A test compares it with the app folder, so a new route cannot be missed.
 */
export const APP_SECTIONS = [
  'capped-price-servicing',
  'cars',
  'checkout-journey',
  'compare',
  'contact',
  'contact-us',
  'dealer-locator',
  'favourites',
  'finance',
  'locations',
  'models',
  'offers',
  'online-payment',
  'payments',
  'personalised',
  'print',
  'reservations',
  'robots.txt',
  'search',
  'sell-my-car',
  'sell-your-car',
  'service',
  'sign-in',
  'sitemap.xml',
  'sitemaps',
  'special-offers',
  'success',
  'trade-in',
  'unsubscribe',
  'used-car',
  'vehicle-parts-and-accessories',
  'watchlist',
] as const;

/**
 * Whether a configured link leads somewhere: another site, a page the app routes, or a path the
 * site's configuration answers (content pages, brand pages, configured finance, service, trade-in).
 */
export function linkResolves(href: string, config: SiteConfig): boolean {
  if (isExternalHref(href)) return true;
  if (!href.startsWith('/')) return false;
  const path = href.split(/[?#]/)[0] ?? '/';
  const section = path.split('/')[1] ?? '';
  // The /used-car pages answer only where the configuration asks for them.
  if (section === 'used-car' && !config.routes.used_car_breadcrumbs) return false;
  return (
    section === '' || (APP_SECTIONS as readonly string[]).includes(section) || resolveSiteRoute(path, config) !== null
  );
}

/**
 * The content page a model page shows as its intro: one at /models/{slug}, spelt the way the model
 * page was asked for or any other way that differs only in case and punctuation.
 */
export function modelContentPage(modelSlug: string, config: SiteConfig): ContentPage | null {
  return (
    config.content.pages.find((page) => {
      const path = contentPagePath(page, config);
      const prefix = `${MODEL_PAGES_PATH}/`;
      return (
        path.startsWith(prefix) &&
        !path.slice(prefix.length).includes('/') &&
        sameModel(path.slice(prefix.length), modelSlug)
      );
    }) ?? null
  );
}
