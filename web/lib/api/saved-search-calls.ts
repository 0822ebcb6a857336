import { sendJson, type ApiOutcome } from './browser';

/** Browser calls for saved searches and followed cars (same-origin; the proxy forwards them with the session). */
const base = (siteSlug: string) => `/api/sites/${encodeURIComponent(siteSlug)}`;

export interface SaveSearchInput {
  name?: string;
  criteria: unknown;
  page_path: string;
  channels: ('email' | 'sms')[];
  frequency: 'instant' | 'digest';
  email?: string;
}

export const saveSearch = (siteSlug: string, body: SaveSearchInput): Promise<ApiOutcome<unknown>> =>
  sendJson('POST', `${base(siteSlug)}/saved-searches`, body);

export const updateSavedSearch = (
  siteSlug: string,
  id: string,
  body: { name?: string; channels?: ('email' | 'sms')[]; email?: string },
): Promise<ApiOutcome<unknown>> =>
  sendJson('PATCH', `${base(siteSlug)}/saved-searches/${encodeURIComponent(id)}`, body);

export const deleteSavedSearch = (siteSlug: string, id: string): Promise<ApiOutcome<unknown>> =>
  sendJson('DELETE', `${base(siteSlug)}/saved-searches/${encodeURIComponent(id)}`, undefined);

export interface FollowInput {
  car_id: number;
  channels: ('email' | 'sms')[];
  email?: string;
  source: 'vehicle_page' | 'watchlist';
}

export const followCar = (siteSlug: string, body: FollowInput): Promise<ApiOutcome<unknown>> =>
  sendJson('POST', `${base(siteSlug)}/follows`, body);

export const unfollowCar = (
  siteSlug: string,
  carId: number,
  source: 'vehicle_page' | 'watchlist',
): Promise<ApiOutcome<unknown>> => sendJson('DELETE', `${base(siteSlug)}/follows/${carId}?source=${source}`, undefined);
