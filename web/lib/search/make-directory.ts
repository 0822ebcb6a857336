/**
 * The make tiles of the search filters (spec 000 screen 2, §9): 'Popular Makes' first, collapsed to
 * the popular-makes count (7 by default, 20 on some sites, or the length of a configured list), and
 * 'All Makes' in alphabetical order behind 'Show all makes'. A chosen make lists its models, at most 30.
 */

export interface MakeDirectory {
  /** Makes shown while collapsed, most stock first (or the configured list's order). */
  popular: string[];
  /** Every make, alphabetical. */
  all: string[];
  /** True when 'Show all makes' has something to add. */
  hasMore: boolean;
}

const byName = (a: string, b: string): number => a.localeCompare(b, 'en-AU', { sensitivity: 'base' });

export function makeDirectory(
  makeCounts: Record<string, number>,
  options: { popularMakes: readonly string[]; popularCount: number },
): MakeDirectory {
  const makes = Object.keys(makeCounts).filter((make) => (makeCounts[make] ?? 0) > 0);
  const all = [...makes].sort(byName);
  const configured = options.popularMakes.filter((make) => makes.includes(make));
  const popular =
    options.popularMakes.length > 0
      ? configured
      : [...makes]
          .sort((a, b) => (makeCounts[b] ?? 0) - (makeCounts[a] ?? 0) || byName(a, b))
          .slice(0, options.popularCount);
  return { popular, all, hasMore: all.length > popular.length };
}

/** Makes whose name contains the directory search text (case-insensitive); all of them for blank text. */
export function filterMakes(makes: readonly string[], text: string): string[] {
  const needle = text.trim().toLowerCase();
  return needle ? makes.filter((make) => make.toLowerCase().includes(needle)) : [...makes];
}

export interface ModelOption {
  model: string;
  /** The make_model facet value, 'make:model'. */
  value: string;
  count: number;
}

/** The models of one make from the make_model facet, alphabetical, at most `limit`. */
export function modelsOfMake(
  makeModelCounts: Record<string, number> | undefined,
  make: string,
  limit: number,
): ModelOption[] {
  const prefix = `${make}:`;
  return Object.entries(makeModelCounts ?? {})
    .filter(([value, count]) => value.startsWith(prefix) && count > 0)
    .map(([value, count]) => ({ model: value.slice(prefix.length), value, count }))
    .sort((a, b) => byName(a.model, b.model))
    .slice(0, limit);
}
