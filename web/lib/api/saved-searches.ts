import { z } from 'zod';
import { apiGet, apiPost, segment } from './client';
import { sessionCookieHeader } from './session';

/** A live consent to alerts: the channel, the words the shopper ticked, and when. */
export const ConsentSchema = z.object({
  channel: z.string(),
  wording: z.string(),
  granted_at: z.iso.datetime({ offset: true }),
});
export type Consent = z.infer<typeof ConsentSchema>;

/** GET /api/sites/{slug}/saved-searches: the signed-in shopper's saved searches with new matches since their last visit. */
export const SavedSearchesSchema = z.object({
  saved_searches: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      page_path: z.string(),
      channels: z.array(z.string()),
      frequency: z.string(),
      paused: z.boolean(),
      has_email: z.boolean(),
      new_matches: z.number().int(),
      consents: z.array(ConsentSchema).default([]),
      created_at: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type SavedSearchesList = z.infer<typeof SavedSearchesSchema>;
export type SavedSearchSummary = SavedSearchesList['saved_searches'][number];

const withSession = (token: string) => ({
  cache: 'no-store' as const,
  headers: { cookie: sessionCookieHeader(token) ?? '' },
});

export function getSavedSearches(slug: string, token: string): Promise<SavedSearchesList> {
  return apiGet(`/api/sites/${segment(slug)}/saved-searches`, SavedSearchesSchema, withSession(token));
}

/** The shopper has now seen the counts: the next visit counts from here. */
export function markSavedSearchesSeen(slug: string, token: string): Promise<unknown> {
  return apiPost(
    `/api/sites/${segment(slug)}/saved-searches/seen`,
    {},
    z.object({ seen: z.literal(true) }),
    withSession(token),
  );
}
