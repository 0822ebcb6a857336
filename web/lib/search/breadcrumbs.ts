import type { CarType, SiteConfig } from '@platform/domain';
import { bodyLabel } from '@platform/domain';
import { carTypeLabel, modelOf } from './labels';
import { facetSlug, searchHref, selectedCarTypes } from './search-paths';
import { EMPTY_SEARCH_STATE, type SearchState } from './url-codec';

export interface Crumb {
  label: string;
  href: string;
}

/** The /used-car/... pages (spec 001 §2): used cars, of a make, of a make's model. */
export const USED_CAR_BASE_PATH = '/used-car';

export function usedCarPath(make?: string, model?: string): string {
  return [USED_CAR_BASE_PATH, ...(make ? [facetSlug(make)] : []), ...(make && model ? [facetSlug(model)] : [])].join(
    '/',
  );
}

export interface BreadcrumbOptions {
  /** `routes.used_car_breadcrumbs`: a used-car search's crumbs link to /used-car/... pages. */
  usedCarPaths?: boolean;
  /** The car types the site sells: a site selling only used cars has used-car searches throughout. */
  siteCarTypes?: readonly CarType[];
}

/**
 * Spec 001 screen 10: Home, car type, make, optional model, optional body, then the current page.
 * Each crumb is the search narrowed down to that point; the last one is the page itself. With the
 * /used-car/... variant a used-car search's car type, make and model crumbs are those pages.
 */
export function searchBreadcrumbs(
  state: SearchState,
  usedLabel: SiteConfig['wording']['used_label'],
  homeHref = '/',
  options: BreadcrumbOptions = {},
): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', href: homeHref }];
  let narrowed: SearchState = { ...EMPTY_SEARCH_STATE, menu: {}, refinementList: {} };

  const types = selectedCarTypes(state);
  const siteSellsOnlyUsed = options.siteCarTypes?.length === 1 && options.siteCarTypes[0] === 'used';
  const usedSearch = (types.length === 1 && types[0] === 'used') || (types.length === 0 && siteSellsOnlyUsed);
  const usedCarPaths = Boolean(options.usedCarPaths) && usedSearch;

  if (types.length > 0 || (usedCarPaths && state.menu.make)) {
    narrowed = { ...narrowed, refinementList: { car_type: types.length > 0 ? types : ['used'] } };
    crumbs.push({
      label: `${(types.length > 0 ? types : ['used' as const]).map((type) => carTypeLabel(type, usedLabel)).join(' and ')} Cars`,
      href: usedCarPaths ? usedCarPath() : searchHref(narrowed),
    });
  }
  if (state.menu.make) {
    const make = state.menu.make;
    narrowed = { ...narrowed, menu: { ...narrowed.menu, make } };
    crumbs.push({ label: make, href: usedCarPaths ? usedCarPath(make) : searchHref(narrowed) });
    if (state.menu.make_model) {
      const model = modelOf(state.menu.make_model);
      narrowed = { ...narrowed, menu: { ...narrowed.menu, make_model: state.menu.make_model } };
      crumbs.push({ label: model, href: usedCarPaths ? usedCarPath(make, model) : searchHref(narrowed) });
    }
  }
  const body = state.refinementList.body;
  if (body?.length === 1) {
    narrowed = { ...narrowed, refinementList: { ...narrowed.refinementList, body } };
    crumbs.push({ label: bodyLabel(body[0] as string), href: searchHref(narrowed) });
  }
  if (crumbs.length === 1) crumbs.push({ label: 'Our Stock', href: searchHref(narrowed) });
  return crumbs;
}
