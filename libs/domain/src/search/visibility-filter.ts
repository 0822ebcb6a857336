import type { TermFacet } from './facets';
import { isTermFacet } from './facets';
import type { SearchDocument } from './search-document';

/** Fields a site's visibility filter may name: the term facets plus identifiers. */
export type VisibilityField = TermFacet | 'stocknum' | 'dealership_slug';

/** One of a site's extra visibility filters ('car_type:used', '-make:Suzuki', '-stocknum:A123'). */
export interface VisibilityFilter {
  field: VisibilityField;
  value: string;
  /** true for '-field:value' (exclude), false for 'field:value' (only). */
  exclude: boolean;
}

const isVisibilityField = (field: string): field is VisibilityField =>
  isTermFacet(field) || field === 'stocknum' || field === 'dealership_slug';

/** Parses a site's visibility filters; an unknown field is a configuration error naming it. */
export function parseVisibilityFilters(filters: readonly string[]): VisibilityFilter[] {
  return filters.map((text) => {
    const exclude = text.startsWith('-');
    const body = exclude ? text.slice(1) : text;
    const colon = body.indexOf(':');
    const field = body.slice(0, colon);
    const value = body.slice(colon + 1);
    if (colon < 1 || value === '' || !isVisibilityField(field)) {
      throw new Error(
        `Visibility filter '${text}' must be 'field:value' or '-field:value' with a facet, stocknum or dealership_slug field`,
      );
    }
    return { field, value, exclude };
  });
}

/**
 * Groups 'only' filters by field (OR within a field, AND across fields) and lists exclusions, the
 * way both engines apply them.
 */
export function groupVisibilityFilters(filters: readonly VisibilityFilter[]): {
  only: Map<VisibilityField, string[]>;
  exclude: Map<VisibilityField, string[]>;
} {
  const only = new Map<VisibilityField, string[]>();
  const exclude = new Map<VisibilityField, string[]>();
  for (const filter of filters) {
    const target = filter.exclude ? exclude : only;
    target.set(filter.field, [...(target.get(filter.field) ?? []), filter.value]);
  }
  return { only, exclude };
}

/** A document field's values as a list: a multi-value facet as it is, a single value alone, NULL as none. */
export const fieldValues = (value: string | readonly string[] | null | undefined): readonly string[] => {
  if (Array.isArray(value)) return value as readonly string[];
  return value === null || value === undefined ? [] : [value as string];
};

/**
 * Whether one car's search document passes a site's visibility filters, exactly as the engines
 * apply them: an 'only' field needs one of its values (a multi-value facet: any overlap); an
 * excluded value hides the car, and a car without the field is never excluded.
 */
export function passesVisibilityFilters(
  document: Pick<SearchDocument, VisibilityField>,
  filters: readonly VisibilityFilter[],
): boolean {
  const { only, exclude } = groupVisibilityFilters(filters);
  const valuesOf = (field: VisibilityField): readonly string[] => fieldValues(document[field]);
  for (const [field, values] of only) {
    if (!valuesOf(field).some((value) => values.includes(value))) return false;
  }
  for (const [field, values] of exclude) {
    if (valuesOf(field).some((value) => values.includes(value))) return false;
  }
  return true;
}
