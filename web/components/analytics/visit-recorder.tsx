'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { recordPageView } from '@/lib/leads/visit-trail';

/**
 * Adds every page a shopper views, full loads and client-side navigations alike, to the visit trail
 * a lead reports (userData lead_attributes). Reads the address after render, so the page itself
 * stays server-rendered and cacheable.
 */
export function VisitRecorder() {
  const pathname = usePathname();
  useEffect(() => {
    recordPageView(window.location.pathname, window.location.search);
  }, [pathname]);
  return null;
}
