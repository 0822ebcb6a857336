'use client';

import { useEffect } from 'react';
import { ANALYTICS_EVENTS } from '@platform/domain';
import { trackEvent } from '@/lib/analytics/track-event';

/**
 * Event 25 on every call link of a site (spec 000 'Analytics events'): one listener for the page
 * instead of a handler on each tel: link, so a phone number drawn anywhere (vehicle page, bottom bar,
 * locations, home) is counted, including ones added later. A link about a car says which with
 * data-car-id. Enter on a focused link fires click too, so keyboard calls count.
 */
export function CallTracker({ siteSlug }: { siteSlug: string }) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="tel:"]') : null;
      if (!link) return;
      const carId = Number(link.getAttribute('data-car-id'));
      void trackEvent(
        siteSlug,
        ANALYTICS_EVENTS.callClick,
        Number.isSafeInteger(carId) && carId > 0 ? { car_id: carId } : {},
      );
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [siteSlug]);
  return null;
}
