import {
  groupVisibilityFilters,
  MULTI_VALUE_FACETS,
  TERM_FACETS,
  rangesOf,
  requestedFacets,
  termFiltersOf,
  isRangeFacet,
  isTermFacet,
  type FacetName,
  type SearchRequest,
  type SearchScope,
} from '@platform/domain';
import { quoteIdent } from './columns';

/**
 * What facets, stats, sorting and paging read. The scoped set is materialised once per query and
 * scanned by every facet, so it leaves out the wide columns (hit, search_text): the page's hits are
 * fetched by id afterwards, for just the rows shown.
 */
const SCOPED_COLUMNS = ['site_id', 'version', 'id', 'price', 'km', 'year', 'subscription_price', 'weekly_price', 'custom_rank', 'created_at', ...TERM_FACETS]
  .map((column) => `d.${quoteIdent(column)}`)
  .join(', ');

/** Collects positional parameters while SQL text is assembled. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const isMulti = (field: string): boolean => (MULTI_VALUE_FACETS as readonly string[]).includes(field);

/** A filter that belongs to one facet, so that facet's own counts can leave it out (disjunctive facets). */
interface OwnedClause {
  facet: FacetName | null;
  sql: string;
}

const ORDER_BY: Record<SearchRequest['sortBy'], string> = {
  relevance: 'd.custom_rank DESC, d.created_at DESC, d.id DESC',
  'created_at:desc': 'd.created_at DESC, d.id DESC',
  'price:desc': 'd.price DESC NULLS LAST, d.id DESC',
  'price:asc': 'd.price ASC NULLS LAST, d.id ASC',
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Splits free text into lower-case words; every word must match (AND). */
export const queryTokens = (query: string | undefined): string[] =>
  (query ?? '')
    .toLowerCase()
    .split(/\s+/)
    .map((token) => token.trim())
    .filter((token) => token.length > 0)
    .slice(0, 10);

/**
 * Builds one SQL statement answering a search: the site's live version, the base visibility filter,
 * the site's visibility filters, then hits, count, disjunctive facet counts and facet stats, all from
 * one snapshot so a concurrent reindex swap can never mix two versions in one answer.
 */
export function buildSearchSql(scope: SearchScope, request: SearchRequest, now: Date): { sql: string; params: unknown[] } {
  const p = new Params();
  const base: string[] = [
    `d.site_id = ${p.add(scope.siteId)}`,
    `d.version = (SELECT v.version FROM search_index_versions v WHERE v.site_id = d.site_id AND v.state = 'live')`,
    `d.show_on_dealer_website`,
    `(d.status IN ('in_stock', 'coming_soon') OR (d.status = 'sold' AND d.listed_until > ${p.add(now.toISOString())}))`,
    `d.dealership_id = ANY(${p.add([...scope.dealershipIds])}::int[])`,
  ];
  const { only, exclude } = groupVisibilityFilters(scope.visibilityFilters);
  for (const [field, values] of only) {
    const column = `d.${quoteIdent(field)}`;
    base.push(isMulti(field) ? `${column} && ${p.add(values)}::text[]` : `${column} = ANY(${p.add(values)}::text[])`);
  }
  for (const [field, values] of exclude) {
    const column = `d.${quoteIdent(field)}`;
    base.push(isMulti(field) ? `NOT (${column} && ${p.add(values)}::text[])` : `(${column} IS NULL OR ${column} <> ALL(${p.add(values)}::text[]))`);
  }
  for (const token of queryTokens(request.query)) {
    base.push(`d.search_text LIKE ${p.add(`%${escapeLike(token)}%`)}`);
  }
  if (request.sortBy === 'price:asc' && scope.positivePriceOnPriceAsc) base.push('d.price > 0');

  const owned: OwnedClause[] = [];
  for (const [facet, values] of termFiltersOf(request)) {
    const column = `d.${quoteIdent(facet)}`;
    owned.push({ facet, sql: isMulti(facet) ? `${column} && ${p.add(values)}::text[]` : `${column} = ANY(${p.add(values)}::text[])` });
  }
  for (const [facet, range] of rangesOf(request)) {
    const column = `d.${quoteIdent(facet)}`;
    // numeric, not the column's integer: a bound past the integer range or with decimals compares
    // instead of failing the statement.
    if (range.min !== null) owned.push({ facet, sql: `${column} >= ${p.add(range.min)}::numeric` });
    if (range.max !== null) owned.push({ facet, sql: `${column} <= ${p.add(range.max)}::numeric` });
  }
  const where = (exceptFacet: FacetName | null): string => {
    const clauses = owned.filter((clause) => exceptFacet === null || clause.facet !== exceptFacet).map((clause) => clause.sql);
    return clauses.length > 0 ? clauses.join(' AND ') : 'TRUE';
  };

  const facetQueries: string[] = [];
  const statQueries: string[] = [];
  for (const facet of requestedFacets(request)) {
    const column = `d.${quoteIdent(facet)}`;
    const name = p.add(facet);
    if (isTermFacet(facet)) {
      facetQueries.push(
        isMulti(facet)
          ? `SELECT ${name}::text AS facet, v AS value, count(*)::int AS n FROM scoped d CROSS JOIN LATERAL unnest(${column}) v WHERE ${where(facet)} GROUP BY v`
          : `SELECT ${name}::text AS facet, ${column} AS value, count(*)::int AS n FROM scoped d WHERE ${where(facet)} AND ${column} IS NOT NULL GROUP BY ${column}`,
      );
    } else if (isRangeFacet(facet)) {
      statQueries.push(
        `SELECT ${name}::text AS facet, min(${column})::float8 AS min, max(${column})::float8 AS max FROM scoped d WHERE ${where(facet)} AND ${column} IS NOT NULL HAVING count(${column}) > 0`,
      );
    }
  }

  const limit = p.add(request.hitsPerPage);
  const offset = p.add((request.page - 1) * request.hitsPerPage);
  const order = ORDER_BY[request.sortBy];
  const sql = `
WITH scoped AS MATERIALIZED (SELECT ${SCOPED_COLUMNS} FROM search_documents d WHERE ${base.join(' AND ')}),
matched AS MATERIALIZED (SELECT * FROM scoped d WHERE ${where(null)})
SELECT
  (SELECT count(*)::int FROM matched) AS count,
  (SELECT coalesce(json_agg(full_doc.hit ORDER BY page.n), '[]'::json) FROM (
    SELECT d.site_id, d.version, d.id, row_number() OVER (ORDER BY ${order}) AS n FROM matched d ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
  ) page JOIN search_documents full_doc ON (full_doc.site_id, full_doc.version, full_doc.id) = (page.site_id, page.version, page.id)) AS hits,
  ${facetQueries.length > 0 ? `(SELECT coalesce(json_agg(f), '[]'::json) FROM (${facetQueries.join(' UNION ALL ')}) f)` : `'[]'::json`} AS facets,
  ${statQueries.length > 0 ? `(SELECT coalesce(json_agg(s), '[]'::json) FROM (${statQueries.join(' UNION ALL ')}) s)` : `'[]'::json`} AS stats`;
  return { sql, params: p.values };
}

