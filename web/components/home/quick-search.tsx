import { quickSearchPriceCaps } from '@platform/domain';
import { facetValues, searchStock } from '@/lib/api/search';
import { modelOf } from '@/lib/search/labels';
import { ROUTES } from '@/lib/routes';
import { QuickSearchForm, type QuickSearchMake } from './quick-search-form';

/**
 * The home page's quick search (make, model, max price, then the results page), built from the
 * site's own facets so it never offers a make or model with no cars. A plain GET form to the search
 * page: it works before the script arrives; the script only narrows the models to the chosen make.
 */
export async function QuickSearch({ siteSlug }: { siteSlug: string }) {
  const [facets, priceStats] = await Promise.all([
    facetValues(siteSlug, ['make', 'make_model']).catch(() => null),
    searchStock(siteSlug, { hitsPerPage: 1, facets: ['price'] })
      .then((result) => result.facetStats['price'] ?? null)
      .catch(() => null),
  ]);
  if (!facets) return null;
  const makeCounts = facets['make'] ?? {};
  const modelCounts = facets['make_model'] ?? {};
  const makes: QuickSearchMake[] = Object.keys(makeCounts)
    .sort((a, b) => a.localeCompare(b))
    .map((make) => ({
      name: make,
      count: makeCounts[make] ?? 0,
      models: Object.keys(modelCounts)
        .filter((key) => key.startsWith(`${make}:`))
        .sort((a, b) => a.localeCompare(b))
        .map((key) => ({ value: key, name: modelOf(key), count: modelCounts[key] ?? 0 })),
    }));
  if (makes.length === 0) return null;
  return <QuickSearchForm action={ROUTES.searchAll} makes={makes} priceCaps={quickSearchPriceCaps(priceStats?.max)} />;
}
