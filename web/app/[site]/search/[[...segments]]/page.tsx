import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { ApiError, facetValues, getSite, understandSentence, type SiteView } from '@/lib/api';
import { searchHeading } from '@/lib/search/labels';
import { filtersOfPath, mergePathFilters } from '@/lib/search/route-state';
import { searchHref } from '@/lib/search/search-paths';
import { applySentence, sentenceOf } from '@/lib/search/sentence';
import { parseSearchQuery, type SearchState } from '@/lib/search/url-codec';
import { StockSearchPage } from '@/components/search/stock-search-page';

interface SearchPageProps {
  params: Promise<{ site: string; segments?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The page's site and search state: the path's filters under the query string's. Not found for a
 * path naming nothing. A sentence from the search box (`q`) is read once and answered with a
 * redirect to the filters it stands for, so no page is ever rendered for, or cached under, a sentence.
 */
async function pageState({ params, searchParams }: SearchPageProps): Promise<{ site: SiteView; state: SearchState }> {
  const { site: slug, segments = [] } = await params;
  const site = await getSite(slug);
  const pathFilters = await filtersOfPath(segments, () => facetValues(slug, ['make', 'body', 'make_model']));
  if (!pathFilters) notFound();
  const query = await searchParams;
  const state = mergePathFilters(parseSearchQuery(query), pathFilters);
  const sentence = sentenceOf(query);
  if (sentence !== null) redirect(searchHref(await sentenceSearch(slug, state, sentence)));
  return { site, state };
}

/** The search a sentence makes; when it cannot be read just now, its words are searched as they are. */
async function sentenceSearch(slug: string, state: SearchState, sentence: string): Promise<SearchState> {
  const text = sentence.replace(/\s+/g, ' ').trim();
  if (text === '') return applySentence(state, { filters: {}, ranges: {} });
  try {
    return applySentence(state, await understandSentence(slug, text));
  } catch (error) {
    // The status only: the message holds the address, and the sentence in it is the shopper's.
    const status = error instanceof ApiError ? (error.status ?? 'no answer') : 'an error';
    console.error(`[search] ${slug}: a sentence could not be read (${status})`); // eslint-disable-line no-console
    return applySentence(state, { query: text.slice(0, 200), filters: {}, ranges: {} });
  }
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
