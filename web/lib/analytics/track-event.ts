import type { AnalyticsEventId } from '@platform/domain';
import { postJson } from '@/lib/api/browser';

// Only a type comes from the domain: components that report events (phone reveal, calculators,
// watchlist) do not load the zod lead schemas with it.

/**
 * Reports an analytics event; failures are warned about in the browser console (spec 001 §9:
 * 'caught and warned') and never reach the shopper.
 */
export async function trackEvent(
  siteSlug: string,
  eventId: AnalyticsEventId,
  extra: { car_id?: number } = {},
): Promise<void> {
  try {
    const outcome = await postJson(`/api/sites/${encodeURIComponent(siteSlug)}/events`, {
      event_id: eventId,
      url: window.location.pathname,
      ...extra,
    });
    if (!outcome.ok) console.warn(`analytics event ${eventId} was not recorded: ${outcome.message}`); // eslint-disable-line no-console
  } catch (error) {
    console.warn(`analytics event ${eventId} was not recorded:`, error); // eslint-disable-line no-console
  }
}
