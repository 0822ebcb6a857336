import type { TermFacet } from '@platform/domain';
import { searchHref } from './search-paths';
import { EMPTY_SEARCH_STATE, type SearchState } from './url-codec';

/**
 * The dealership filter: the target of a vehicle page's 'See more from this dealer' (spec 000
 * routes: refinementList[dealership_slug][0]={slug}). It is not one of a site's configured filter
 * lists, so the search page shows it as a 'Dealer' list only while it is applied, named by the
 * dealerships' names, where the shopper can see and clear it.
 */

export const DEALER_FACET = 'dealership_slug' satisfies TermFacet;
export const DEALER_FILTER_LABEL = 'Dealer';

/** The search of every car of one dealership. */
export function dealerSearchHref(dealershipSlug: string): string {
  return searchHref({ ...EMPTY_SEARCH_STATE, refinementList: { [DEALER_FACET]: [dealershipSlug] } });
}

export function dealerFilterApplied(state: SearchState): boolean {
  return (state.refinementList[DEALER_FACET]?.length ?? 0) > 0;
}

/** The search page's filter lists: the configured ones, and the dealer list while it is applied. */
export function filterListsFor(
  state: SearchState,
  configured: readonly { facet: TermFacet; label: string }[],
): { facet: TermFacet; label: string }[] {
  if (!dealerFilterApplied(state) || configured.some((list) => list.facet === DEALER_FACET)) return [...configured];
  return [...configured, { facet: DEALER_FACET, label: DEALER_FILTER_LABEL }];
}

/** Dealership names by slug, for the dealer list's labels. */
export function dealerNames(dealerships: readonly { slug: string; name: string }[]): Record<string, string> {
  return Object.fromEntries(dealerships.map((dealership) => [dealership.slug, dealership.name]));
}
