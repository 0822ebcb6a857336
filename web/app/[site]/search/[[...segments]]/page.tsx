import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { facetValues, getSite, type SiteView } from '@/lib/api';
import { searchHeading } from '@/lib/search/labels';
import { filtersOfPath, mergePathFilters } from '@/lib/search/route-state';
import { searchHref } from '@/lib/search/search-paths';
import { parseSearchQuery, type SearchState } from '@/lib/search/url-codec';
import { StockSearchPage } from '@/components/search/stock-search-page';

interface SearchPageProps {
  params: Promise<{ site: string; segments?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The page's site and search state: the path's filters under the query string's. Not found for a path naming nothing. */
async function pageState({ params, searchParams }: SearchPageProps): Promise<{ site: SiteView; state: SearchState }> {
  const { site: slug, segments = [] } = await params;
  const site = await getSite(slug);
  const pathFilters = await filtersOfPath(segments, () => facetValues(slug, ['make', 'body', 'make_model']));
  if (!pathFilters) notFound();
  return { site, state: mergePathFilters(parseSearchQuery(await searchParams), pathFilters) };
}

export async function generateMetadata(props: SearchPageProps): Promise<Metadata> {
  const { site, state } = await pageState(props);
  const heading = searchHeading(state, site.config.wording.used_label);
  return {
    title: state.page > 1 ? `${heading} (page ${state.page})` : heading,
    alternates: { canonical: searchHref(state) },
  };
}

/** Stock search (spec 000 screens 2 and 3) at /search/{type|make|make/model|body}. */
export default async function SearchPage(props: SearchPageProps) {
  const { site, state } = await pageState(props);
  return <StockSearchPage site={site} state={state} />;
}
