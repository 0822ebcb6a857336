import Link from 'next/link';
import { filterChips, type SearchRequestInput } from '@platform/domain';
import type { SiteView } from '@/lib/api';
import { DEALER_FACET, dealerNames } from '@/lib/search/dealer-filter';
import { searchHref } from '@/lib/search/search-paths';
import { withoutFacets } from '@/lib/search/sentence';
import type { SearchState } from '@/lib/search/url-codec';
import styles from './active-filters.module.css';

export interface ActiveFilterChip {
  label: string;
  /** The same search without this filter. */
  href: string;
}

/**
 * The page's filters as chips, named from its URL alone (libs/domain filterChips, worded as the
 * understanding words a sentence's parts), so they read the same after a reload or from a shared
 * link; each links to the same search without it. A location is named by its town ('Near Werribee').
 */
export function activeFilterChips(
  state: SearchState,
  request: Pick<SearchRequestInput, 'query' | 'filters' | 'ranges'>,
  site: SiteView,
): { chips: ActiveFilterChip[]; clearHref: string } {
  const towns = new Map(site.source.locations.map((location) => [location.name, location.address?.city ?? null]));
  const chips = filterChips(
    { query: request.query, filters: request.filters ?? {}, ranges: request.ranges ?? {} },
    {
      usedLabel: site.config.wording.used_label,
      placeOfLocation: (name) => towns.get(name),
      valueNames: { [DEALER_FACET]: dealerNames(site.dealerships) },
    },
  );
  return {
    chips: chips.map((chip) => ({ label: chip.label, href: searchHref(withoutFacets(state, chip.keys)) })),
    clearHref: searchHref(
      withoutFacets(
        state,
        chips.flatMap((chip) => chip.keys),
      ),
    ),
  };
}

/**
 * Removable chips beside the filters: real links, so they work without JavaScript, are
 * server-rendered into the cached page, and read 'Remove Diesel' to a screen reader.
 */
export function ActiveFilters({ chips }: { chips: ReturnType<typeof activeFilterChips> }) {
  if (chips.chips.length === 0) return null;
  return (
    <section aria-labelledby="active-filters-heading" className={styles.section}>
      <h2 id="active-filters-heading" className="visually-hidden">
        Active filters
      </h2>
      <ul className={styles.list}>
        {chips.chips.map((chip) => (
          <li key={chip.href}>
            <Link
              href={chip.href}
              className={styles.chip}
              aria-label={`Remove ${chip.label}`}
              prefetch={false}
              scroll={false}
            >
              {chip.label}
              <span aria-hidden="true" className={styles.remove}>
                ×
              </span>
            </Link>
          </li>
        ))}
        {chips.chips.length > 1 && (
          <li>
            <Link href={chips.clearHref} className={styles.clear} prefetch={false} scroll={false}>
              Clear all
            </Link>
          </li>
        )}
      </ul>
    </section>
  );
}
