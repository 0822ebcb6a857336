import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import {
  DEFAULT_HITS_PER_PAGE,
  makeModelValue,
  matchModelSlug,
  modelPagePath,
  modelTitle,
  MODEL_PAGES_PATH,
  stockModels,
  type SearchResult,
} from '@platform/domain';
import { facetValues, getSite, searchModels, type SiteView } from '@/lib/api';
import { modelContentPage } from '@/lib/content/site-routes';
import { formatNumber } from '@/lib/search/labels';
import { EMPTY_SEARCH_STATE, formatSearchQuery, parseSearchQuery } from '@/lib/search/url-codec';
import { searchHref } from '@/lib/search/search-paths';
import { carConfigOf } from '@/lib/search/dealership-configs';
import { Breadcrumbs } from '@/components/search/breadcrumbs';
import { Pagination } from '@/components/search/pagination';
import { ResultList } from '@/components/search/result-list';
import pageStyles from '@/components/pages/pages.module.css';
import styles from '@/components/search/search.module.css';

interface ModelPageProps {
  params: Promise<{ site: string; model: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** A slug as typed; a malformed escape is left as it came rather than failing the page. */
function decodeSlug(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * What a model path names: the stock model (from the site's make_model facet, so a model with no
 * cars on show is not a model here) and the site's own content page for the path, if any. Either is
 * enough for a page; neither is not found.
 */
async function resolveModelPage(site: SiteView, param: string) {
  const slug = decodeSlug(param);
  const facets = await facetValues(site.slug, ['make_model']);
  const model = matchModelSlug(stockModels(facets['make_model'] ?? {}), slug);
  const content = modelContentPage(slug, site.config);
  const title = model ? modelTitle(model) : content?.title;
  return title ? { model, content, title } : null;
}

export async function generateMetadata({ params }: ModelPageProps): Promise<Metadata> {
  const { site: siteSlug, model } = await params;
  const resolved = await resolveModelPage(await getSite(siteSlug), model);
  return resolved ? { title: resolved.title } : {};
}

/**
 * A model's page (spec 001 §2: /models/mu-x, /models/d-max; the header's Vehicles dropdown links
 * here): the site's intro for the model when it has one, then the model's cars through the model
 * directory search, 21 a page, and a way into the full search for the model.
 */
export default async function ModelPage({ params, searchParams }: ModelPageProps) {
  const { site: siteSlug, model: param } = await params;
  const site = await getSite(siteSlug);
  const resolved = await resolveModelPage(site, param);
  if (!resolved) notFound();
  const { model, content, title } = resolved;
  const { page } = parseSearchQuery(await searchParams);

  let result: SearchResult | null = null;
  if (model) {
    try {
      result = await searchModels(site.slug, { make: model.make, model: model.model, page });
    } catch (error) {
      console.error(`[models] ${site.slug} ${model.make} ${model.model}: ${(error as Error).message}`); // eslint-disable-line no-console
    }
  }

  // Paging links use the model's own slug, however the shopper spelt it.
  const pagePath = model ? modelPagePath(model.model) : `${MODEL_PAGES_PATH}/${encodeURIComponent(decodeSlug(param))}`;
  const hrefFor = (target: number) => {
    const query = formatSearchQuery({ ...EMPTY_SEARCH_STATE, page: target });
    return `${pagePath}${query ? `?${query}` : ''}`;
  };
  const makeSearch = model ? searchHref({ ...EMPTY_SEARCH_STATE, menu: { make: model.make } }) : null;
  const modelSearch = model
    ? searchHref({
        ...EMPTY_SEARCH_STATE,
        menu: { make: model.make, make_model: makeModelValue(model.make, model.model) },
      })
    : null;
  const heroImage = content?.hero_image ?? null;

  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs
        crumbs={[
          { label: 'Home', href: '/' },
          ...(model && makeSearch ? [{ label: model.make, href: makeSearch }] : []),
          { label: title, href: pagePath },
        ]}
      />
      {heroImage && (
        <div className={pageStyles.hero}>
          <img
            src={heroImage}
            alt={content?.hero_alt ?? ''}
            width={1920}
            height={540}
            className={pageStyles.heroImage}
            fetchPriority="high"
          />
        </div>
      )}
      <h1 className={styles.heading}>{title}</h1>
      {content && (
        <section aria-label={`About the ${model?.model ?? title}`}>
          {content.title !== title && <h2>{content.title}</h2>}
          {content.body.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      )}
      {model && (
        <section aria-labelledby="model-results-count">
          {result ? (
            <>
              <h2 id="model-results-count" className={styles.count}>
                {result.count === 1
                  ? `1 ${model.model} available`
                  : `${formatNumber(result.count)} ${model.model} available`}
              </h2>
              <ResultList
                hits={result.hits}
                page={page}
                hitsPerPage={DEFAULT_HITS_PER_PAGE}
                promoPositions={[]}
                config={site.config}
                configOf={carConfigOf(site)}
                now={new Date()}
              />
              <Pagination page={page} pages={result.pages} hrefFor={hrefFor} />
            </>
          ) : (
            <>
              <h2 id="model-results-count" className={styles.count}>
                {model.model} stock
              </h2>
              <p role="alert">The {model.model} stock is not available just now. Please try again shortly.</p>
            </>
          )}
          {modelSearch && (
            <p>
              <Link href={modelSearch} prefetch={false} className="button button-primary">
                View all {model.model} stock
              </Link>
            </p>
          )}
        </section>
      )}
    </div>
  );
}
