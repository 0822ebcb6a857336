import { bodyLabel, type CarType, type SiteConfig } from '@platform/domain';
import { selectedCarTypes } from './search-paths';
import type { SearchState } from './url-codec';

/** How the search page words facet values and the search itself. */

const kmFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** '45,000 km'. */
export const formatKm = (km: number): string => `${kmFormat.format(km)} km`;
/** '45,000'. */
export const formatNumber = (value: number): string => kmFormat.format(value);

/** The car type as a shopper reads it: New, Demo, and Used or 'Pre-Owned' where configured. */
export function carTypeLabel(type: CarType | string, usedLabel: SiteConfig['wording']['used_label']): string {
  if (type === 'new') return 'New';
  if (type === 'demo') return 'Demo';
  if (type === 'used') return usedLabel;
  return type;
}

/** A value of a checkbox list as its label. */
export function facetValueLabel(facet: string, value: string, usedLabel: SiteConfig['wording']['used_label']): string {
  if (facet === 'car_type') return carTypeLabel(value, usedLabel);
  if (facet === 'body') return bodyLabel(value);
  if (facet === 'make_model') return value.slice(value.indexOf(':') + 1);
  return value;
}

/** The model part of a make_model value. */
export const modelOf = (makeModel: string): string => makeModel.slice(makeModel.indexOf(':') + 1);

/** The page heading for a search: car types, make, model and body ('Used Toyota Hilux', 'New and Demo Cars'); 'Our Stock' for everything. */
export function searchHeading(state: SearchState, usedLabel: SiteConfig['wording']['used_label']): string {
  const types = selectedCarTypes(state).map((type) => carTypeLabel(type, usedLabel));
  const make = state.menu.make ?? (state.refinementList.make?.length === 1 ? state.refinementList.make[0] : undefined);
  const model = state.menu.make_model ? modelOf(state.menu.make_model) : undefined;
  const body = state.refinementList.body?.length === 1 ? bodyLabel(state.refinementList.body[0] as string) : undefined;
  const subject = [make, model, body].filter(Boolean).join(' ');
  const typeText = types.join(' and ');
  if (!subject && !typeText) return 'Our Stock';
  if (!subject) return `${typeText} Cars`;
  return [typeText, subject].filter(Boolean).join(' ');
}
