import { z } from 'zod';
import { WEBSITE_LEAD_SOURCE } from '../syndication/attribution';
import { CAMPAIGN_QUERY_PARAMS, QUERY_PARAM_VALUE_MAX_LENGTH } from './visit-trail';

/**
 * The user data an analytics event row keeps (spec 001 §7: a form submission is 'followed by a
 * tracking event (event id, user data)', the user data being the lead helper's url, source,
 * user_agent, car_id, car_dealership_id and lead_attributes). Analytics rows are many and kept
 * long, so they hold less than the lead itself: paths without their query strings (which can carry
 * what a shopper typed), the last few pages of the visit, the campaign parameters alone and a
 * user agent cut to size. Never a name, email or phone: those stay with the lead.
 */

export const TRACKED_PATH_MAX_LENGTH = 500;
export const TRACKED_VISITED_PAGES_MAX = 10;
export const USER_AGENT_MAX_LENGTH = 500;

const Path = z.string().startsWith('/').max(TRACKED_PATH_MAX_LENGTH);

export const TrackingUserDataSchema = z.strictObject({
  url: Path.nullable(),
  source: z.string().min(1).max(100),
  user_agent: z.string().max(USER_AGENT_MAX_LENGTH).nullable(),
  car_id: z.int().positive().nullable(),
  car_dealership_id: z.int().positive().nullable(),
  lead_attributes: z
    .strictObject({
      visited_pages: z.array(Path).max(TRACKED_VISITED_PAGES_MAX),
      // Campaign parameters alone, so at most one of each.
      linked_query_params: z.partialRecord(
        z.enum(CAMPAIGN_QUERY_PARAMS as [string, ...string[]]),
        z.string().max(QUERY_PARAM_VALUE_MAX_LENGTH),
      ),
    })
    .nullable(),
});
export type TrackingUserData = z.output<typeof TrackingUserDataSchema>;

/** The path of a page address, without its query string or fragment; null when it is not a usable address. */
export function pagePath(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, 'http://site.invalid').pathname.slice(0, TRACKED_PATH_MAX_LENGTH);
  } catch {
    return null;
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;
const CAMPAIGN = new Set(CAMPAIGN_QUERY_PARAMS);

export interface TrackingUserDataInput {
  url?: string | null;
  /** 'Website', or the syndication channel a lead came through. */
  source?: string | null;
  userAgent?: string | null;
  carId?: number | null;
  carDealershipId?: number | null;
  leadAttributes?: { visited_pages: readonly string[]; linked_query_params: Readonly<Record<string, string>> } | null;
}

/** The bounded user data of one event, from what the request and the lead say. */
export function trackingUserData(input: TrackingUserDataInput): TrackingUserData {
  const attributes = input.leadAttributes;
  const userAgent = input.userAgent?.replace(CONTROL_CHARACTERS, '').trim().slice(0, USER_AGENT_MAX_LENGTH);
  return TrackingUserDataSchema.parse({
    url: pagePath(input.url),
    source: input.source?.trim().slice(0, 100) || WEBSITE_LEAD_SOURCE,
    user_agent: userAgent || null,
    car_id: input.carId ?? null,
    car_dealership_id: input.carDealershipId ?? null,
    lead_attributes: attributes
      ? {
          visited_pages: attributes.visited_pages
            .slice(-TRACKED_VISITED_PAGES_MAX)
            .map(pagePath)
            .filter((page): page is string => page !== null),
          linked_query_params: Object.fromEntries(
            Object.entries(attributes.linked_query_params)
              .filter(([name]) => CAMPAIGN.has(name))
              .map(([name, value]) => [name, value.slice(0, QUERY_PARAM_VALUE_MAX_LENGTH)]),
          ),
        }
      : null,
  });
}
