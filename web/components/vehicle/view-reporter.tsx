'use client';

import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';

export interface ViewReporterProps {
  carSlug: string;
  websiteId: number;
  photosCount: number | null;
  updatedAt: string | null;
}

/**
 * Counts the page view (spec 000 §7, GET /api/cars/{slug}/view.json, counted by the car-views queue)
 * and, when the API says this copy of the page is older than the car (a tab restored from the
 * back-forward cache, say), refreshes it so the shopper never acts on a stale price or status.
 * Renders nothing; a failed report is logged only.
 */
export function ViewReporter({ carSlug, websiteId, photosCount, updatedAt }: ViewReporterProps) {
  const router = useRouter();
  const reported = useRef(false);

  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    const query = new URLSearchParams({ website_id: String(websiteId) });
    if (photosCount !== null) query.set('photos_count', String(photosCount));
    if (updatedAt) query.set('updated_at', updatedAt);
    fetch(`/api/cars/${encodeURIComponent(carSlug)}/view.json?${query}`, { cache: 'no-store' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as { car_fields?: Record<string, unknown> };
        if (body.car_fields && Object.keys(body.car_fields).length > 0) router.refresh();
      })
      .catch((error: unknown) => console.warn('[vehicle] view not recorded:', error)); // eslint-disable-line no-console
  }, [carSlug, websiteId, photosCount, updatedAt, router]);

  return null;
}
