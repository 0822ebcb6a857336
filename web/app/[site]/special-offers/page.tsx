import type { Metadata } from 'next';
import { DEFAULT_HITS_PER_PAGE, type SearchResult } from '@platform/domain';
import { facetValues, getSite, searchSpecialOffers, searchStock } from '@/lib/api';
import { siteMakeLogos } from '@/lib/search/make-logos';
import { formatNumber } from '@/lib/search/labels';
import { promoPositions } from '@platform/domain';
import { formatSearchQuery, parseSearchQuery } from '@/lib/search/url-codec';
import { carConfigOf } from '@/lib/search/dealership-configs';
import { Breadcrumbs } from '@/components/search/breadcrumbs';
import { Pagination } from '@/components/search/pagination';
import { FacetTiles } from '@/components/search/facet-tiles';
import { PriceFinder } from '@/components/search/price-finder';
import { ResultList } from '@/components/search/result-list';
import styles from '@/components/search/search.module.css';

const SPECIAL_OFFERS_PATH = '/special-offers';
const TITLE = 'Special Offers';

interface SpecialOffersProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export const metadata: Metadata = { title: TITLE };

/**
 * The offers listing (spec 000 routes; the default refresh path of the no-results card): the site
 * dealership's cars through the special-offers search, filtered by categories and price from the
 * query string. A group site without one dealership lists the whole site's stock.
 */
export default async function SpecialOffersPage({ params, searchParams }: SpecialOffersProps) {
  const { site: slug } = await params;
  const site = await getSite(slug);
  const { config } = site;
  const state = parseSearchQuery(await searchParams);
  const categories = state.refinementList.categories;
  const price = state.range.price;

  const dealershipId = site.source.dealership_id;
  // The special-offers endpoint pages by 21 (spec 000 §7); the general search by the site's setting.
  const hitsPerPage = dealershipId !== null ? DEFAULT_HITS_PER_PAGE : config.search.hits_per_page;
  let result: SearchResult | null = null;
  try {
    result =
      dealershipId !== null
        ? await searchSpecialOffers(slug, {
            dealership_id: dealershipId,
            page: state.page,
            ...(categories?.length ? { categories } : {}),
            ...(price ? { price } : {}),
          })
        : await searchStock(slug, {
            page: state.page,
            hitsPerPage,
            filters: categories?.length ? { categories } : {},
            ranges: price ? { price } : {},
            facets: ['categories', 'price'],
          });
  } catch (error) {
    console.error(`[special-offers] ${slug}: ${(error as Error).message}`); // eslint-disable-line no-console
  }

  // Spec 001 screens 8 and 9: a price finder and make tiles into the search.
  const makes = await facetValues(slug, ['make'])
    .then((facets) => facets['make'] ?? {})
    .catch(() => ({}) as Record<string, number>);
  const logos = siteMakeLogos(Object.keys(makes), site.source);
  const tiles = Object.entries(makes)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([value, count]) => ({ value, count, logoUrl: logos[value] ?? null }));

  const hrefFor = (page: number) => {
    const query = formatSearchQuery({ ...state, page });
    return `${SPECIAL_OFFERS_PATH}${query ? `?${query}` : ''}`;
  };

  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs
        crumbs={[
          { label: 'Home', href: '/' },
          { label: TITLE, href: SPECIAL_OFFERS_PATH },
        ]}
      />
      <h1 className={styles.heading}>{TITLE}</h1>
      <div className={styles.layout}>
        <aside aria-label="Find stock">
          <PriceFinder />
          <FacetTiles facet="make" tiles={tiles} heading="All Makes" />
        </aside>
        <div>
          {result ? (
            <section aria-labelledby="results-count">
              <h2 id="results-count" className={styles.count}>
                {result.count === 1 ? '1 result' : `${formatNumber(result.count)} results`}
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
              <Pagination page={state.page} pages={result.pages} hrefFor={hrefFor} />
            </section>
          ) : (
            <p role="alert">The offers are not available just now. Please try again shortly.</p>
          )}
        </div>
      </div>
    </div>
  );
}
