import {
  displayedResultCount,
  promoPositions,
  savedSearchName,
  alertConsentWording,
  SavedSearchCriteriaSchema,
  signInPath,
  type FacetStats,
} from '@platform/domain';
import { redirect } from 'next/navigation';
import { searchStock, type SiteView } from '@/lib/api';
import { getShopper } from '@/lib/api/shopper';
import { searchBreadcrumbs } from '@/lib/search/breadcrumbs';
import { DEALER_FACET, dealerNames, filterListsFor } from '@/lib/search/dealer-filter';
import { formatNumber, searchHeading } from '@/lib/search/labels';
import { siteMakeLogos } from '@/lib/search/make-logos';
import {
  DEFAULT_SEARCH_SLUG,
  facetSlug,
  SEARCH_BASE_PATH,
  searchHref,
  searchPageHref,
  selectedCarTypes,
} from '@/lib/search/search-paths';
import { appliedSliderState, effectiveSort, toSearchRequest } from '@/lib/search/search-request';
import type { SearchState } from '@/lib/search/url-codec';
import { SaveSearch } from '@/components/alerts/save-search';
import alertStyles from '@/components/alerts/alerts.module.css';
import { Breadcrumbs } from './breadcrumbs';
import { FacetTiles } from './facet-tiles';
import { Pagination } from './pagination';
import { ResultList } from './result-list';
import { SearchFilters } from './search-filters';
import { SearchHistory } from './search-history';
import { ResultsRegion, SearchNavigationProvider } from './search-navigation';
import { SearchToolbar } from './search-toolbar';
import { ActiveFilters, activeFilterChips } from './active-filters';
import { carConfigOf } from '@/lib/search/dealership-configs';
import styles from './search.module.css';

/** Sliders the specification gives no default range: a '0 – 100000' year or km slider means nothing. */
const STOCK_RANGE_FACETS = ['km', 'year'] as const;

/**
 * The sliders' stats when the search found nothing. Price keeps the specification's default range
 * when no car gives one (0 to 100000, spec 000 §9); years and kilometres, where the spec is silent,
 * take the whole stock's ranges so the shopper can widen the search from them. A facet the search
 * did give stats for (its own range left out, so the other filters still match cars) keeps them.
 */
async function noResultStats(siteSlug: string, stats: Record<string, FacetStats>): Promise<Record<string, FacetStats>> {
  const missing = STOCK_RANGE_FACETS.filter((facet) => !stats[facet]);
  if (missing.length === 0) return stats;
  try {
    const stock = (await searchStock(siteSlug, { hitsPerPage: 1, facets: missing })).facetStats;
    return {
      ...Object.fromEntries(missing.flatMap((facet) => (stock[facet] ? [[facet, stock[facet]]] : []))),
      ...stats,
    };
  } catch {
    return stats;
  }
}

/** The body-type tiles' target: /search/{body} from the plain search page, else this search narrowed to the body. */
function bodyTileHref(state: SearchState): (body: string) => string {
  const plain = searchHref({ ...state, page: 1 }) === `${SEARCH_BASE_PATH}/${DEFAULT_SEARCH_SLUG}`;
  return (body) =>
    plain
      ? `${SEARCH_BASE_PATH}/${facetSlug(body)}`
      : searchHref({ ...state, page: 1, refinementList: { ...state.refinementList, body: [body] } });
}

/**
 * Stock search (spec 000 screens 2 and 3): rendered on the server with the results, count and
 * filters for the URL, so the first HTML is complete. Filter changes navigate to a new URL; the
 * client parts (toolbar, filters, history, save buttons) only handle interaction. Shared by
 * /search/... and the /used-car/... pages.
 */
export async function StockSearchPage({ site, state }: { site: SiteView; state: SearchState }) {
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
  const facetStats =
    result && result.count === 0 ? await noResultStats(site.slug, result.facetStats) : result?.facetStats;
  // A URL range off the sliders' grid or past their ends moves to the range they show, so the label,
  // the thumbs, the address and the results agree (spec 000 §5: clamped, rounded to the nearest 1000).
  if (result) {
    const applied = appliedSliderState(state, facetStats ?? {});
    if (applied !== state) redirect(searchHref(applied));
  }
  // Saving needs a session; the page cache never keeps a signed-in shopper's page.
  const shopper = await getShopper(site.slug).catch(() => null);
  const criteria = SavedSearchCriteriaSchema.parse({
    ...(request.query ? { query: request.query } : {}),
    sortBy: request.sortBy,
    filters: request.filters,
    ranges: request.ranges,
  });
  // A recent-search chip is named by what was searched (make, model, price...), as a saved search is.
  const historyLabel = savedSearchName(criteria, config.wording.used_label);
  // Spec 001 screen 9 and §2: body tiles lead to /search/{body}; once a body is chosen they give way.
  const bodyTiles =
    result && !state.refinementList.body?.length
      ? Object.entries(result.facets['body'] ?? {})
          .filter(([, n]) => n > 0)
          .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
          .map(([value, n]) => ({ value, count: n }))
      : [];

  return (
    <SearchNavigationProvider href={href} label={historyLabel}>
      <div className={`container ${styles.page}`}>
        <Breadcrumbs
          crumbs={searchBreadcrumbs(state, config.wording.used_label, '/', {
            usedCarPaths: config.routes.used_car_breadcrumbs,
            siteCarTypes: config.search.car_types,
          })}
        />
        <h1 className={styles.heading}>{heading}</h1>
        <SearchToolbar
          siteSlug={site.slug}
          state={state}
          sortOptions={config.search.sort_options}
          sort={effectiveSort(state, config)}
        />
        {!config.features.watchlist_enabled ? null : shopper?.signed_in ? (
          <SaveSearch
            key={href}
            siteSlug={site.slug}
            criteria={criteria}
            pagePath={href}
            defaultName={historyLabel}
            wording={{
              sms: alertConsentWording('sms', 'saved_search', site.name),
              email: alertConsentWording('email', 'saved_search', site.name),
            }}
          />
        ) : (
          <p className={alertStyles.signIn}>
            <a href={signInPath({ type: 'watchlist', redirect: href, back: href })}>Sign in to save this search</a> and
            hear when a matching car arrives.
          </p>
        )}
        <SearchHistory />
        <FacetTiles facet="body" tiles={bodyTiles} heading="Browse by body type" hrefFor={bodyTileHref(state)} row />
        <div className={styles.layout}>
          <SearchFilters
            state={state}
            data={result ? { facets: result.facets, facetStats: facetStats ?? {} } : null}
            options={{
              carTypes: config.search.car_types,
              usedLabel: config.wording.used_label,
              popularMakes: config.search.popular_makes,
              popularCount: config.search.popular_makes_count,
              modelLimit: config.search.model_list_limit,
              filterFacets: filterListsFor(state, config.search.filter_facets),
              valueNames: { [DEALER_FACET]: dealerNames(site.dealerships) },
              makeLogos: siteMakeLogos(Object.keys(result?.facets['make'] ?? {}), site.source),
            }}
          />
          <div className={styles.resultsColumn}>
            <ActiveFilters chips={activeFilterChips(state, request, site)} />
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
      </div>
    </SearchNavigationProvider>
  );
}
