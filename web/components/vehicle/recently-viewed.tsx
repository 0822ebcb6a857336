'use client';

import { useEffect, useMemo, useState } from 'react';
import { isAvailable, priceDisplay, SOLD_HEADING, type SearchHit } from '@platform/domain';
import { postJson } from '@/lib/api/browser';
import { addToList, RECENTLY_VIEWED, type ViewedCar } from '@/lib/storage/saved-lists';
import { readSavedList, useSavedList, writeSavedList } from '@/lib/storage/use-saved-list';
import styles from './recently-viewed.module.css';
import { firstPhotoSrc } from '@/lib/media/car-photo';

/** Cars the strip shows; the list itself keeps RECENTLY_VIEWED_LIMIT. */
export const RECENTLY_VIEWED_SHOWN = 6;

export interface RecentlyViewedProps {
  siteSlug: string;
  /** The car of this page: recorded as viewed (spec 000 'Viewed-car record') and left out of the strip. */
  current?: ViewedCar;
  noPriceText: string;
  subscriptionEnabled: boolean;
}

/**
 * The shopper's recently viewed cars, newest first, from the viewed-car records in local storage.
 * The cars are read from the site's search, so price and status are today's and a car no longer
 * shown is left out; with nothing to show the strip renders nothing.
 */
export function RecentlyViewed({ siteSlug, current, noPriceText, subscriptionEnabled }: RecentlyViewedProps) {
  const { entries } = useSavedList(RECENTLY_VIEWED);
  const [hits, setHits] = useState<SearchHit[]>([]);

  useEffect(() => {
    if (current) writeSavedList(RECENTLY_VIEWED, addToList(RECENTLY_VIEWED, readSavedList(RECENTLY_VIEWED), current));
  }, [current]);

  // A text key, so a new list with the same cars (every storage event) fetches nothing again.
  const currentId = current?.id;
  const key = useMemo(
    () =>
      entries
        .map((entry) => entry.id)
        .filter((id) => id !== currentId)
        .slice(0, RECENTLY_VIEWED_SHOWN)
        .join(','),
    [entries, currentId],
  );

  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : [];
    if (ids.length === 0) {
      setHits([]);
      return;
    }
    let cancelled = false;
    void postJson<{ hits: SearchHit[] }>(`/api/sites/${encodeURIComponent(siteSlug)}/search/hits`, {
      ids,
      limit: ids.length,
    }).then((outcome) => {
      if (cancelled) return;
      if (!outcome.ok) {
        console.warn(`[recently viewed] not loaded: ${outcome.message}`); // eslint-disable-line no-console
        return;
      }
      const byId = new Map(outcome.data.hits.map((hit) => [hit.id, hit]));
      setHits(ids.flatMap((id) => byId.get(id) ?? []));
    });
    return () => {
      cancelled = true;
    };
  }, [key, siteSlug]);

  if (hits.length === 0) return null;
  return (
    <section className={styles.strip} aria-labelledby="recently-viewed-title">
      <h2 id="recently-viewed-title">Recently Viewed</h2>
      <ul className={styles.list}>
        {hits.map((hit) => {
          const image = firstPhotoSrc(hit, 320);
          return (
            <li key={hit.id} className={styles.item}>
              <a href={`/cars/${hit.slug}`} className={styles.link}>
                {image ? (
                  <img className={styles.image} src={image} alt="" loading="lazy" />
                ) : (
                  <span className={styles.image} aria-hidden="true" />
                )}
                <span className={styles.name}>{hit.name}</span>
                <span className={styles.price}>
                  {isAvailable(hit) ? priceDisplay(hit, { noPriceText, subscriptionEnabled }).text : SOLD_HEADING}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
