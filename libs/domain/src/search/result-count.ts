/** Counts above this are not shown as they are (spec 000 §9). */
export const MAX_EXACT_COUNT = 1999;

/**
 * The number the results heading shows. Up to 1999 it is the count; above, the configured stock
 * count when the site has one, else the sum of the car-type facet counts of the chosen car types
 * (all of them when none is chosen; each car has one type, and the facet ignores its own choice).
 */
export function displayedResultCount(
  count: number,
  carTypeCounts: Record<string, number> | undefined,
  selectedCarTypes: readonly string[],
  stockCountOverride: number | null,
): number {
  if (count <= MAX_EXACT_COUNT) return count;
  if (stockCountOverride !== null) return stockCountOverride;
  const summed = Object.entries(carTypeCounts ?? {})
    .filter(([type]) => selectedCarTypes.length === 0 || selectedCarTypes.includes(type))
    .reduce((sum, [, n]) => sum + n, 0);
  return summed > 0 ? summed : count;
}
