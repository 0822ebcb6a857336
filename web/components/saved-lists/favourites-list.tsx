'use client';

import Link from 'next/link';
import { isAvailable, priceDisplay, SOLD_HEADING } from '@platform/domain';
import { FAVOURITES } from '@/lib/storage/saved-lists';
import { useListedHits } from '@/lib/storage/use-listed-hits';
import { useSavedList } from '@/lib/storage/use-saved-list';
import { useHydrated } from './hydrated';
import styles from './saved-lists.module.css';
import { firstPhotoSrc } from '@/lib/media/car-photo';
import { photoSrc } from '@platform/domain';

const LIST_IMAGE_WIDTH = 480;

export interface SavedListPageProps {
  siteSlug: string;
  noPriceText: string;
  subscriptionEnabled: boolean;
  searchHref: string;
}

/**
 * The shopper's favourites, newest first, as stored in this browser (the favourite entry of spec
 * 000: name, slug, photo), with today's price or status read from the site's search. A car the
 * site no longer shows stays listed, saying so, until the shopper removes it.
 */
export function FavouritesList({ siteSlug, noPriceText, subscriptionEnabled, searchHref }: SavedListPageProps) {
  const hydrated = useHydrated();
  const { entries, remove } = useSavedList(FAVOURITES);
  const hits = useListedHits(
    siteSlug,
    entries.map((entry) => entry.id),
  );
  if (!hydrated) return null;
  if (entries.length === 0)
    return (
      <div className={styles.empty}>
        <p>You have no favourites yet.</p>
        <p>Tap the heart on a car to keep it here, in this browser.</p>
        <Link href={searchHref} className="button button-primary" prefetch={false}>
          Browse our stock
        </Link>
      </div>
    );
  return (
    <ul className={styles.list} aria-label="Favourite cars">
      {entries.map((entry) => {
        const hit = hits.state === 'ready' ? hits.byId.get(entry.id) : undefined;
        // Today's stored photo, else the one saved with the entry; never a dealer's address.
        const image =
          (hit ? firstPhotoSrc(hit, LIST_IMAGE_WIDTH) : null) ??
          photoSrc(entry.primary_image_url, null, LIST_IMAGE_WIDTH);
        return (
          <li key={entry.id} className={styles.item}>
            {image ? (
              <img src={image} alt="" className={styles.image} width={240} height={180} loading="lazy" />
            ) : (
              <div className={styles.image} aria-hidden="true" />
            )}
            <div className={styles.details}>
              <h2 className={styles.title}>
                <Link href={`/cars/${encodeURIComponent(entry.slug)}`} prefetch={false}>
                  {entry.name}
                </Link>
              </h2>
              {hit ? (
                isAvailable(hit) ? (
                  <p className={styles.price}>{priceDisplay(hit, { noPriceText, subscriptionEnabled }).text}</p>
                ) : (
                  <p className={styles.sold}>{SOLD_HEADING}</p>
                )
              ) : (
                hits.state === 'ready' && <p className={styles.muted}>No longer listed</p>
              )}
            </div>
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Remove ${entry.name}`}
              onClick={() => remove(String(entry.id))}
            >
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}
