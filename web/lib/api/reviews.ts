import { ReviewsSummarySchema, type ReviewsSummary } from '@platform/domain';
import { apiGet, segment } from './client';

/**
 * A location's rating, review count and newest Google reviews (as many as the site shows).
 * Reviews are secondary on a location page: when the API cannot answer, the page still renders,
 * with the rating it already has and no list.
 */
export async function getLocationReviews(siteSlug: string, locationId: number): Promise<ReviewsSummary | null> {
  try {
    return await apiGet(`/api/sites/${segment(siteSlug)}/locations/${locationId}/reviews`, ReviewsSummarySchema, {
      cache: 'no-store',
    });
  } catch (error) {
    console.warn(`[locations] reviews of location ${locationId} unavailable: ${(error as Error).message}`); // eslint-disable-line no-console
    return null;
  }
}
