import {
  AVAILABLE_STATUS_SQL,
  groupVisibilityFilters,
  MULTI_VALUE_FACETS,
  TERM_FACETS,
  rangesOf,
  requestedFacets,
  searchWords,
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
 * read by the facet aggregation, the stats and the page, so it leaves out the wide columns (hit, search_text): the page's hits are
 * fetched by id afterwards, for just the rows shown.
 */
const SCOPED_COLUMNS = [
  'site_id',
  'version',
  'id',
  'price',
  'km',
  'year',
  'subscription_price',
  'weekly_price',
  'custom_rank',
  'created_at',
  ...TERM_FACETS,
]
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
  // Available cars first, then custom rank within each group (as SORTS in the OpenSearch engine): a sold
  // car keeps its feed's rank. A decided deviation from the spec's rank alone (docs/architecture.md).
  relevance: `(d.status IN ${AVAILABLE_STATUS_SQL}) DESC, d.custom_rank DESC, d.created_at DESC, d.id DESC`,
  'created_at:desc': 'd.created_at DESC, d.id DESC',
  'price:desc': 'd.price DESC NULLS LAST, d.id DESC',
  'price:asc': 'd.price ASC NULLS LAST, d.id ASC',
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Builds one SQL statement answering a search: the site's live version, the base visibility filter,
 * the site's visibility filters, then hits, count, disjunctive facet counts and facet stats, all from
 * one snapshot so a concurrent reindex swap can never mix two versions in one answer.
 */
export function buildSearchSql(
  scope: SearchScope,
  request: SearchRequest,
  now: Date,
): { sql: string; params: unknown[] } {
  const p = new Params();
  const site = p.add(scope.siteId);
  const base: string[] = [
    `d.site_id = ${site}`,
    // Uncorrelated, so it runs once per statement as an init plan rather than once per row.
    `d.version = (SELECT v.version FROM search_index_versions v WHERE v.site_id = ${site} AND v.state = 'live')`,
    `d.show_on_dealer_website`,
    `(d.status IN ${AVAILABLE_STATUS_SQL} OR (d.status = 'sold' AND d.listed_until > ${p.add(now.toISOString())}))`,
    `d.dealership_id = ANY(${p.add([...scope.dealershipIds])}::int[])`,
  ];
  if (request.ids) base.push(`d.id = ANY(${p.add([...request.ids])}::int[])`);
  const { only, exclude } = groupVisibilityFilters(scope.visibilityFilters);
  for (const [field, values] of only) {
    const column = `d.${quoteIdent(field)}`;
    base.push(isMulti(field) ? `${column} && ${p.add(values)}::text[]` : `${column} = ANY(${p.add(values)}::text[])`);
  }
  for (const [field, values] of exclude) {
    const column = `d.${quoteIdent(field)}`;
    base.push(
      isMulti(field)
        ? `NOT (${column} && ${p.add(values)}::text[])`
        : `(${column} IS NULL OR ${column} <> ALL(${p.add(values)}::text[]))`,
    );
  }
  for (const token of searchWords(request.query)) {
    base.push(`d.search_text LIKE ${p.add(`%${escapeLike(token)}%`)}`);
  }
  if (request.sortBy === 'price:asc' && scope.positivePriceOnPriceAsc) base.push('d.price > 0');

  const owned: OwnedClause[] = [];
  for (const [facet, values] of termFiltersOf(request)) {
    const column = `d.${quoteIdent(facet)}`;
    owned.push({
      facet,
      sql: isMulti(facet) ? `${column} && ${p.add(values)}::text[]` : `${column} = ANY(${p.add(values)}::text[])`,
    });
  }
  for (const [facet, range] of rangesOf(request)) {
    const column = `d.${quoteIdent(facet)}`;
    // numeric, not the column's integer: a bound past the integer range or with decimals compares
    // instead of failing the statement.
    if (range.min !== null) owned.push({ facet, sql: `${column} >= ${p.add(range.min)}::numeric` });
    if (range.max !== null) owned.push({ facet, sql: `${column} <= ${p.add(range.max)}::numeric` });
  }
  // One boolean per filtered facet: a row passes a facet when it passes all of that facet's clauses
  // (a NULL comparison fails). Facets are disjunctive, so a row counts for facet F when it fails no
  // filter, or fails only F's own: one scan gives every facet its counts, where a pass per facet
  // over the scoped rows cost most of a broad request's time.
  const filtered = [...new Set(owned.map((clause) => clause.facet))];
  const passes = filtered.map((facet, index) => {
    const clauses = owned.filter((clause) => clause.facet === facet).map((clause) => clause.sql);
    return { facet, column: `ok_${index}`, sql: `coalesce(${clauses.join(' AND ')}, false)` };
  });
  const failures = passes.length > 0 ? passes.map((pass) => `(NOT ${pass.column})::int`).join(' + ') : '0';
  /** Whether a row of `checked` counts for a facet: it fails nothing, or only that facet's own filter. */
  const countsFor = (facet: FacetName): string => {
    const own = passes.find((pass) => pass.facet === facet);
    return own ? `(d.fails = 0 OR (d.fails = 1 AND NOT d.${own.column}))` : 'd.fails = 0';
  };

  const singleFacets: { name: string; column: string; counts: string }[] = [];
  const multiFacets: string[] = [];
  const stats: string[] = [];
  for (const facet of requestedFacets(request)) {
    const column = `d.${quoteIdent(facet)}`;
    const name = p.add(facet);
    if (isTermFacet(facet)) {
      if (isMulti(facet)) {
        multiFacets.push(
          `SELECT ${name}::text AS facet, v AS value, count(*)::int AS n FROM checked d CROSS JOIN LATERAL unnest(${column}) v WHERE ${countsFor(facet)} GROUP BY v`,
        );
      } else {
        singleFacets.push({ name, column, counts: countsFor(facet) });
      }
    } else if (isRangeFacet(facet)) {
      const where = `${countsFor(facet)} AND ${column} IS NOT NULL`;
      stats.push(
        `CASE WHEN count(*) FILTER (WHERE ${where}) > 0 THEN json_build_object('facet', ${name}::text, 'min', (min(${column}) FILTER (WHERE ${where}))::float8, 'max', (max(${column}) FILTER (WHERE ${where}))::float8) END`,
      );
    }
  }
  // Single-valued facets share one aggregation: a grouping set per facet, each set counting only the
  // rows that count for its facet; in a facet's set the other facets' columns are NULL, so coalesce
  // reads the grouped value.
  const facetQueries = [...multiFacets];
  if (singleFacets.length > 0) {
    const grouped = (pick: (facet: (typeof singleFacets)[number]) => string): string =>
      singleFacets.length === 1
        ? pick(singleFacets[0])
        : `CASE ${singleFacets.map((facet) => `WHEN GROUPING(${facet.column}) = 0 THEN ${pick(facet)}`).join(' ')} END`;
    facetQueries.unshift(
      `SELECT facet, value, n FROM (SELECT ${grouped((facet) => `${facet.name}::text`)} AS facet, coalesce(${singleFacets.map((facet) => facet.column).join(', ')}) AS value,
        ${grouped((facet) => `count(*) FILTER (WHERE ${facet.counts})::int`)} AS n
        FROM checked d GROUP BY GROUPING SETS (${singleFacets.map((facet) => `(${facet.column})`).join(', ')})) g WHERE value IS NOT NULL AND n > 0`,
    );
  }

  const limit = p.add(request.hitsPerPage);
  const offset = p.add((request.page - 1) * request.hitsPerPage);
  const order = ORDER_BY[request.sortBy];
  const sql = `
WITH checked AS MATERIALIZED (
  SELECT *, ${failures} AS fails FROM (SELECT ${SCOPED_COLUMNS}${passes.map((pass) => `, ${pass.sql} AS ${pass.column}`).join('')} FROM search_documents d WHERE ${base.join(' AND ')}) d
)
SELECT
  (SELECT count(*)::int FROM checked d WHERE d.fails = 0) AS count,
  (SELECT coalesce(json_agg(full_doc.hit ORDER BY page.n), '[]'::json) FROM (
    SELECT d.site_id, d.version, d.id, row_number() OVER (ORDER BY ${order}) AS n FROM checked d WHERE d.fails = 0 ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
  ) page JOIN search_documents full_doc ON (full_doc.site_id, full_doc.version, full_doc.id) = (page.site_id, page.version, page.id)) AS hits,
  ${facetQueries.length > 0 ? `(SELECT coalesce(json_agg(f), '[]'::json) FROM (${facetQueries.join(' UNION ALL ')}) f)` : `'[]'::json`} AS facets,
  ${stats.length > 0 ? `(SELECT coalesce(json_agg(s.stat) FILTER (WHERE s.stat IS NOT NULL), '[]'::json) FROM (SELECT unnest(ARRAY[${stats.join(', ')}]) AS stat FROM checked d) s)` : `'[]'::json`} AS stats`;
  return { sql, params: p.values };
}
