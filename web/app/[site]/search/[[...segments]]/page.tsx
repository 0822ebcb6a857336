import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { facetValues, getSite, searchStock, type SiteView } from '@/lib/api';
import { searchBreadcrumbs } from '@/lib/search/breadcrumbs';
import { DEALER_FACET, dealerNames, filterListsFor } from '@/lib/search/dealer-filter';
import { searchHeading } from '@/lib/search/labels';
import { makeLogos } from '@/lib/search/make-logos';
import {
  displayedResultCount,
  promoPositions,
  savedSearchName,
  SavedSearchCriteriaSchema,
  signInPath,
} from '@platform/domain';
import { getShopper } from '@/lib/api/shopper';
import { SaveSearch } from '@/components/alerts/save-search';
import alertStyles from '@/components/alerts/alerts.module.css';
import { filtersOfPath, mergePathFilters } from '@/lib/search/route-state';
import { searchHref, searchPageHref, selectedCarTypes } from '@/lib/search/search-paths';
import { effectiveSort, toSearchRequest } from '@/lib/search/search-request';
import { parseSearchQuery, type SearchState } from '@/lib/search/url-codec';
import { Breadcrumbs } from '@/components/search/breadcrumbs';
import { Pagination } from '@/components/search/pagination';
import { ResultList } from '@/components/search/result-list';
import { SearchFilters } from '@/components/search/search-filters';
import { ResultsRegion, SearchNavigationProvider } from '@/components/search/search-navigation';
import { SearchToolbar } from '@/components/search/search-toolbar';
import { formatNumber } from '@/lib/search/labels';
import { carConfigOf } from '@/lib/search/dealership-configs';
import styles from '@/components/search/search.module.css';

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

/**
 * Stock search (spec 000 screens 2 and 3): rendered on the server with the results, count and
 * filters for the URL, so the first HTML is complete. Filter changes navigate to a new URL; the
 * client parts (toolbar, filters, save buttons) only handle interaction.
 */
export default async function SearchPage(props: SearchPageProps) {
  const { site, state } = await pageState(props);
  const { config } = site;
  const request = toSearchRequest(state, config);
  const hitsPerPage = request.hitsPerPage ?? config.search.hits_per_page;

  let result = null;
  try {
    result = await searchStock(site.slug, request);
  } catch (error) {
    // The page still renders; the client keeps the last good results (spec 000 §4). No shopper data in the log.
    console.error(`[search] ${site.slug}: ${(error as Error).message}`); // eslint-disable-line no-console
  }

  const heading = searchHeading(state, config.wording.used_label);
  const href = searchHref(state);
  const count = result
    ? displayedResultCount(
        result.count,
        result.facets['car_type'],
        selectedCarTypes(state),
        config.search.stock_count_override,
      )
    : 0;
  const pages = result?.pages ?? 0;
  // Saving needs a session; the page cache never keeps a signed-in shopper's page.
  const shopper = await getShopper(site.slug).catch(() => null);
  const criteria = SavedSearchCriteriaSchema.parse({
    ...(request.query ? { query: request.query } : {}),
    sortBy: request.sortBy,
    filters: request.filters,
    ranges: request.ranges,
  });

  return (
    <SearchNavigationProvider href={href} label={heading}>
      <div className={`container ${styles.page}`}>
        <Breadcrumbs crumbs={searchBreadcrumbs(state, config.wording.used_label)} />
        <h1 className={styles.heading}>{heading}</h1>
        <SearchToolbar state={state} sortOptions={config.search.sort_options} sort={effectiveSort(state, config)} />
        {!config.features.watchlist_enabled ? null : shopper?.signed_in ? (
          <SaveSearch
            key={href}
            siteSlug={site.slug}
            criteria={criteria}
            pagePath={href}
            defaultName={savedSearchName(criteria, config.wording.used_label)}
          />
        ) : (
          <p className={alertStyles.signIn}>
            <a href={signInPath({ type: 'watchlist', redirect: href, back: href })}>Sign in to save this search</a> and
            hear when a matching car arrives.
          </p>
        )}
        <div className={styles.layout}>
          <SearchFilters
            state={state}
            data={result ? { facets: result.facets, facetStats: result.facetStats } : null}
            options={{
              carTypes: config.search.car_types,
              usedLabel: config.wording.used_label,
              popularMakes: config.search.popular_makes,
              popularCount: config.search.popular_makes_count,
              modelLimit: config.search.model_list_limit,
              filterFacets: filterListsFor(state, config.search.filter_facets),
              valueNames: { [DEALER_FACET]: dealerNames(site.dealerships) },
              makeLogos: makeLogos(Object.keys(result?.facets['make'] ?? {}), site.source.manufacturers),
            }}
          />
          <ResultsRegion ok={result !== null} className={styles.results} busyClassName={styles.busy}>
            {result && (
              <section aria-labelledby="results-count">
                <h2 id="results-count" className={styles.count} aria-live="polite">
                  {count === 1 ? '1 result' : `${formatNumber(count)} results`}
                </h2>
                <ResultList
                  hits={result.hits}
                  page={state.page}
                  hitsPerPage={hitsPerPage}
                  promoPositions={promoPositions(config.promo)}
                  config={config}
                  configOf={carConfigOf(site)}
                  now={new Date()}
                />
                <Pagination page={state.page} pages={pages} hrefFor={(page) => searchPageHref(state, page)} />
              </section>
            )}
          </ResultsRegion>
        </div>
      </div>
    </SearchNavigationProvider>
  );
}
