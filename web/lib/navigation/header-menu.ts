import { modelsMenu, stockModels, type NavItem } from '@platform/domain';
import { searchStock } from '@/lib/api';

const fillsWithModels = (item: NavItem): boolean => item.models_menu === true && !item.children?.length;

/**
 * The header menu as configured, with each `models_menu` item's dropdown filled from the site's
 * new-car models. Without new cars, or when the search cannot answer, the item stays a plain link:
 * the header never fails a page.
 */
export async function headerMenu(siteSlug: string, items: readonly NavItem[]): Promise<NavItem[]> {
  if (!items.some(fillsWithModels)) return [...items];
  let children: NavItem['children'] = [];
  try {
    const result = await searchStock(siteSlug, {
      hitsPerPage: 1,
      facets: ['make_model'],
      filters: { car_type: ['new'] },
    });
    children = modelsMenu(stockModels(result.facets['make_model'] ?? {}));
  } catch (error) {
    console.warn(`[navigation] models menu of ${siteSlug} unavailable: ${(error as Error).message}`); // eslint-disable-line no-console
  }
  return items.map((item) => (fillsWithModels(item) ? { ...item, children } : item));
}
