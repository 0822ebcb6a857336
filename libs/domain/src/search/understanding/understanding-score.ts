import type { SearchFilters, SearchRanges } from './vocabulary';

/** One sentence of the test set and what it should give. */
export interface UnderstandingCase {
  query: string;
  filters?: SearchFilters;
  ranges?: SearchRanges;
  /** Words left as free text; none when omitted. */
  text?: string;
}

export type UnderstandingGrade = 'exact' | 'partial' | 'miss';

const atomsOf = (filters: SearchFilters = {}, ranges: SearchRanges = {}): Set<string> =>
  new Set([
    ...Object.entries(filters).flatMap(([facet, values]) => (values ?? []).map((value) => `${facet}=${value}`)),
    ...Object.entries(ranges).map(([facet, text]) => `${facet}~${text}`),
  ]);

const normaliseText = (text: string | undefined): string =>
  (text ?? '').toLowerCase().split(/\s+/).filter(Boolean).join(' ');

/**
 * How an understanding compares with what the sentence should give. Exact: the same filter values
 * (any order), the same ranges and the same free text (ignoring case). Partial: not exact, but at
 * least one expected filter value or range was found. Miss: none was, or a sentence that should
 * give only free text gave something else.
 */
export function gradeUnderstanding(
  expected: UnderstandingCase,
  got: { filters: SearchFilters; ranges: SearchRanges; text: string },
): UnderstandingGrade {
  const want = atomsOf(expected.filters, expected.ranges);
  const have = atomsOf(got.filters, got.ranges);
  const sameAtoms = want.size === have.size && [...want].every((atom) => have.has(atom));
  if (sameAtoms && normaliseText(expected.text) === normaliseText(got.text)) return 'exact';
  return [...want].some((atom) => have.has(atom)) ? 'partial' : 'miss';
}
