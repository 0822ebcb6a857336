'use client';

import { useEffect } from 'react';
import {
  ANALYTICS_EVENT_ATTRIBUTE,
  ANALYTICS_EVENT_IDS,
  ANALYTICS_EVENTS,
  type AnalyticsEventId,
} from '@platform/domain';
import { trackEvent } from '@/lib/analytics/track-event';

const TRACKED = `a[href^="tel:"], [${ANALYTICS_EVENT_ATTRIBUTE}]`;

/** The event a clicked element reports: its attribute's id when it is one of the specifications', else 25 for a call link. */
function eventOf(element: Element): AnalyticsEventId | null {
  const named = Number(element.getAttribute(ANALYTICS_EVENT_ATTRIBUTE));
  if ((ANALYTICS_EVENT_IDS as readonly number[]).includes(named)) return named as AnalyticsEventId;
  return element.matches('a[href^="tel:"]') ? ANALYTICS_EVENTS.callClick : null;
}

/**
 * The click events of a site (spec 000 'Analytics events'): event 25 on every call link, and the
 * event an element names in data-analytics-event (phone reveal, share, print, trade-in, reserve).
 * One listener for the page instead of a handler on each element, so links drawn on the server and
 * ones added later count too. An element about a car says which with data-car-id. Enter on a
 * focused link or button fires click too, so keyboard use counts.
 */
export function ClickTracker({ siteSlug }: { siteSlug: string }) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const element = event.target instanceof Element ? event.target.closest(TRACKED) : null;
      const eventId = element ? eventOf(element) : null;
      if (!element || eventId === null) return;
      const carId = Number(element.getAttribute('data-car-id'));
      void trackEvent(siteSlug, eventId, Number.isSafeInteger(carId) && carId > 0 ? { car_id: carId } : {});
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [siteSlug]);
  return null;
}
