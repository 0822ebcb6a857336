import { z } from 'zod';
import { EmailSchema } from '../leads/fields';
import { RANGE_FACETS, TERM_FACETS } from '../search/facets';
import { RangeTextSchema } from '../search/search-request';
import { SORT_VALUES } from '../search/sort-values';
import { safeRedirect } from '../accounts/safe-redirect';

/** Longest saved-search name; the default summary is cut to fit. */
export const MAX_SAVED_SEARCH_NAME = 100;
/** Saved searches one shopper may keep on a site. */
export const MAX_SAVED_SEARCHES_PER_SHOPPER = 50;
/** Values one facet of a saved search may hold (the search page offers far fewer). */
const MAX_FACET_VALUES = 50;

export const ALERT_CHANNELS = ['email', 'sms'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_FREQUENCIES = ['instant', 'digest'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/**
 * What a saved search remembers of the search page: its full filter state, sort and query (the
 * paging and facet lists are the page's, not the search's). The same facets and range syntax as the
 * search endpoint, so a saved search means exactly what the page showed.
 */
export const SavedSearchCriteriaSchema = z.strictObject({
  query: z.string().trim().max(200).optional(),
  sortBy: z.enum(SORT_VALUES).default('relevance'),
  filters: z.partialRecord(z.enum(TERM_FACETS), z.array(z.string().min(1).max(255)).max(MAX_FACET_VALUES)).default({}),
  ranges: z.partialRecord(z.enum(RANGE_FACETS), RangeTextSchema.pipe(z.string().max(64))).default({}),
});
export type SavedSearchCriteria = z.output<typeof SavedSearchCriteriaSchema>;
export type SavedSearchCriteriaInput = z.input<typeof SavedSearchCriteriaSchema>;

const SAME_SITE_PATH = 'page_path must be a path on this site';
/** The search page's address (path and query) the alert links back to. */
export const SearchPagePathSchema = z
  .string({ error: SAME_SITE_PATH })
  .min(1, SAME_SITE_PATH)
  .max(2000, 'page_path is too long')
  .refine((path) => safeRedirect(path, '') === path, SAME_SITE_PATH);

/**
 * The channels a shopper ticked, each one an explicit consent (nothing is ticked for them): none
 * saves a search without alerts.
 */
const ChannelsSchema = z
  .array(z.enum(ALERT_CHANNELS, { error: "channels are 'email' and 'sms'" }))
  .max(2)
  .transform((channels) => [...new Set(channels)].sort() as AlertChannel[]);
/** Following a car is asking for its alerts: at least one channel. */
const FollowChannelsSchema = z
  .array(z.enum(ALERT_CHANNELS, { error: "channels are 'email' and 'sms'" }))
  .min(1, 'Tick SMS, email or both to get alerts of this car')
  .max(2)
  .transform((channels) => [...new Set(channels)].sort() as AlertChannel[]);

const NameSchema = z
  .string()
  .trim()
  .min(1, 'Please give the search a name')
  .max(MAX_SAVED_SEARCH_NAME, `A name is at most ${MAX_SAVED_SEARCH_NAME} characters`);

const emailNeeded = (body: { channels?: AlertChannel[]; email?: string }) =>
  !body.channels?.includes('email') || body.email !== undefined;
const EMAIL_NEEDED = { path: ['email'], message: 'Please enter an email address for email alerts' };

/** POST a saved search: the criteria, where they came from, and how the shopper wants to hear (no channel: no alerts). */
export const SaveSearchBodySchema = z
  .strictObject({
    name: NameSchema.optional(),
    criteria: SavedSearchCriteriaSchema,
    page_path: SearchPagePathSchema,
    channels: ChannelsSchema.default([]),
    frequency: z.enum(ALERT_FREQUENCIES, { error: "frequency is 'instant' or 'digest'" }).default('instant'),
    email: EmailSchema.pipe(z.string().max(254)).optional(),
  })
  .refine(emailNeeded, EMAIL_NEEDED);
export type SaveSearchBody = z.output<typeof SaveSearchBodySchema>;

/**
 * PATCH a saved search: rename, or change how alerts arrive. `channels` are the channels consented
 * to from now on (a new one is a consent given on the watchlist, a dropped one withdrawn; [] stops
 * every alert); `paused: true` is the same as `channels: []`.
 */
export const UpdateSavedSearchBodySchema = z
  .strictObject({
    name: NameSchema.optional(),
    paused: z.literal(true, { error: 'paused can only be true: to turn alerts on, tick channels' }).optional(),
    channels: ChannelsSchema.optional(),
    frequency: z.enum(ALERT_FREQUENCIES).optional(),
    email: EmailSchema.pipe(z.string().max(254)).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateSavedSearchBody = z.output<typeof UpdateSavedSearchBodySchema>;

/** POST a follow: a car's price drops, reservation and sale, by the channels ticked (each a consent). */
export const FollowCarBodySchema = z
  .strictObject({
    car_id: z.coerce
      .number({ error: 'car_id must be a car id' })
      .int('car_id must be a car id')
      .positive('car_id must be a car id')
      .max(2_147_483_647, 'car_id must be a car id'),
    channels: FollowChannelsSchema,
    frequency: z.enum(ALERT_FREQUENCIES, { error: "frequency is 'instant' or 'digest'" }).default('instant'),
    email: EmailSchema.pipe(z.string().max(254)).optional(),
    /** Where the shopper ticked the boxes: kept with the consent. */
    source: z
      .enum(['vehicle_page', 'watchlist'], { error: "source is 'vehicle_page' or 'watchlist'" })
      .default('vehicle_page'),
  })
  .refine(emailNeeded, EMAIL_NEEDED);
export type FollowCarBody = z.output<typeof FollowCarBodySchema>;
