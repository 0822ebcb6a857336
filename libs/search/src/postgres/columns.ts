import { TERM_FACETS, type SearchDocument } from '@platform/domain';

/** Every column of search_documents a document fills, with its PostgreSQL type for jsonb_to_recordset. */
export const DOCUMENT_COLUMNS: readonly (readonly [keyof SearchDocument, string])[] = [
  ['id', 'int'],
  ['dealership_id', 'int'],
  ['stocknum', 'text'],
  ['search_text', 'text'],
  ['price', 'int'],
  ['km', 'int'],
  ['year', 'int'],
  ['subscription_price', 'int'],
  ['weekly_price', 'int'],
  ['custom_rank', 'int'],
  ['created_at', 'timestamptz'],
  ['listed_until', 'timestamptz'],
  ['show_on_dealer_website', 'boolean'],
  ['source_version', 'bigint'],
  ...TERM_FACETS.map(
    (facet) => [facet, facet === 'categories' || facet === 'filtered_features' ? 'text[]' : 'text'] as const,
  ),
  ['hit', 'jsonb'],
];

export const quoteIdent = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier '${name}'`);
  return `"${name}"`;
};
