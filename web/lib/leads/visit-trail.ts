import { campaignParamsOf, withVisitedPage } from '@platform/domain';

/**
 * The shopper's visit, kept in session storage (this tab's browsing session) for the userData of
 * every lead: the pages visited and the campaign parameters the session landed with. Reading never
 * throws: storage that is off, full or holds something foreign reads as an empty trail.
 */

export const VISITED_PAGES_KEY = 'lead-visited-pages';
export const CAMPAIGN_PARAMS_KEY = 'lead-campaign-params';

export interface VisitTrail {
  visited_pages: string[];
  linked_query_params: Record<string, string>;
}

function read(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full store: leads go without the trail.
  }
}

export function readVisitTrail(): VisitTrail {
  const pages = read(VISITED_PAGES_KEY);
  const params = read(CAMPAIGN_PARAMS_KEY);
  return {
    visited_pages: Array.isArray(pages) ? pages.filter((page): page is string => typeof page === 'string') : [],
    linked_query_params:
      params && typeof params === 'object' && !Array.isArray(params)
        ? Object.fromEntries(
            Object.entries(params as Record<string, unknown>).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
        : {},
  };
}

/**
 * Records a page view: its path joins the trail, and campaign parameters in its address become the
 * session's (a shopper who arrives again from another ad is credited to that one).
 */
export function recordPageView(pathname: string, search: string): void {
  const trail = readVisitTrail();
  write(VISITED_PAGES_KEY, withVisitedPage(trail.visited_pages, pathname));
  const campaign = campaignParamsOf(search);
  if (Object.keys(campaign).length > 0) write(CAMPAIGN_PARAMS_KEY, campaign);
}

/** The userData a lead carries (spec 001 §7): this page's address and the visit so far. */
export function leadUserData(): { url: string; lead_attributes: VisitTrail } {
  return { url: window.location.href.slice(0, 2000), lead_attributes: readVisitTrail() };
}
