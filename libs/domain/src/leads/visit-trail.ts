/**
 * The shopper's visit as a lead reports it (spec 001 §7 'Lead submission helper': userData
 * lead_attributes visited_pages and linked_query_params): the pages of this browsing session and
 * the campaign parameters it arrived with. The bounds are the lead schema's, so a trail the browser
 * keeps is always one the API accepts.
 */

/** How many visited pages a lead carries: the most recent ones. */
export const VISITED_PAGES_MAX = 50;
export const VISITED_PAGE_MAX_LENGTH = 2000;
export const QUERY_PARAM_NAME_MAX_LENGTH = 100;
export const QUERY_PARAM_VALUE_MAX_LENGTH = 500;

/**
 * The query parameters that say where a shopper came from: UTM tags and the ad networks' click ids.
 * Nothing else of a landing address is kept, so a search filter or a token never rides along.
 */
export const CAMPAIGN_QUERY_PARAMS: readonly string[] = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'ttclid',
  'li_fat_id',
];

const CAMPAIGN = new Set(CAMPAIGN_QUERY_PARAMS);
// A decoded %00 or other control character is nothing a campaign tag means, and the API refuses it.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

/** The campaign parameters of a query string ('?utm_source=google&colour=red' -> { utm_source: 'google' }). */
export function campaignParamsOf(search: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const key = name.toLowerCase();
    const trimmed = value.replace(CONTROL_CHARACTERS, '').trim().slice(0, QUERY_PARAM_VALUE_MAX_LENGTH).trim();
    if (CAMPAIGN.has(key) && trimmed && !(key in params)) params[key] = trimmed;
  }
  return params;
}

/**
 * The trail after a page view: the path is added unless it is the page just recorded (a reload or
 * a redraw), and only the last VISITED_PAGES_MAX are kept.
 */
export function withVisitedPage(pages: readonly string[], path: string): string[] {
  const page = path.slice(0, VISITED_PAGE_MAX_LENGTH);
  if (!page || pages[pages.length - 1] === page) return [...pages].slice(-VISITED_PAGES_MAX);
  return [...pages, page].slice(-VISITED_PAGES_MAX);
}
