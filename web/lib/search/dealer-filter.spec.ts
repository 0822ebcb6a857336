import { PLATFORM_DEFAULTS } from '@platform/domain';
import { dealerFilterApplied, dealerNames, dealerSearchHref, filterListsFor } from './dealer-filter';
import { toSearchRequest } from './search-request';
import { parseSearchQuery } from './url-codec';

const stateOf = (href: string) => parseSearchQuery(new URLSearchParams(href.slice(href.indexOf('?') + 1)));

describe("the dealer filter ('See more from this dealer')", () => {
  it('links to the default search with refinementList[dealership_slug][0]', () => {
    const href = dealerSearchHref('north-motors');
    expect(href).toBe('/search/new-used-and-demo-cars?refinementList[dealership_slug][0]=north-motors');
    expect(stateOf(href).refinementList).toEqual({ dealership_slug: ['north-motors'] });
  });

  it('filters the search by the dealership and asks for its counts only while applied', () => {
    const applied = stateOf(dealerSearchHref('north-motors'));
    const request = toSearchRequest(applied, PLATFORM_DEFAULTS);
    expect(request.filters).toEqual({ dealership_slug: ['north-motors'] });
    expect(request.facets).toContain('dealership_slug');
    expect(toSearchRequest(stateOf('/search?'), PLATFORM_DEFAULTS).facets).not.toContain('dealership_slug');
  });

  it("adds a 'Dealer' list after the configured ones while applied, once", () => {
    const configured = [{ facet: 'colour' as const, label: 'Colour' }];
    const applied = stateOf(dealerSearchHref('north-motors'));
    expect(dealerFilterApplied(applied)).toBe(true);
    expect(filterListsFor(applied, configured)).toEqual([...configured, { facet: 'dealership_slug', label: 'Dealer' }]);
    expect(filterListsFor(stateOf('/search?'), configured)).toEqual(configured);
    const alreadyConfigured = [{ facet: 'dealership_slug' as const, label: 'Dealership' }];
    expect(filterListsFor(applied, alreadyConfigured)).toEqual(alreadyConfigured);
  });

  it('names the values by the dealerships', () => {
    expect(dealerNames([{ slug: 'north-motors', name: 'North Motors' }])).toEqual({ 'north-motors': 'North Motors' });
  });
});
