'use client';

import { useEffect, useState } from 'react';
import type { SearchHit } from '@platform/domain';
import { postJson } from '@/lib/api/browser';

export type ListedHits =
  { state: 'loading' } | { state: 'ready'; byId: ReadonlyMap<number, SearchHit> } | { state: 'failed' };

/**
 * Today's search hits of the cars a list in the browser names (through the site's search/hits, as
 * the Recently Viewed strip reads them): price and status are current, and a car no longer shown
 * has no hit. A failed read is logged and reported, so the page can still show what it stored.
 */
export function useListedHits(siteSlug: string, ids: readonly number[]): ListedHits {
  const key = ids.join(',');
  const [hits, setHits] = useState<ListedHits>({ state: 'loading' });
  useEffect(() => {
    const wanted = key ? key.split(',').map(Number) : [];
    if (wanted.length === 0) {
      setHits({ state: 'ready', byId: new Map() });
      return;
    }
    let cancelled = false;
    void postJson<{ hits: SearchHit[] }>(`/api/sites/${encodeURIComponent(siteSlug)}/search/hits`, {
      ids: wanted,
      limit: wanted.length,
    }).then((outcome) => {
      if (cancelled) return;
      if (!outcome.ok) {
        console.warn(`[saved cars] not loaded: ${outcome.message}`); // eslint-disable-line no-console
        setHits({ state: 'failed' });
        return;
      }
      setHits({ state: 'ready', byId: new Map(outcome.data.hits.map((hit) => [hit.id, hit])) });
    });
    return () => {
      cancelled = true;
    };
  }, [key, siteSlug]);
  return hits;
}
