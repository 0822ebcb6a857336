'use client';

import { useCallback, useRef } from 'react';
import { ANALYTICS_EVENTS } from '@platform/domain';
import { trackEvent } from './track-event';

/**
 * Event 26 on a calculator's first use (spec 001 §7: 'First interaction fires one analytics event
 * (id 26), once only'): each calculator (finance, fuel, delivery) calls the returned function on every
 * input; only the first call of the page's life reports.
 */
export function useFirstUseEvent(siteSlug: string, carId?: number): () => void {
  const used = useRef(false);
  return useCallback(() => {
    if (used.current) return;
    used.current = true;
    void trackEvent(siteSlug, ANALYTICS_EVENTS.calculatorFirstUse, carId === undefined ? {} : { car_id: carId });
  }, [siteSlug, carId]);
}
