import type { SiteConfig } from '@platform/domain';
import { bodyLabel, carTypeLabel, modelOf } from './labels';
import { searchHref, selectedCarTypes } from './search-paths';
import { EMPTY_SEARCH_STATE, type SearchState } from './url-codec';

export interface Crumb {
  label: string;
  href: string;
}

/**
 * Spec 001 screen 10: Home, car type, make, optional model, optional body, then the current page.
 * Each crumb is the search narrowed down to that point; the last one is the page itself.
 */
export function searchBreadcrumbs(
  state: SearchState,
  usedLabel: SiteConfig['wording']['used_label'],
  homeHref = '/',
): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', href: homeHref }];
  let narrowed: SearchState = { ...EMPTY_SEARCH_STATE, menu: {}, refinementList: {} };

  const types = selectedCarTypes(state);
  if (types.length > 0) {
    narrowed = { ...narrowed, refinementList: { car_type: types } };
    crumbs.push({
      label: `${types.map((type) => carTypeLabel(type, usedLabel)).join(' and ')} Cars`,
      href: searchHref(narrowed),
    });
  }
  if (state.menu.make) {
    narrowed = { ...narrowed, menu: { ...narrowed.menu, make: state.menu.make } };
    crumbs.push({ label: state.menu.make, href: searchHref(narrowed) });
    if (state.menu.make_model) {
      narrowed = { ...narrowed, menu: { ...narrowed.menu, make_model: state.menu.make_model } };
      crumbs.push({ label: modelOf(state.menu.make_model), href: searchHref(narrowed) });
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
