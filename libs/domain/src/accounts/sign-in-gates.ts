import type { GateableRoute, SiteConfig } from '../site-config/site-config.schema';
import { safeRedirect } from './safe-redirect';

/** What the shopper was doing when sent to sign in: saving a car, or opening a gated route. */
export type SignInType = 'watchlist' | GateableRoute;

export type GateConfig = Pick<SiteConfig, 'gates' | 'routes'>;

// Matching ignores case and a trailing slash, and a route covers its sub-pages (a multi-step
// checkout, /my-garage/cars): when in doubt a page is gated, never left open.
function normalise(pathname: string): string {
  let path = pathname.split(/[?#]/)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Keep the raw text: a malformed escape cannot name a route anyway.
  }
  path = path.toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const under = (path: string, base: string): boolean => path === base || path.startsWith(`${base}/`);

/** A configured route that is a path on this site ('/finance'); an absolute URL is another site's page. */
function sitePath(route: string): string | null {
  return route.startsWith('/') && !route.startsWith('//') ? normalise(route) : null;
}

/**
 * The spec names the credit check only as 'finance via credit check', never its path; the platform
 * serves it at /finance/credit-check.
 */
export const FINANCE_CREDIT_CHECK_PATH = '/finance/credit-check';

/**
 * Every gateable route a path falls under, most specific first. The spec lists '/my-garage and three
 * other brand-specific my-garage pages' without naming them; brand pages are taken to be
 * /{brand}-my-garage, so any '/…-my-garage' page (and its sub-pages) is the garage.
 */
function routesOf(path: string, config: GateConfig): GateableRoute[] {
  const routes: GateableRoute[] = [];
  const checkout = new RegExp(`^/cars/[^/]+/${config.routes.checkout_segment}(/|$)`);
  // The Online Purchase journey ends in the same reservation checkout does, behind the same gate.
  if (checkout.test(path) || under(path, '/checkout-journey')) routes.push('checkout');
  if (under(path, FINANCE_CREDIT_CHECK_PATH)) routes.push('finance_credit_check');
  const finance = sitePath(config.routes.finance_path);
  if (finance !== null && finance !== '/' && under(path, finance)) routes.push('finance');
  const tradeIn = sitePath(config.routes.trade_in_path);
  if (
    under(path, '/trade-in') ||
    under(path, '/cars/trade-in') ||
    (tradeIn !== null && tradeIn !== '/' && under(path, tradeIn))
  )
    routes.push('trade_in');
  if (under(path, '/sell-my-car')) routes.push('sell_my_car');
  if (under(path, '/spin-to-win')) routes.push('spin_to_win');
  if (under(path, '/online-payment')) routes.push('online_payment');
  if (under(path, '/my-garage') || /^\/[^/]+-my-garage(\/|$)/.test(path)) routes.push('my_garage');
  return routes;
}

/**
 * The gated route a page falls under on this site, or null when a signed-out shopper may open it.
 * A page under several routes (the credit check is also under /finance) is gated when any of them is.
 */
export function gatedRouteOf(pathname: string, config: GateConfig): GateableRoute | null {
  const gated = new Set(config.gates.gated_routes);
  return routesOf(normalise(pathname), config).find((route) => gated.has(route)) ?? null;
}

/**
 * '/sign-in?type=watchlist&redirect=%2Fcars%2Fx&back=%2Fcars%2Fx'. `redirect` is where the shopper
 * goes after signing in, `back` where the sign-in page's back link goes; both are kept on this site.
 */
export function signInPath({
  type,
  redirect,
  back = '/',
}: {
  type: SignInType;
  redirect: string;
  back?: string;
}): string {
  const query = new URLSearchParams({ type, redirect: safeRedirect(redirect), back: safeRedirect(back) });
  return `/sign-in?${query.toString()}`;
}
