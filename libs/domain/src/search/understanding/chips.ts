import { RANGE_FACETS, TERM_FACETS, type FacetName, type RangeFacet, type TermFacet } from '../facets';
import { rangeLabel, termValueLabel } from './labels';
import type { SearchFilters, SearchRanges } from './vocabulary';

/** One active filter of a search as a removable chip: what it is called and the request keys removing it clears. */
export interface FilterChip {
  /** 'Toyota HiLux', 'Under $50,000', 'Diesel', 'Near Werribee', '“sr5”'. */
  label: string;
  /** The request keys the chip stands for ('query' for the free text); removing it clears them all. */
  keys: (FacetName | 'query')[];
}

export interface FilterChipOptions {
  /** The site's word for used cars ('Used' or 'Pre-Owned'). */
  usedLabel?: string;
  /** The town a stock location stands in ('Werribee'), for 'Near Werribee'; unknown: the location's name. */
  placeOfLocation?: (locationName: string) => string | null | undefined;
  /** Names for values the platform stores as identifiers (a dealership's name for its slug). */
  valueNames?: Partial<Record<TermFacet, Readonly<Record<string, string>>>>;
}

/** Term facets in the order their chips read, after the car type and the make and model. */
const CHIP_ORDER: readonly TermFacet[] = [
  'body',
  'fuel',
  'transmission',
  'drive',
  'colour',
  'seats',
  'filtered_features',
  'state',
  'location_name',
];
const OTHER_FACETS = TERM_FACETS.filter(
  (facet) => facet !== 'car_type' && facet !== 'make' && facet !== 'make_model' && !CHIP_ORDER.includes(facet),
);

const either = (labels: readonly string[]): string =>
  labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;

const unique = (values: readonly string[]): string[] => [...new Set(values)];

/**
 * The active filters of a search request as chips, from the request alone (the search page's URL),
 * so they read the same after a reload or from a shared link. One chip per facet, its values joined
 * with 'or': values of one facet are alternatives, so removing any chip only ever widens the search.
 * A make and its models are one chip ('Toyota HiLux'), as a sentence's part is; a location reads as
 * the town it stands in ('Near Werribee'); ranges and conditions are worded as the understanding
 * words them. The free text, when there is any, is the last chip.
 */
export function filterChips(
  request: { query?: string; filters: SearchFilters; ranges: SearchRanges },
  options: FilterChipOptions = {},
): FilterChip[] {
  const { filters, ranges } = request;
  const usedLabel = options.usedLabel ?? 'Used';
  const chips: FilterChip[] = [];
  const valuesOf = (facet: TermFacet): string[] =>
    unique((filters[facet] ?? []).filter((value) => typeof value === 'string' && value.trim() !== ''));
  const named = (facet: TermFacet, value: string): string =>
    options.valueNames?.[facet]?.[value] ?? termValueLabel(facet, value, usedLabel);
  const termChip = (facet: TermFacet): void => {
    const values = valuesOf(facet);
    if (values.length === 0) return;
    chips.push({ label: termChipLabel(facet, values), keys: [facet] });
  };
  const termChipLabel = (facet: TermFacet, values: string[]): string => {
    if (facet === 'seats') {
      const counts = [...values].sort((a, b) => Number(a) - Number(b));
      return `${either(counts)} ${counts.length === 1 && counts[0] === '1' ? 'seat' : 'seats'}`;
    }
    if (facet === 'location_name') {
      const places = values.map((name) => options.placeOfLocation?.(name)?.trim() || null);
      return places.every((place) => place !== null) ? `Near ${either(unique(places as string[]))}` : either(values);
    }
    return either(values.map((value) => named(facet, value)));
  };

  termChip('car_type');

  // A make with a chosen model is named by the model ('Toyota HiLux'); a make without one by itself.
  const makes = valuesOf('make');
  const models = valuesOf('make_model');
  if (makes.length > 0 || models.length > 0) {
    const modelMakes = new Set(models.map((value) => value.slice(0, Math.max(0, value.indexOf(':')))));
    const labels = [
      ...models.map((value) => named('make_model', value)),
      ...makes.filter((make) => !modelMakes.has(make)).map((make) => named('make', make)),
    ];
    chips.push({
      label: either(labels),
      keys: [...(makes.length > 0 ? ['make' as const] : []), ...(models.length > 0 ? ['make_model' as const] : [])],
    });
  }

  for (const facet of [...CHIP_ORDER, ...OTHER_FACETS]) termChip(facet);

  for (const facet of RANGE_FACETS) {
    const text = ranges[facet];
    if (typeof text !== 'string' || text.trim() === '') continue;
    chips.push({ label: rangeLabel(facet as RangeFacet, text), keys: [facet] });
  }

  const query = request.query?.trim();
  if (query) chips.push({ label: `“${query}”`, keys: ['query'] });
  return chips;
}

/** The chips' labels: 'Toyota HiLux', 'Under $50,000', 'Diesel'. */
export function filterChipLabels(
  filters: SearchFilters,
  ranges: SearchRanges,
  options: FilterChipOptions = {},
): string[] {
  return filterChips({ filters, ranges }, options).map((chip) => chip.label);
}
