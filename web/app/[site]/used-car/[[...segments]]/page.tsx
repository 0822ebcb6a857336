import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { facetValues, getSite, type SiteView } from '@/lib/api';
import { searchHeading } from '@/lib/search/labels';
import { filtersOfPath, mergePathFilters } from '@/lib/search/route-state';
import { searchHref } from '@/lib/search/search-paths';
import { parseSearchQuery, type SearchState } from '@/lib/search/url-codec';
import { StockSearchPage } from '@/components/search/stock-search-page';

interface UsedCarPageProps {
  params: Promise<{ site: string; segments?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The /used-car/... pages of a site whose configuration asks for them (`routes.used_car_breadcrumbs`,
 * spec 001 §2): /used-car, /used-car/{make} and /used-car/{make}/{model} are the used-car search
 * narrowed that far. Anything else, or any other site, is not found.
 */
async function pageState({ params, searchParams }: UsedCarPageProps): Promise<{ site: SiteView; state: SearchState }> {
  const { site: slug, segments = [] } = await params;
  const site = await getSite(slug);
  if (!site.config.routes.used_car_breadcrumbs) notFound();
  const path = await filtersOfPath(segments, () => facetValues(slug, ['make', 'make_model']));
  // Only a make (and model) names a used-car page; car-type and body slugs belong to /search.
  if (!path || (segments.length > 0 && !path.menu.make)) notFound();
  const used = { menu: path.menu, refinementList: { car_type: ['used'] } };
  return { site, state: mergePathFilters(parseSearchQuery(await searchParams), used) };
}

export async function generateMetadata(props: UsedCarPageProps): Promise<Metadata> {
  const { site, state } = await pageState(props);
  const heading = searchHeading(state, site.config.wording.used_label);
  // The same search lives under /search; that address is the one to index.
  return {
    title: state.page > 1 ? `${heading} (page ${state.page})` : heading,
    alternates: { canonical: searchHref(state) },
  };
}

export default async function UsedCarPage(props: UsedCarPageProps) {
  const { site, state } = await pageState(props);
  return <StockSearchPage site={site} state={state} />;
}
